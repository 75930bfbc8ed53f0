/**
 * `npm run bench:load`: how many requests per second the stack serves, and what each costs, as a
 * company grows (issue 17).
 *
 * Starts the local cloud in this process as `npm start` does (the local DynamoDB on a thread of its
 * own), creates one company (bench-support.ts) and seeds, for each size, that many tickets in bulk: every
 * item the product writes for one, built by the product's builders (ticket with its list-index
 * attributes and row copies (ticket-rows.ts rowCopiesFor), uuid and number pointers, contact-name
 * entries (name-index.ts nameEntryItems), the ids of the contact's earlier tickets, the contact's
 * open-ticket slot, the contact with its number item, a few messages and their word-index entries with
 * the ticket's copy and the ticket's word marks (word-index.ts wordIndexItems)), many BatchWriteItem calls in flight. Message texts are
 * drawn from a vocabulary; SEARCH_WORD is in about 1% of the tickets, and about a sixth of the contacts'
 * names start with SEARCH_PREFIX, so both searches have something realistic to find.
 *
 * Then, with the stack kept up, each scenario (the open and pending lists as an admin with showAll, as
 * the web app asks them; the searches: a word, its second page, the same word as an agent of one of the
 * two queues, two words (also as that agent), a contact-name prefix, a ticket number `#N`; the first page of a conversation
 * longer than a page, and of a ticket of a few messages, which reads on through the contact's earlier
 * tickets) is driven by autocannon from a child process (bench-load-client.ts) with `--connections`
 * clients: a `--warmup` of that many seconds tells the rate, then, once the server has finished what the
 * warm-up left in flight, as many requests as that rate serves in `--duration` seconds are sent and all
 * their answers awaited, so the measured window holds exactly the work of the requests it counts. Printed per scenario: requests/s,
 * p50 and p99 latency, the CPU the serving process spent per request by thread (/proc: the main
 * thread is the backend, the busiest other one the local DynamoDB), DynamoDB calls per request
 * (counted by a middleware on the backend's shared client), and the sequential DynamoDB steps of one
 * request sent alone. Targets are printed beside the figures, never asserted. The machine's other
 * load shows in every figure (its load average is printed): compare runs made alike.
 *
 * Options: --sizes 1000,100000 --duration 10 --connections 10 --warmup 2 --messages-per-ticket 3
 * --writes-in-flight 24 --data-dir <dir> (keeps the seeded data; a later run with the same folder
 * seeds only what is missing and measures again).
 */
import './quiet-sdk-notice';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { dynamo } from '../functions/core/aws/clients';
import { buildNameIndex } from '../functions/core/migrations/build-name-index';
import { buildWordMarks } from '../functions/core/migrations/build-word-marks';
import { contactItem, uniqueContactNumberItem, type Contact } from '../functions/core/repositories/contacts';
import { lastMessageText, messageItem, parseMessageId } from '../functions/core/repositories/messages';
import { putTicketNumberAction } from '../functions/core/repositories/ticket-numbers';
import { EARLIER_TICKETS_KEPT } from '../functions/core/repositories/contact-tickets';
import { openTicketItem, ticketItem, ticketUuidItem, type Ticket } from '../functions/core/repositories/tickets';
import { nameEntryItems } from '../functions/core/repositories/name-index';
import { wordIndexItems } from '../functions/core/repositories/word-index';
import { startLocalCloud, type LocalCloud } from '../infra/local/cloud';
import { againstTarget, cpuTicksOfStat, renderTable, sequentialSteps, splitThreads, type CallSpan, type ThreadSplit } from './bench-figures';
import type { TicketStatus } from '../shared/tickets';
import type { ClientMessage, GoOrder, LoadFigures, LoadOrder } from './bench-load-client';
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
  type BenchAccounts,
  type BenchRowSources,
  type WriteRequest,
} from './bench-support';

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'messages-per-ticket': { type: 'string', default: '3' },
    'writes-in-flight': { type: 'string', default: '24' },
    'data-dir': { type: 'string' },
  },
});
const SIZES = options.sizes
  .split(',')
  .map(Number)
  .filter((size) => Number.isInteger(size) && size > 0)
  .sort((a, b) => a - b);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const WARMUP = Number(options.warmup);
const MESSAGES_PER_TICKET = Math.max(1, Number(options['messages-per-ticket']));
const WRITES_IN_FLIGHT = Math.max(1, Number(options['writes-in-flight']));

/** In about 1% of the tickets' messages, and in no other text. */
const SEARCH_WORD = 'reembolso';
/** A word of the vocabulary: with SEARCH_WORD, both words of a search. */
const SECOND_WORD = 'pedido';
/** The start of about a sixth of the contacts' names (Maria, Mariana, Marcos, Marcelo, Márcia). */
const SEARCH_PREFIX = 'Mar';
/** Tickets per contact: a contact comes back now and then. */
const TICKETS_PER_CONTACT = 4;
/** Tickets generated (and written) at a time. */
const SEED_CHUNK = 2000;

// ---- the targets of issue 17 -------------------------------------------------------------------------

interface Target {
  readonly atLeast?: number;
  readonly atMost?: number;
}

/** What a scenario's request names: the newest open ticket of a few messages, and the long conversation. */
interface Subject {
  readonly ticketId: string;
  readonly ticketNumber: number;
  /** The long conversation's ticket. */
  readonly longTicketId: string;
}

interface Scenario {
  readonly name: string;
  /** The path and query, as the web app sends it. */
  readonly path: (subject: Subject) => string;
  /** Who asks: the admin (default), or the agent of the first queue only. */
  readonly as?: 'admin' | 'queueAgent';
  readonly perSecond?: Target;
  readonly cpuMs?: Target;
}

const LIST_CPU_MS: Target = { atMost: 6 };
const STEPS: Target = { atMost: 2 };
const SEARCH: Target = { atLeast: 120 };
const search = (term: string) => `/tickets?searchParam=${encodeURIComponent(term)}`;
const SCENARIOS: readonly Scenario[] = [
  { name: 'open list', path: () => '/tickets?status=open&showAll=true', perSecond: { atLeast: 250 }, cpuMs: LIST_CPU_MS },
  { name: 'pending list', path: () => '/tickets?status=pending&showAll=true', cpuMs: LIST_CPU_MS },
  { name: `search '${SEARCH_WORD}'`, path: () => `${search(SEARCH_WORD)}&showAll=true`, perSecond: SEARCH },
  { name: `search '${SEARCH_WORD}' page 2`, path: () => `${search(SEARCH_WORD)}&showAll=true&pageNumber=2`, perSecond: SEARCH },
  { name: `search '${SEARCH_WORD}', agent of 1 queue`, path: () => search(SEARCH_WORD), as: 'queueAgent', perSecond: SEARCH },
  { name: `search '${SEARCH_WORD} ${SECOND_WORD}'`, path: () => `${search(`${SEARCH_WORD} ${SECOND_WORD}`)}&showAll=true`, perSecond: SEARCH },
  { name: `search '${SEARCH_WORD} ${SECOND_WORD}', agent of 1 queue`, path: () => search(`${SEARCH_WORD} ${SECOND_WORD}`), as: 'queueAgent', perSecond: SEARCH },
  { name: `search '${SEARCH_PREFIX}'`, path: () => `${search(SEARCH_PREFIX)}&showAll=true`, perSecond: SEARCH },
  { name: "search '#N'", path: ({ ticketNumber }) => `${search(`#${ticketNumber}`)}&showAll=true`, perSecond: SEARCH },
  { name: 'messages page', path: ({ longTicketId }) => `/messages/${longTicketId}`, perSecond: { atLeast: 330 } },
  { name: 'messages page, short tickets', path: ({ ticketId }) => `/messages/${ticketId}`, perSecond: { atLeast: 330 } },
];

// ---- DynamoDB calls: counted, timed, and captured while seeding --------------------------------------

let callCount = 0;
/** Calls sent and not answered yet, and when the last one was sent or answered: whether the server is idle. */
let callsInFlight = 0;
let lastCallActivity = 0;
/** The spans of the calls while one request is measured alone; undefined otherwise. */
let spans: CallSpan[] | undefined;

/**
 * On the backend's shared DynamoDB client (the handlers run in this process): counts every call and,
 * while one request is measured, when each was sent and answered.
 */
function watchDynamo(): void {
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      callCount += 1;
      callsInFlight += 1;
      const start = performance.now();
      lastCallActivity = start;
      try {
        return await next(args);
      } finally {
        callsInFlight -= 1;
        lastCallActivity = performance.now();
        spans?.push({ start, end: lastCallActivity });
      }
    },
    { step: 'initialize', name: 'benchLoadWatch' },
  );
}

// ---- what is seeded ------------------------------------------------------------------------------------

const FIRST_NAMES = [
  'Maria', 'Mariana', 'Marcos', 'Marcelo', 'Márcia', 'Ana', 'João', 'José', 'Paulo', 'Pedro', 'Lucas', 'Gabriel', 'Rafael', 'Fernanda',
  'Juliana', 'Patrícia', 'Aline', 'Bruno', 'Carlos', 'Daniel', 'Eduardo', 'Felipe', 'Gustavo', 'Helena', 'Igor', 'Larissa', 'Leandro',
  'Natália', 'Otávio', 'Renata',
];
const SURNAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro'];
const VOCABULARY = (
  'pedido entrega boleto pagamento fatura cartao pix prazo produto troca garantia nota fiscal endereco cadastro senha acesso ' +
  'aplicativo site compra carrinho desconto cupom frete rastreio transportadora atraso defeito assistencia tecnica manual ' +
  'instalacao visita agendamento horario atendente protocolo cancelamento assinatura plano mensalidade renovacao contrato ' +
  'documento comprovante estoque tamanho cor modelo orcamento loja retirada balcao devolucao'
).split(' ');
const OPENINGS = ['Olá', 'Bom dia', 'Boa tarde', 'Oi', 'Boa noite'];

/** A deterministic pseudo-random number from an integer (the same seed, the same texts on every run). */
const scramble = (seed: number) => {
  let value = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
};

const contactName = (index: number) => `${FIRST_NAMES[index % FIRST_NAMES.length]} ${SURNAMES[Math.floor(index / FIRST_NAMES.length) % SURNAMES.length]}`;
const contactNumber = (index: number) => `5511${String(900_000_000 + index)}`;

/** The text of a message: an opening and three words of the vocabulary; SEARCH_WORD in the first message of 1% of the tickets. */
function messageBody(ticketIndex: number, position: number): string {
  const pick = (salt: number) => VOCABULARY[scramble(ticketIndex * 31 + position * 7 + salt) % VOCABULARY.length];
  const words = [pick(1), pick(2), pick(3)];
  if (position === 0 && ticketIndex % 100 === 42) words[1] = SEARCH_WORD;
  return `${OPENINGS[scramble(ticketIndex + position) % OPENINGS.length]}, sobre ${words.join(' e ')}.`;
}

/** What a kept data folder remembers: the company, and how much of it is seeded. */
interface Manifest {
  readonly accounts: BenchAccounts;
  /** Time of ticket 0; ticket i is created i minutes later. */
  readonly start: number;
  readonly tickets: number;
  readonly contactIds: string[];
  /** The long conversation's ticket (seedLongConversation); absent until it is seeded. */
  readonly longTicketId?: string;
}

const put = (item: Record<string, unknown>): WriteRequest => ({ PutRequest: { Item: item } });

/** The `index`-th seeded contact, as stored (its id is the manifest's: a kept folder rebuilds it alike). */
function contactAt(manifest: Manifest, index: number): Contact {
  const contact = benchContact(manifest.accounts.company.companyId, contactName(index), contactNumber(index), new Date(manifest.start));
  return { ...contact, id: manifest.contactIds[index] ?? contact.id };
}

/** Contacts up to the count `size` tickets need, with their number items. */
async function seedContacts(manifest: Manifest, size: number): Promise<number> {
  const wanted = Math.floor(size / TICKETS_PER_CONTACT) + 1;
  const { companyId } = manifest.accounts.company;
  const requests: WriteRequest[] = [];
  for (let index = manifest.contactIds.length; index < wanted; index += 1) {
    const contact = contactAt(manifest, index);
    manifest.contactIds.push(contact.id);
    requests.push(put(contactItem(contact)), put(uniqueContactNumberItem(companyId, contact.number, contact.id)));
  }
  await writeInParallel(requests, WRITES_IN_FLIGHT);
  return requests.length;
}

/** What seeding remembers from one ticket to the next, within one run. */
interface SeedMemory {
  /** Contacts whose live ticket holds their slot. */
  readonly slots: Set<string>;
  /**
   * Each contact's tickets seeded so far, newest first: what insertTicket keeps on the next one
   * (Ticket.earlierTicketIds; tickets are seeded in creation order, each finished before the next).
   */
  readonly earlier: Map<string, string[]>;
  /** Contacts seeded by an earlier run of a kept folder: their history is not known, so not kept. */
  readonly unknownHistory: ReadonlySet<string>;
}

/**
 * Every item of the `index`-th ticket, as the product writes them: the ticket with its row copies,
 * pointers, slot, contact-name entries and earlier tickets (create-ticket.ts insertTicket), its
 * messages, their word entries carrying the ticket's copy and its word marks (wordIndexItems, as
 * indexWords builds them).
 */
async function ticketItems(manifest: Manifest, index: number, contactCount: number, memory: SeedMemory, sources: BenchRowSources): Promise<WriteRequest[]> {
  const shape = { contact: contactAt(manifest, index % contactCount), status: statusOf(index), messageCount: MESSAGES_PER_TICKET, number: index + 1 };
  return (await ticketItemsOf(manifest, index, shape, memory, sources)).requests;
}

interface TicketShape {
  readonly contact: Contact;
  readonly status: TicketStatus;
  readonly messageCount: number;
  readonly number: number;
}

async function ticketItemsOf(
  manifest: Manifest,
  index: number,
  { contact, status, messageCount, number }: TicketShape,
  memory: SeedMemory,
  sources: BenchRowSources,
): Promise<{ ticket: Ticket; requests: WriteRequest[] }> {
  const { company } = manifest.accounts;
  const base = await benchTicket(company, contact, index, status, manifest.start, sources);
  const messages = messagesOf(company, base, messageCount, (position) => messageBody(index, position));
  const last = messages.at(-1)!;
  const history = memory.earlier.get(contact.id) ?? [];
  const ticket: Ticket = {
    ...base,
    number,
    lastMessage: lastMessageText(last),
    previewMessageId: parseMessageId(last.id)?.messageUlid ?? null,
    unreadMessages: status === 'pending' ? 1 : 0,
    updatedAt: last.createdAt,
    attendanceId: null,
    tagsVersion: 0,
    ...(memory.unknownHistory.has(contact.id) ? {} : { earlierTicketIds: history }),
  };
  memory.earlier.set(contact.id, [ticket.id, ...history].slice(0, EARLIER_TICKETS_KEPT));
  const requests = [
    put(ticketItem(ticket)),
    put(ticketUuidItem(ticket)),
    put(putTicketNumberAction({ companyId: company.companyId, id: ticket.id, number }).Put!.Item!),
    ...nameEntryItems(ticket, contact.name).map(put),
  ];
  // One pending or open ticket per contact holds the contact's slot, as the product keeps it.
  if (status !== 'closed' && !memory.slots.has(contact.id)) {
    memory.slots.add(contact.id);
    requests.push(put(openTicketItem(ticket)));
  }
  requests.push(...messages.map((message) => put(messageItem(message))), ...wordIndexItems(ticket, messages).map(put));
  return { ticket, requests };
}

/** Messages of the long conversation: more than a page, so its first page is its own ticket's alone. */
const LONG_CONVERSATION = 30;

/**
 * One open ticket of a contact of its own with LONG_CONVERSATION messages, created when the largest size's
 * newest ticket is (a number no seeded ticket takes): the messages page as it is for a conversation
 * longer than a page. The other tickets have a few messages each, so their first page reads on through
 * the contact's earlier tickets.
 */
async function seedLongConversation(manifest: Manifest, sources: BenchRowSources): Promise<Manifest> {
  if (manifest.longTicketId) return manifest;
  const { companyId } = manifest.accounts.company;
  const contact = benchContact(companyId, 'Conversa Longa', '5511899999999', new Date(manifest.start));
  const index = SIZES.at(-1) ?? 0;
  const shape = { contact, status: 'open' as const, messageCount: LONG_CONVERSATION, number: 100_000_000 };
  const { ticket, requests } = await ticketItemsOf(manifest, index, shape, { slots: new Set(), earlier: new Map(), unknownHistory: new Set() }, sources);
  await writeInParallel([put(contactItem(contact)), put(uniqueContactNumberItem(companyId, contact.number, contact.id)), ...requests], WRITES_IN_FLIGHT);
  return { ...manifest, longTicketId: ticket.id };
}

async function seedTo(manifest: Manifest, size: number, memory: SeedMemory, sources: BenchRowSources): Promise<Manifest> {
  if (manifest.tickets >= size) return manifest;
  const began = performance.now();
  let items = await seedContacts(manifest, size);
  let buildMs = 0;
  const contactCount = manifest.contactIds.length;
  for (let first = manifest.tickets; first < size; first += SEED_CHUNK) {
    const requests: WriteRequest[] = [];
    const last = Math.min(size, first + SEED_CHUNK);
    const building = performance.now();
    for (let index = first; index < last; index += 1) requests.push(...(await ticketItems(manifest, index, contactCount, memory, sources)));
    buildMs += performance.now() - building;
    await writeInParallel(requests, WRITES_IN_FLIGHT);
    items += requests.length;
    // Every 10,000 tickets crossed, whatever the chunk's start.
    if (Math.floor(last / 10_000) > Math.floor(first / 10_000) || last === size) {
      const seconds = (performance.now() - began) / 1000;
      process.stdout.write(`  seeded ${last} tickets: ${items} items in ${seconds.toFixed(1)} s (${Math.round(items / seconds)} items/s)\n`);
    }
  }
  const seconds = (performance.now() - began) / 1000;
  process.stdout.write(
    `  seeding ${size - manifest.tickets} tickets took ${seconds.toFixed(1)} s: ${Math.round((size - manifest.tickets) / seconds)} tickets/s, ` +
      `${Math.round(items / seconds)} items/s (${WRITES_IN_FLIGHT} BatchWriteItem calls in flight; building the items took ${(buildMs / 1000).toFixed(1)} s of it)\n`,
  );
  return { ...manifest, tickets: size };
}

// ---- measuring -----------------------------------------------------------------------------------------

interface Measured {
  readonly scenario: Scenario;
  readonly status: number;
  readonly answered: number;
  readonly aloneCalls: number;
  readonly steps: number;
  readonly load: LoadFigures;
  /** CPU ms per request of the serving process, all threads. */
  readonly processCpuMs: number;
  /** The same, split by thread (Linux); undefined without /proc. */
  readonly threads: ThreadSplit | undefined;
  readonly callsPerRequest: number;
}

/** Linux counts thread CPU in ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

/** Every thread of this process and the CPU ticks it has used; undefined where there is no /proc. */
function threadTicks(): Map<string, number> | undefined {
  try {
    const ticks = new Map<string, number>();
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        ticks.set(tid, cpuTicksOfStat(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
      } catch {
        // The thread ended between the listing and the read: it no longer counts.
      }
    }
    return ticks;
  } catch {
    return undefined;
  }
}

function startClient(): ChildProcess {
  // The same loader (tsx) as this process, in a process of its own.
  const path = fileURLToPath(new URL('./bench-load-client.ts', import.meta.url));
  return fork(path, [], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** Quiet this long, the server has finished the requests a warm-up left behind (each calls DynamoDB often). */
const IDLE_MS = 500;
const IDLE_WAIT_LIMIT_MS = 15_000;

async function serverIdle(): Promise<void> {
  const giveUp = performance.now() + IDLE_WAIT_LIMIT_MS;
  while (performance.now() < giveUp && (callsInFlight > 0 || performance.now() - lastCallActivity < IDLE_MS)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs one load through the client: its warm-up, then, once the server is idle, `onMeasuring` and the
 * measured run, whose answer closes the window.
 */
function drive(client: ChildProcess, order: LoadOrder, onMeasuring: () => void): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const listen = (message: ClientMessage) => {
      if (message.kind === 'warmed') {
        void serverIdle().then(() => {
          onMeasuring();
          client.send({ kind: 'go' } satisfies GoOrder);
        });
        return;
      }
      client.off('message', listen);
      if (message.kind === 'figures') resolve(message.figures);
      else reject(new Error(`the load client failed: ${message.message}`));
    };
    client.on('message', listen);
    client.send(order);
  });
}

async function measureScenario(cloud: LocalCloud, client: ChildProcess, tokens: Record<'admin' | 'queueAgent', string>, scenario: Scenario, subject: Subject): Promise<Measured> {
  const path = scenario.path(subject);
  const token = tokens[scenario.as ?? 'admin'];
  const api = apiOf(cloud);
  // One request alone, after two that load the handler and fill whatever the process keeps.
  await api(path, token);
  await api(path, token);
  spans = [];
  const alone = await api(path, token);
  const aloneSpans = spans;
  spans = undefined;

  let window: { cpu: NodeJS.CpuUsage; threads: Map<string, number> | undefined; calls: number } | undefined;
  const load = await drive(
    client,
    { kind: 'load', url: `${cloud.config.apiUrl}${path}`, token, connections: CONNECTIONS, warmup: WARMUP, duration: DURATION },
    () => {
      window = { cpu: process.cpuUsage(), threads: threadTicks(), calls: callCount };
    },
  );
  if (!window) throw new Error('the load client never said it was measuring');
  const cpu = process.cpuUsage(window.cpu);
  const threadsAfter = threadTicks();
  const requests = Math.max(1, load.requests);
  const split = window.threads && threadsAfter ? splitThreads(window.threads, threadsAfter, String(process.pid)) : undefined;
  const perRequest = (ticks: number) => (ticks * MS_PER_TICK) / requests;
  return {
    scenario,
    status: alone.status,
    // GET /messages answers its page and the tickets it read through: the page is what is shown.
    answered: (alone.body.messages ?? alone.body.tickets ?? []).length,
    aloneCalls: aloneSpans.length,
    steps: sequentialSteps(aloneSpans),
    load,
    processCpuMs: (cpu.user + cpu.system) / 1000 / requests,
    threads: split && { main: perRequest(split.main), busiestOther: perRequest(split.busiestOther), rest: perRequest(split.rest) },
    callsPerRequest: (callCount - window.calls) / requests,
  };
}

function print(size: number, rows: readonly Measured[]): void {
  const header = [
    'scenario',
    'status',
    'answered',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU ms/req: backend',
    'DynamoDB thread',
    'other threads',
    'DynamoDB calls/req',
    'alone: calls',
    'alone: steps',
    'non-2xx/errors',
  ];
  const lines = rows.map((row) => [
    row.scenario.name,
    String(row.status),
    String(row.answered),
    againstTarget(row.load.requests / Math.max(1, row.load.seconds), 0, row.scenario.perSecond),
    String(row.load.p50),
    String(row.load.p99),
    // The target is on the backend's CPU (the main thread); without /proc, the whole process's.
    againstTarget(row.threads?.main ?? row.processCpuMs, 2, row.scenario.cpuMs),
    row.threads ? row.threads.busiestOther.toFixed(2) : '?',
    row.threads ? row.threads.rest.toFixed(2) : '?',
    row.callsPerRequest.toFixed(2),
    String(row.aloneCalls),
    againstTarget(row.steps, 0, STEPS),
    `${row.load.non2xx}/${row.load.errors}`,
  ]);
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  process.stdout.write(`\nAt ${size} tickets (${CONNECTIONS} connections, about ${DURATION} s after ${WARMUP} s of warm-up; machine load average ${load}):\n`);
  process.stdout.write(`${renderTable(header, lines)}\n`);
}

// ---- the run ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (SIZES.length === 0) throw new Error('--sizes names no size');
  const dataDir = options['data-dir'];
  const manifestPath = dataDir ? join(dataDir, 'bench-load.json') : undefined;
  const runBegan = performance.now();
  const cloud = await startLocalCloud({ ports: FREE_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0, dataDir, dynamoThread: true });
  const client = startClient();
  try {
    watchDynamo();
    const signIn = signInTo(cloud);
    let manifest: Manifest;
    if (manifestPath && existsSync(manifestPath)) {
      manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
      process.stdout.write(`Reusing the company of ${manifestPath}: ${manifest.tickets} tickets seeded\n`);
      // A folder seeded before the contact-name index gets its entries once, as `npm start` gives them.
      const indexed = await buildNameIndex(manifest.accounts.company.companyId);
      if (indexed > 0) process.stdout.write(`  contact-name index built for ${indexed} tickets seeded before it\n`);
      // Likewise the word marks of a folder seeded before them.
      const marked = await buildWordMarks(manifest.accounts.company.companyId);
      if (marked > 0) process.stdout.write(`  word marks written for ${marked} tickets seeded before them\n`);
    } else {
      const accounts = await createBenchCompany(cloud, signIn, apiOf(cloud));
      manifest = { accounts, start: Date.now() - (SIZES.at(-1) ?? 0) * 60_000, tickets: 0, contactIds: [] };
    }
    const token = await signIn(manifest.accounts.adminEmail);
    const tokens = { admin: token, queueAgent: await signIn(manifest.accounts.queueAgentEmail) };
    // A run that continues a kept folder starts afresh: an older ticket's slot may then be overwritten
    // by a newer one, which the lists never read, and the earlier runs' contacts keep no history.
    const memory: SeedMemory = { slots: new Set(), earlier: new Map(), unknownHistory: new Set(manifest.contactIds) };
    const sources = await loadRowSources(manifest.accounts.company);
    manifest = await seedLongConversation(manifest, sources);
    process.stdout.write(
      `Sizes ${SIZES.join(', ')}; ${MESSAGES_PER_TICKET} messages per ticket, ${TICKETS_PER_CONTACT} tickets per contact; ` +
        `searches: '${SEARCH_WORD}' (a word of ~1% of the tickets), '${SEARCH_WORD} ${SECOND_WORD}', '${SEARCH_PREFIX}' (the start of ~1/6 of the contacts' names), '#N'\n`,
    );
    for (const size of SIZES) {
      process.stdout.write(`\nSeeding up to ${size} tickets\n`);
      manifest = await seedTo(manifest, size, memory, sources);
      if (manifestPath) await writeFile(manifestPath, JSON.stringify(manifest));
      const newestOpen = await apiOf(cloud)('/tickets?status=open&showAll=true', token);
      // The newest open ticket other than the long conversation.
      const newest = ((newestOpen.body.tickets ?? []) as { id: string; number: number }[]).find((ticket) => ticket.id !== manifest.longTicketId);
      const subject: Subject = { ticketId: newest?.id ?? '', ticketNumber: newest?.number ?? 1, longTicketId: manifest.longTicketId ?? '' };
      const rows: Measured[] = [];
      for (const scenario of SCENARIOS) rows.push(await measureScenario(cloud, client, tokens, scenario, subject));
      print(size, rows);
    }
    process.stdout.write(
      '\nreq/s, p50 and p99: autocannon, in a process of its own. CPU ms/req: the serving process\'s CPU over the measured\n' +
        'window (/proc, per thread) divided by the requests answered: backend = the main thread (gateway, handlers, SDK);\n' +
        'DynamoDB thread = the busiest other thread, the local DynamoDB\'s; other threads = the rest (GC, libuv pool).\n' +
        'DynamoDB calls/req: every call of the backend\'s client in the window / requests. alone: one request sent by\n' +
        'itself; steps are its DynamoDB calls grouped by overlap in time (calls sent together are one step). Targets are\n' +
        'printed, not asserted; this machine\'s other load shows in every figure: compare runs made alike.\n',
    );
    process.stdout.write(`The run took ${Math.round((performance.now() - runBegan) / 1000)} s.\n`);
  } finally {
    client.disconnect();
    client.kill();
    await cloud.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
