/**
 * `npm run bench:tickets`: how much the ticket list and the conversation read as a company grows.
 *
 * Starts the local cloud in this process (DynamoDB in memory unless --data-dir is given), creates one
 * company with an admin and an agent of two queues, then seeds tickets (10% pending, 10% open, 80%
 * closed, alternating queues) with their messages, written in bulk with BatchWriteItem. At each
 * checkpoint it calls, through the HTTP API as the browser does, the first page of GET /tickets for each
 * status (as the admin with showAll: one GSI1 partition; as the agent: two GSI2 partitions merged) and
 * GET /messages/{id} of the newest ticket of each status (a conversation of LONG_CONVERSATION messages
 * seeded at each checkpoint), and prints what every request read: DynamoDB
 * calls, items returned, items evaluated and the consumed read capacity each Query, GetItem and
 * BatchGetItem reports (dynalite computes it from item sizes, as DynamoDB does). The figures should stay
 * flat from checkpoint to checkpoint. Nothing is asserted; wall-clock times are shown for information.
 * Then the meter's table per ticket-list view (bench-meter.ts), over the six list requests: bytes,
 * estimated request units (beside dynalite's), the HTTP module's invocations and time.
 *
 * Options: --tickets 100000 --messages-per-ticket 10 --checkpoints 1000,10000,100000 --data-dir <dir>
 * The full run (1.1 million items) takes a long time on the local stand-in; smaller numbers show the
 * same shape.
 */
import './quiet-sdk-notice';
import { parseArgs } from 'node:util';
import { dynamo } from '../functions/core/aws/clients';
import { contactItem, type Contact } from '../functions/core/repositories/contacts';
import { messageItem } from '../functions/core/repositories/messages';
import { ticketItem, type Ticket } from '../functions/core/repositories/tickets';
import { loadFunctionHandler, startLocalCloud } from '../infra/local/cloud';
import type { TicketStatus } from '../shared/tickets';
import {
  apiOf,
  benchContact,
  benchTicket,
  createBenchCompany,
  FREE_PORTS,
  loadRowSources,
  messagesOf,
  signInTo,
  statusOf,
  writeInParallel,
  type BenchCompany,
  type BenchRowSources,
  type WriteRequest,
} from './bench-support';
import { addSnapshots, createBenchMeter, renderMeter, type MeterSnapshot } from './bench-meter';

const { values: options } = parseArgs({
  options: {
    tickets: { type: 'string', default: '100000' },
    'messages-per-ticket': { type: 'string', default: '10' },
    checkpoints: { type: 'string', default: '1000,10000,100000' },
    'data-dir': { type: 'string' },
  },
});
const TOTAL = Number(options.tickets);
const MESSAGES_PER_TICKET = Number(options['messages-per-ticket']);
const CHECKPOINTS = options.checkpoints
  .split(',')
  .map(Number)
  .filter((count) => count > 0 && count <= TOTAL);
const CONTACTS = 2000;
const WRITES_IN_FLIGHT = 4;
/** Messages of the conversation GET /messages is measured on: more than one page (20). */
const LONG_CONVERSATION = 50;

// ---- what each request reads ---------------------------------------------------------------------------

interface ReadTally {
  calls: Record<string, number>;
  /** Items the Queries returned and evaluated (before filters), and the capacity they consumed. */
  queryItems: number;
  queryEvaluated: number;
  queryCapacity: number;
  /** Every read of the request: Queries, GetItem (the session), BatchGetItem (the page's contacts, queues, tags). */
  items: number;
  capacity: number;
}

const emptyTally = (): ReadTally => ({ calls: {}, queryItems: 0, queryEvaluated: 0, queryCapacity: 0, items: 0, capacity: 0 });
let tally = emptyTally();
const meter = createBenchMeter();

/** Every DynamoDB call of this process (the handlers run in it) reports its consumed capacity here. */
function measureReads(): void {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      const reading = ['QueryCommand', 'GetItemCommand', 'BatchGetItemCommand'].includes(command);
      if (reading) (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (reading) {
        const output = result.output as Record<string, unknown>;
        tally.calls[command] = (tally.calls[command] ?? 0) + 1;
        const consumed = output.ConsumedCapacity;
        let capacity = 0;
        for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
          capacity += (entry as { CapacityUnits?: number }).CapacityUnits ?? 0;
        }
        tally.capacity += capacity;
        if (command === 'QueryCommand') {
          tally.queryItems += Number(output.Count ?? 0);
          tally.queryEvaluated += Number(output.ScannedCount ?? 0);
          tally.queryCapacity += capacity;
          tally.items += Number(output.Count ?? 0);
        } else if (command === 'GetItemCommand') {
          tally.items += output.Item ? 1 : 0;
        } else {
          tally.items += Object.values((output.Responses ?? {}) as Record<string, unknown[]>).reduce((sum, list) => sum + list.length, 0);
        }
      }
      return result;
    },
    { step: 'initialize', name: 'benchReadTally' },
  );
}

// ---- seeding --------------------------------------------------------------------------------------------

const write = (requests: readonly WriteRequest[]) => writeInParallel(requests, WRITES_IN_FLIGHT);

async function seedContacts(companyId: string, at: Date): Promise<Contact[]> {
  const contacts = Array.from({ length: CONTACTS }, (_, index) => benchContact(companyId, `Cliente ${index}`, `5511${String(900_000_000 + index)}`, at));
  await write(contacts.map((contact) => ({ PutRequest: { Item: contactItem(contact) } })));
  return contacts;
}

/** What the seeded tickets are made of: the company, its contacts, and the sources of the row copies. */
interface Seeding {
  readonly company: BenchCompany;
  readonly contacts: readonly Contact[];
  readonly sources: BenchRowSources;
}

const ticketOf = ({ company, contacts, sources }: Seeding, index: number, status: TicketStatus, start: number) =>
  benchTicket(company, contacts[index % contacts.length] as Contact, index, status, start, sources);

const itemsOf = (company: BenchCompany, ticket: Ticket, messages: number) => [
  { PutRequest: { Item: ticketItem(ticket) } },
  ...messagesOf(company, ticket, messages, (position) => `Mensagem ${position + 1} do atendimento ${ticket.id}`).map((message) => ({
    PutRequest: { Item: messageItem(message) },
  })),
];

/** Tickets `from` to `to` (exclusive), each a minute newer than the one before, with their messages. */
async function seedTickets(seeding: Seeding, from: number, to: number, start: number): Promise<void> {
  const CHUNK = 500;
  for (let first = from; first < to; first += CHUNK) {
    const requests: WriteRequest[] = [];
    for (let index = first; index < Math.min(to, first + CHUNK); index += 1) {
      requests.push(...itemsOf(seeding.company, await ticketOf(seeding, index, statusOf(index), start), MESSAGES_PER_TICKET));
    }
    await write(requests);
    const done = Math.min(to, first + CHUNK);
    if (done % 5000 === 0 || done === to) process.stdout.write(`  seeded ${done} tickets, ${done * MESSAGES_PER_TICKET} messages\n`);
  }
}

/**
 * One long conversation per status, newest of its list, so that GET /messages shows a full page: its
 * ticket is what the list's first page starts with.
 */
async function seedLongConversations(seeding: Seeding, after: number, start: number): Promise<void> {
  const tickets = await Promise.all((['pending', 'open', 'closed'] as const).map((status, offset) => ticketOf(seeding, after + offset, status, start)));
  const requests = tickets.flatMap((ticket) => itemsOf(seeding.company, ticket, LONG_CONVERSATION));
  await write(requests);
}

// ---- measuring ------------------------------------------------------------------------------------------

interface Row {
  readonly request: string;
  readonly answered: number;
  readonly status: number;
  readonly ms: number;
  readonly tally: ReadTally;
  readonly metered: MeterSnapshot;
}

async function measure(request: string, call: () => Promise<{ status: number; answered: number }>): Promise<Row> {
  tally = emptyTally();
  meter.reset();
  const started = performance.now();
  const { status, answered } = await call();
  return { request, status, answered, ms: Math.round(performance.now() - started), tally, metered: meter.snapshot() };
}

function print(rows: readonly Row[]): void {
  const header = ['request', 'status', 'answered', 'Queries', 'Query items', 'Query evaluated', 'Query units', 'GetItem', 'BatchGet', 'all items', 'all units', 'ms'];
  const lines = rows.map((row) => [
    row.request,
    String(row.status),
    String(row.answered),
    String(row.tally.calls.QueryCommand ?? 0),
    String(row.tally.queryItems),
    String(row.tally.queryEvaluated),
    row.tally.queryCapacity.toFixed(1),
    String(row.tally.calls.GetItemCommand ?? 0),
    String(row.tally.calls.BatchGetItemCommand ?? 0),
    String(row.tally.items),
    row.tally.capacity.toFixed(1),
    String(row.ms),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  for (const line of [header, ...lines]) process.stdout.write(`  ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}\n`);
}

async function main(): Promise<void> {
  const cloud = await startLocalCloud({
    ports: FREE_PORTS,
    logLevel: 'silent',
    ttlSweepIntervalMs: 0,
    dataDir: options['data-dir'],
    loadHandler: meter.timedLoader(loadFunctionHandler),
  });
  try {
    measureReads();
    meter.watch(dynamo());
    const signIn = signInTo(cloud);
    const api = apiOf(cloud);
    const { company: bench, adminEmail, agentEmail } = await createBenchCompany(cloud, signIn, api);
    const adminToken = await signIn(adminEmail);
    const agentToken = await signIn(agentEmail);

    process.stdout.write(`Seeding ${CONTACTS} contacts, then up to ${TOTAL} tickets with ${MESSAGES_PER_TICKET} messages each (checkpoints ${CHECKPOINTS.join(', ')})\n`);
    const seeding: Seeding = { company: bench, contacts: await seedContacts(bench.companyId, new Date()), sources: await loadRowSources(bench) };
    const start = Date.now() - TOTAL * 60_000;
    let seeded = 0;
    for (const checkpoint of CHECKPOINTS) {
      const began = performance.now();
      await seedTickets(seeding, seeded, checkpoint, start);
      await seedLongConversations(seeding, checkpoint, start + 30_000);
      process.stdout.write(`  (seeding took ${Math.round((performance.now() - began) / 1000)} s)\n`);
      seeded = checkpoint;

      const rows: Row[] = [];
      for (const status of ['pending', 'open', 'closed'] as const) {
        let newest = '';
        rows.push(
          await measure(`GET /tickets?status=${status}&showAll=true (admin)`, async () => {
            const page = await api(`/tickets?status=${status}&showAll=true`, adminToken);
            newest = String(page.body.tickets?.[0]?.id ?? '');
            return { status: page.status, answered: page.body.tickets?.length ?? 0 };
          }),
        );
        rows.push(
          await measure(`GET /tickets?status=${status} (agent, 2 queues)`, async () => {
            const page = await api(`/tickets?status=${status}`, agentToken);
            return { status: page.status, answered: page.body.tickets?.length ?? 0 };
          }),
        );
        rows.push(
          await measure(`GET /messages/{newest ${status}}`, async () => {
            const page = await api(`/messages/${newest}`, adminToken);
            return { status: page.status, answered: page.body.messages?.length ?? 0 };
          }),
        );
      }
      process.stdout.write(`\nAt ${checkpoint} tickets and ${checkpoint * MESSAGES_PER_TICKET} messages:\n`);
      print(rows);
      const views = rows.filter((row) => row.request.startsWith('GET /tickets'));
      process.stdout.write(`\n${renderMeter(addSnapshots(...views.map((row) => row.metered)), { unit: 'ticket-list view (the first pages above)', units: views.length })}\n\n`);
    }
    process.stdout.write(
      'Query columns: the list (or conversation) Queries; "evaluated" is what DynamoDB read before filters.\n' +
        '"all": every read of the request, with the session (identity, user, company, plan: GetItem) and the\n' +
        'page\'s contacts, queues and tags (BatchGetItem). Read units as dynalite reports them (ReturnConsumedCapacity).\n',
    );
  } finally {
    await cloud.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
