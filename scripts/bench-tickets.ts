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
 *
 * Options: --tickets 100000 --messages-per-ticket 10 --checkpoints 1000,10000,100000 --data-dir <dir>
 * The full run (1.1 million items) takes a long time on the local stand-in; smaller numbers show the
 * same shape.
 */
import './quiet-sdk-notice';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { parseArgs } from 'node:util';
import { monotonicFactory } from 'ulid';
import { dynamo } from '../functions/core/aws/clients';
import { contactItem, type Contact } from '../functions/core/repositories/contacts';
import { messageIdOf, messageItem, type StoredMessage } from '../functions/core/repositories/messages';
import { batchWriteAll } from '../functions/core/repositories/table';
import { ticketItem, type Ticket } from '../functions/core/repositories/tickets';
import { newTicket } from '../functions/core/conversations/create-ticket';
import { createCompany } from '../functions/core/companies/create-company';
import { startLocalCloud } from '../infra/local/cloud';
import { ALL_FEATURES, type Plan } from '../shared/plans';
import { planItem } from '../functions/core/repositories/plans';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TicketStatus } from '../shared/tickets';

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
const PASSWORD = 'Bench@1234';
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

const nextUlid = monotonicFactory();
const statusOf = (index: number): TicketStatus => (index % 10 === 0 ? 'pending' : index % 10 === 1 ? 'open' : 'closed');

async function writeInParallel(requests: Parameters<typeof batchWriteAll>[0]): Promise<void> {
  const slice = Math.ceil(requests.length / WRITES_IN_FLIGHT);
  await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, (_, part) => batchWriteAll(requests.slice(part * slice, (part + 1) * slice))));
}

interface Company {
  readonly companyId: string;
  readonly queues: readonly [string, string];
  readonly adminId: string;
  readonly adminName: string;
}

async function seedContacts(companyId: string, at: Date): Promise<string[]> {
  const contacts: Contact[] = Array.from({ length: CONTACTS }, (_, index) => ({
    id: nextUlid(),
    companyId,
    name: `Cliente ${index}`,
    number: `5511${String(900_000_000 + index)}`,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  }));
  await writeInParallel(contacts.map((contact) => ({ PutRequest: { Item: contactItem(contact) } })));
  return contacts.map((contact) => contact.id);
}

/** A ticket of the seeded shape: the `index`-th, a minute newer than the one before. */
function benchTicket(company: Company, contactIds: readonly string[], index: number, status: TicketStatus, start: number): Ticket {
  const attended = status !== 'pending';
  const created = newTicket(
    {
      companyId: company.companyId,
      status: attended ? 'open' : 'pending',
      contact: { id: contactIds[index % contactIds.length] as string, isGroup: false },
      user: attended ? { id: company.adminId, name: company.adminName } : null,
      // Every status alternates between the two queues, ten tickets at a time.
      queueId: company.queues[Math.floor(index / 10) % 2] as string,
      whatsappId: null,
    },
    new Date(start + index * 60_000),
  );
  // Closed ones are stored as closed straight away: the bench reads lists, it does not close tickets.
  return { ...created, id: nextUlid(), status, lastMessage: 'Mensagem' };
}

function messagesOf(company: Company, ticket: Ticket, count: number): StoredMessage[] {
  return Array.from({ length: count }, (_, position) => ({
    id: messageIdOf(ticket.id, nextUlid()),
    companyId: company.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    body: `Mensagem ${position + 1} do atendimento ${ticket.id}`,
    fromMe: position % 2 === 1,
    mediaType: 'chat',
    mediaKey: null,
    mediaName: null,
    mediaContentType: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    ack: 3,
    read: true,
    bot: false,
    userId: position % 2 === 1 ? company.adminId : null,
    whatsappMessageId: null,
    createdAt: ticket.createdAt,
    updatedAt: ticket.createdAt,
  }));
}

const itemsOf = (company: Company, ticket: Ticket, messages: number) => [
  { PutRequest: { Item: ticketItem(ticket) } },
  ...messagesOf(company, ticket, messages).map((message) => ({ PutRequest: { Item: messageItem(message) } })),
];

/** Tickets `from` to `to` (exclusive), each a minute newer than the one before, with their messages. */
async function seedTickets(company: Company, contactIds: readonly string[], from: number, to: number, start: number): Promise<void> {
  const CHUNK = 500;
  for (let first = from; first < to; first += CHUNK) {
    const requests: Parameters<typeof batchWriteAll>[0][number][] = [];
    for (let index = first; index < Math.min(to, first + CHUNK); index += 1) {
      requests.push(...itemsOf(company, benchTicket(company, contactIds, index, statusOf(index), start), MESSAGES_PER_TICKET));
    }
    await writeInParallel(requests);
    const done = Math.min(to, first + CHUNK);
    if (done % 5000 === 0 || done === to) process.stdout.write(`  seeded ${done} tickets, ${done * MESSAGES_PER_TICKET} messages\n`);
  }
}

/**
 * One long conversation per status, newest of its list, so that GET /messages shows a full page: its
 * ticket is what the list's first page starts with.
 */
async function seedLongConversations(company: Company, contactIds: readonly string[], after: number, start: number): Promise<void> {
  const requests = (['pending', 'open', 'closed'] as const).flatMap((status, offset) =>
    itemsOf(company, benchTicket(company, contactIds, after + offset, status, start), LONG_CONVERSATION),
  );
  await writeInParallel(requests);
}

// ---- measuring ------------------------------------------------------------------------------------------

interface Row {
  readonly request: string;
  readonly answered: number;
  readonly status: number;
  readonly ms: number;
  readonly tally: ReadTally;
}

async function measure(request: string, call: () => Promise<{ status: number; answered: number }>): Promise<Row> {
  tally = emptyTally();
  const started = performance.now();
  const { status, answered } = await call();
  return { request, status, answered, ms: Math.round(performance.now() - started), tally };
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
  const ports = { web: 0, http: 0, ws: 0, dynamodb: 0, s3: 0, sqs: 0, cognito: 0, scheduler: 0 };
  const cloud = await startLocalCloud({ ports, logLevel: 'silent', ttlSweepIntervalMs: 0, dataDir: options['data-dir'] });
  try {
    measureReads();
    const plan: Plan = { id: nextUlid(), name: 'Bench', users: 10, connections: 5, queues: 10, value: 0, ...ALL_FEATURES };
    await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: planItem(plan) }));
    const email = `bench.${Date.now()}@bench.test`;
    const { company, admin } = await createCompany({
      company: { name: 'Bench', email, phone: '', planId: plan.id, dueDate: '2999-12-31', recurrence: 'MENSAL', status: true },
      admin: { name: 'Bench Admin', email, password: PASSWORD, super: false },
      firstQueue: { name: 'Atendimento', color: '#0f766e' },
    });
    const cognito = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
    const signIn = async (login: string) =>
      (
        await cognito.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: cloud.config.userPoolClientId,
            AuthParameters: { USERNAME: login, PASSWORD: PASSWORD },
          }),
        )
      ).AuthenticationResult?.AccessToken ?? '';
    const adminToken = await signIn(email);
    const api = async (path: string, token: string, init: { method?: string; body?: unknown } = {}) => {
      const response = await fetch(`${cloud.config.apiUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      // `any`: the bench reads a few fields of answers it printed and did not type.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bench reads the API's JSON as it comes
      return { status: response.status, body: await response.json().catch((): any => ({})) };
    };
    const second = await api('/queue', adminToken, { method: 'POST', body: { name: 'Financeiro', color: '#b91c1c', greetingMessage: 'Olá' } });
    const queues = [admin.queueIds[0] as string, String(second.body.id)] as const;
    const agentEmail = `agent.${Date.now()}@bench.test`;
    const agent = await api('/users', adminToken, { method: 'POST', body: { name: 'Bench Agent', email: agentEmail, password: PASSWORD, profile: 'user', queueIds: [...queues] } });
    if (agent.status !== 201) throw new Error(`POST /users answered ${agent.status}`);
    const agentToken = await signIn(agentEmail);
    const bench: Company = { companyId: company.id, queues, adminId: admin.id, adminName: admin.name };

    process.stdout.write(`Seeding ${CONTACTS} contacts, then up to ${TOTAL} tickets with ${MESSAGES_PER_TICKET} messages each (checkpoints ${CHECKPOINTS.join(', ')})\n`);
    const contactIds = await seedContacts(company.id, new Date());
    const start = Date.now() - TOTAL * 60_000;
    let seeded = 0;
    for (const checkpoint of CHECKPOINTS) {
      const began = performance.now();
      await seedTickets(bench, contactIds, seeded, checkpoint, start);
      await seedLongConversations(bench, contactIds, checkpoint, start + 30_000);
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
      process.stdout.write('\n');
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
