/**
 * The word index of message text (docs/architecture.md §5): for each message, its normalised words (accents and
 * case folded, short and stop words dropped, at most MAX_WORDS_PER_MESSAGE) each get an item in the
 * partition of the word, sorted by time then ticket. A search for a word reads that partition newest
 * first, so its cost is what it finds, never the tenant's size.
 *
 * Each entry also carries a copy of what the ticket search excludes by: the ticket's queue, its user and
 * its creation time (`WordHitTicket`), written with the message and again when the ticket takes another
 * queue or user (conversations/refresh-word-copies.ts). The search uses them as a first cut, to read
 * only the tickets of the page it shows (conversations/search-tickets.ts says why status and updatedAt
 * are not copied, and how a stale copy is never trusted to show a ticket). Entries written before the
 * copy was kept carry none.
 *
 * Exact words only (no prefixes): 'pedido' finds 'Pedido' and 'pédido', not 'pedidos'. Entries have no
 * TTL and are not removed with their ticket: a reader drops the ids of tickets that no longer exist.
 * The same ticket appears once per message using the word; a page is deduplicated, pages among
 * themselves are not (the reader keeps what it has shown).
 *
 * Word marks: besides its entries, a ticket has one mark per word it uses, in its own partition
 * (keys.ticketWord: `WORD#<word>`, with the time of the newest use its writer knew), so "does ticket T use
 * word W" is one read by key. They are written with the entries (same writers, same best effort), deleted
 * with the ticket's partition, and given to tickets stored before them by a one-off backfill
 * (migrations/build-word-marks.ts).
 *
 * Several words (findTicketsByAllWords): the newest entries of each word are read in parallel; the word
 * used least (a list read to its end, else the one whose page reaches furthest back in time) drives: its
 * tickets, newest use first, are the candidates, and each is checked for the other words by their marks.
 * A ticket using all the words is found when its newest use of the driving word is among that word's
 * newest ALL_WORDS_DEPTH entries; exactly when that word has fewer uses.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { foldForSearch } from '../../../shared/text';
import { dynamo } from '../aws/clients';
import { AppError } from '../errors';
import { keys, type Key } from './keys';
import { batchGetAll, batchWriteAll, prefixQueryInput, table } from './table';
import type { TransactItem } from './transaction';
import type { Ticket } from './tickets';

export const MIN_WORD_LENGTH = 3;
/** Longer "words" (links, ids, base64) are cut: an index key stays small, and a prefix still matches. */
export const MAX_WORD_LENGTH = 40;
export const MAX_WORDS_PER_MESSAGE = 20;

/** Frequent words of Portuguese, Spanish and English that would match nearly every ticket. */
const STOP_WORDS = new Set(
  (
    'que para com uma por mais como mas foi ele ela eles elas das dos nas nos num numa tem ter seu sua seus suas ' +
    'nao sim isso isto esta este esse essa estao sao ser voce voces muito tambem quando onde qual quais pelo pela ' +
    'pelos pelas entre depois sem mesmo aos meu minha meus minhas mim tua teu lhe eram era sou vou vai ate ainda ' +
    'aqui ali bem tudo todo toda todos todas uns umas del los las una con pero muy esta estos esas ese eso hay ' +
    'the and for you are was with this that have not but from they them there their what your will can its'
  ).split(' '),
);

/** The words of a text the index keeps, in order of first appearance, each once. */
export function indexableWords(text: string): string[] {
  const words = new Set<string>();
  for (const raw of foldForSearch(text).split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < MIN_WORD_LENGTH || STOP_WORDS.has(raw)) continue;
    words.add(raw.slice(0, MAX_WORD_LENGTH));
    if (words.size === MAX_WORDS_PER_MESSAGE) break;
  }
  return [...words];
}

/** The index term of a search word, or undefined when such a word is never indexed. */
export function searchableWord(word: string): string | undefined {
  const [first] = indexableWords(word);
  return first;
}

const entrySortKey = (at: string, ticketId: string) => `${at}#${ticketId}`;

/** What an entry keeps of its ticket, as it was when the word was written. */
export type WordHitTicket = Pick<Ticket, 'queueId' | 'userId' | 'createdAt'>;

/**
 * The copy of its ticket an entry carries, as stored: the same attributes in the word index and the
 * contact-name index (name-index.ts), written by `entryCopy` and read back by `copyOfEntry`.
 */
export const entryCopy = (ticket: WordHitTicket) => ({ queueId: ticket.queueId, userId: ticket.userId, ticketCreatedAt: ticket.createdAt });

/** The attributes of `entryCopy`, for a Query's projection. */
export const ENTRY_COPY_ATTRIBUTES = 'queueId, userId, ticketCreatedAt';

/** The copy an entry item carries; undefined for entries written before copies were kept. */
export function copyOfEntry(item: Record<string, unknown>): WordHitTicket | undefined {
  if (typeof item.ticketCreatedAt !== 'string') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { queueId: text(item.queueId), userId: text(item.userId), createdAt: item.ticketCreatedAt };
}

/** The entries of a message's words: the ticket (as it is now) wrote `text` at `at` (ISO time). */
export function wordEntryItems(ticket: Pick<Ticket, 'companyId' | 'id'> & WordHitTicket, text: string, at: string | Date): Record<string, unknown>[] {
  const time = typeof at === 'string' ? at : at.toISOString();
  return indexableWords(text).map((word) => ({
    ...keys.wordEntry(ticket.companyId, word, entrySortKey(time, ticket.id)),
    entity: 'wordEntry',
    ticketId: ticket.id,
    at: time,
    ...entryCopy(ticket),
  }));
}

/** A message as the index reads it: its text and when it was written (ISO time). */
export interface IndexedText {
  readonly body: string;
  readonly createdAt: string | Date;
}

/**
 * The ticket's marks of the words of `messages`: one per word (a BatchWriteItem refuses two requests of
 * one key), with the newest time the word was used among them.
 */
export function wordMarkItems(ticket: Pick<Ticket, 'companyId' | 'id'>, messages: readonly IndexedText[]): Record<string, unknown>[] {
  const newest = new Map<string, string>();
  for (const message of messages) {
    const time = typeof message.createdAt === 'string' ? message.createdAt : message.createdAt.toISOString();
    for (const word of indexableWords(message.body)) {
      const known = newest.get(word);
      if (known === undefined || known < time) newest.set(word, time);
    }
  }
  return [...newest].map(([word, at]) => ({ ...keys.ticketWord(ticket.companyId, ticket.id, word), entity: 'ticketWord', ticketId: ticket.id, word, at }));
}

/**
 * Every item the index keeps for the messages of the ticket (as it is now): their entries and the ticket's
 * marks. An entry's key is (word, time, ticket), so two messages of the ticket written at the same instant
 * (WhatsApp stamps inbound messages to the second; a burst shares it) give one word the same entry twice:
 * the same item, kept once, since a BatchWriteItem with two requests of one key is refused whole.
 */
export function wordIndexItems(ticket: Pick<Ticket, 'companyId' | 'id'> & WordHitTicket, messages: readonly IndexedText[]): Record<string, unknown>[] {
  const entries = new Map<string, Record<string, unknown>>();
  for (const message of messages) {
    for (const entry of wordEntryItems(ticket, message.body, message.createdAt)) entries.set(`${String(entry.PK)}\n${String(entry.SK)}`, entry);
  }
  return [...entries.values(), ...wordMarkItems(ticket, messages)];
}

/** Indexes the words of a message of the ticket (as it is now), written at `at`. */
export async function indexWords(ticket: Pick<Ticket, 'companyId' | 'id'> & WordHitTicket, text: string, at: string | Date): Promise<void> {
  await indexMessagesWords(ticket, [{ body: text, createdAt: at }]);
}

/** Indexes (again) the words of several messages of the ticket, with the ticket as it is now. */
export async function indexMessagesWords(ticket: Pick<Ticket, 'companyId' | 'id'> & WordHitTicket, messages: readonly IndexedText[]): Promise<void> {
  await batchWriteAll(wordIndexItems(ticket, messages).map((Item) => ({ PutRequest: { Item } })));
}

/**
 * Writes only the ticket's marks of the words of `messages` (the backfill of tickets stored before marks;
 * their entries exist).
 */
export async function putWordMarks(tickets: readonly { readonly ticket: Pick<Ticket, 'companyId' | 'id'>; readonly messages: readonly IndexedText[] }[]): Promise<void> {
  await batchWriteAll(tickets.flatMap(({ ticket, messages }) => wordMarkItems(ticket, messages).map((Item) => ({ PutRequest: { Item } }))));
}

/** Keys a BatchGetItem takes at most (DynamoDB's limit). */
const MARKS_PER_CALL = 100;

/**
 * Which of the (ticket, word) pairs have a mark: the answer holds `pairKey(ticketId, word)` of each. One
 * BatchGetItem per 100 pairs, all sent at once, reading the keys only.
 */
export async function findWordMarks(companyId: string, pairs: readonly { readonly ticketId: string; readonly word: string }[]): Promise<Set<string>> {
  const byKey = new Map<string, string>();
  for (const { ticketId, word } of pairs) {
    const key = keys.ticketWord(companyId, ticketId, word);
    byKey.set(`${key.PK}\n${key.SK}`, pairKey(ticketId, word));
  }
  const all: Key[] = [...byKey.keys()].map((joined) => {
    const [PK = '', SK = ''] = joined.split('\n');
    return { PK, SK };
  });
  const chunks: Key[][] = [];
  for (let start = 0; start < all.length; start += MARKS_PER_CALL) chunks.push(all.slice(start, start + MARKS_PER_CALL));
  const found = (await Promise.all(chunks.map((chunk) => batchGetAll(chunk, { projection: 'PK, SK' })))).flat();
  return new Set(found.flatMap((item) => byKey.get(`${String(item.PK)}\n${String(item.SK)}`) ?? []));
}

/** How findWordMarks names a pair. */
export const pairKey = (ticketId: string, word: string): string => `${ticketId}\n${word}`;

/** The version of the marks a company's backfill wrote; bump it to write them again. */
export const WORD_MARKS_VERSION = 1;

const wordMarksMarkItem = (companyId: string, at: Date) => ({
  ...keys.wordMarksMark(companyId),
  entity: 'wordMarksMark',
  version: WORD_MARKS_VERSION,
  builtAt: at.toISOString(),
});

/** Whether the company's tickets stored before word marks got theirs (the backfill's mark). */
export async function areWordMarksBuilt(companyId: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.wordMarksMark(companyId), ConsistentRead: true }));
  return Item !== undefined && Number(Item.version) >= WORD_MARKS_VERSION;
}

export async function markWordMarksBuilt(companyId: string, at: Date): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: wordMarksMarkItem(companyId, at) }));
}

/** The mark, in a new company's creation transaction: with no ticket yet, every ticket will have its marks. */
export const markWordMarksBuiltAction = (companyId: string, at: Date): TransactItem => ({
  Put: { TableName: table(), Item: wordMarksMarkItem(companyId, at) },
});

/** One ticket using a word, as its newest entry of that word tells it. */
export interface WordHit {
  readonly ticketId: string;
  /** `<at>#<ticketId>`: when the ticket last used the word; the search orders by it. */
  readonly orderKey: string;
  /** The ticket when it last used the word; undefined for entries written before it was kept. */
  readonly ticket?: WordHitTicket;
}

export interface WordHitsPage {
  /** Newest use of the word first, each ticket once (its newest entry). */
  readonly hits: WordHit[];
  /** Continues after this page; null when nothing older is left. */
  readonly cursor: string | null;
}

/** Items read per Query while collecting distinct tickets: a ticket uses a word in several messages. */
const READ_BATCH = 100;

function hitOf(item: Record<string, unknown>): WordHit {
  const hit = { ticketId: String(item.ticketId), orderKey: String(item.SK) };
  const ticket = copyOfEntry(item);
  return ticket ? { ...hit, ticket } : hit;
}

/**
 * Tickets whose messages use `word` (normalised like the index), newest first, at most `limit` of
 * them, reading on until that many distinct tickets are found or at most `limit * 10` entries are read.
 */
export async function findTicketsByWord(companyId: string, word: string, limit: number, cursor?: string): Promise<WordHitsPage> {
  const term = searchableWord(word);
  if (!term || limit < 1) return { hits: [], cursor: null };
  const prefix = keys.wordPrefix(companyId, term);
  let startAfter = cursor === undefined ? undefined : decodeCursor(cursor);
  const hits = new Map<string, WordHit>();
  let budget = limit * 10;
  let exhausted = false;
  while (hits.size < limit && budget > 0 && !exhausted) {
    const { Items = [], LastEvaluatedKey } = await dynamo().send(
      new QueryCommand({
        ...prefixQueryInput(prefix),
        ScanIndexForward: false,
        Limit: Math.min(READ_BATCH, budget),
        ProjectionExpression: `SK, ticketId, ${ENTRY_COPY_ATTRIBUTES}`,
        ...(startAfter ? { ExclusiveStartKey: { PK: prefix.PK, SK: startAfter } } : {}),
      }),
    );
    for (const item of Items) {
      budget -= 1;
      startAfter = String(item.SK);
      const ticketId = String(item.ticketId);
      if (!hits.has(ticketId)) hits.set(ticketId, hitOf(item));
      if (hits.size === limit) break;
    }
    exhausted = !LastEvaluatedKey && (Items.length === 0 || startAfter === String(Items.at(-1)?.SK));
  }
  return { hits: [...hits.values()], cursor: exhausted || !startAfter ? null : Buffer.from(startAfter).toString('base64url') };
}

const ENTRY_SORT_KEY = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9A-Za-z_-]{1,64}$/;

function decodeCursor(cursor: string): string {
  const sortKey = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!ENTRY_SORT_KEY.test(sortKey)) throw new AppError('ERR_VALIDATION', { message: 'Invalid cursor', fields: [{ path: 'cursor', message: 'Invalid cursor' }] });
  return sortKey;
}

/** Entries of each word read first, all words at once: enough to tell the driving word, and often its whole answer. */
export const FIRST_PAGE = 200;
/** Entries of the driving word read at most per further Query: an entry is ~150-250 bytes, a page stays far under 1 MB. */
export const ALL_WORDS_PAGE = 1000;
/** Entries of the driving word read at most (FIRST_PAGE, then ALL_WORDS_PAGE at a time). */
export const ALL_WORDS_DEPTH = 4000;

/** One word's partition as read so far, newest first. */
interface WordReading {
  readonly word: string;
  readonly prefix: ReturnType<typeof keys.wordPrefix>;
  /** Each ticket once, with its newest entry of the word, newest first (the order read). */
  readonly hits: Map<string, WordHit>;
  /** The sort key of the oldest entry read: the next page starts after it. */
  startAfter?: string;
  read: number;
  /** Every entry of the word is read: its tickets are all of them. */
  exhausted: boolean;
}

async function readOn(reading: WordReading, limit: number): Promise<void> {
  const { Items = [], LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      ...prefixQueryInput(reading.prefix),
      ScanIndexForward: false,
      Limit: limit,
      ProjectionExpression: `SK, ticketId, ${ENTRY_COPY_ATTRIBUTES}`,
      ...(reading.startAfter ? { ExclusiveStartKey: { PK: reading.prefix.PK, SK: reading.startAfter } } : {}),
    }),
  );
  for (const item of Items) {
    const ticketId = String(item.ticketId);
    if (!reading.hits.has(ticketId)) reading.hits.set(ticketId, hitOf(item));
  }
  reading.read += Items.length;
  reading.startAfter = Items.length > 0 ? String(Items.at(-1)?.SK) : reading.startAfter;
  reading.exhausted = !LastEvaluatedKey;
}

/**
 * The word whose tickets are the candidates: a list read to its end (the fewest tickets of those), else
 * the one whose read entries reach furthest back, the fewest uses per unit of time (ties: the fewest
 * tickets). Its list is the shortest way to every ticket that uses all the words.
 */
function drivingWord(readings: readonly WordReading[]): WordReading | undefined {
  const byTickets = (a: WordReading, b: WordReading) => a.hits.size - b.hits.size;
  const exhausted = readings.filter((reading) => reading.exhausted).sort(byTickets);
  if (exhausted[0]) return exhausted[0];
  const oldestRead = (reading: WordReading) => reading.startAfter ?? '';
  return [...readings].sort((a, b) => (oldestRead(a) < oldestRead(b) ? -1 : oldestRead(a) > oldestRead(b) ? 1 : byTickets(a, b)))[0];
}

/**
 * Entries of the driving word to read next for `missing` more tickets, when `passed` of the `checked`
 * so far used every word: half as many again as that rate says (every entry read is a mark to check), at
 * least FIRST_PAGE, at most ALL_WORDS_PAGE; ALL_WORDS_PAGE when none passed yet.
 */
function nextPageSize(missing: number, passed: number, checked: number): number {
  if (passed === 0) return ALL_WORDS_PAGE;
  return Math.min(ALL_WORDS_PAGE, Math.max(FIRST_PAGE, Math.ceil((1.5 * missing * checked) / passed)));
}

export interface AllWordsHits {
  /** Newest use of the driving word first; reading deeper only appends to this list. */
  readonly hits: WordHit[];
  /**
   * Nothing more would be found by asking for more: the driving word's list was read to its end or to
   * ALL_WORDS_DEPTH. False when reading stopped because `wanted` tickets were found.
   */
  readonly complete: boolean;
}

/**
 * Tickets whose messages use every one of `words` (normalised like the index; none when one is never
 * indexed), the first `wanted` of them in the order of their newest use of the driving word.
 *
 * Steps: each distinct word's newest FIRST_PAGE entries, in parallel; the driving word (drivingWord)'s
 * tickets are the candidates, newest use first. A candidate passes when each other word has it in its
 * read page, or, failing that, has a mark for it (one BatchGetItem of 100 marks per call, all the
 * candidates of a page at once; a word whose list was read to its end and lacks the ticket rules it out
 * without a read). While fewer than `wanted` pass, the driving word's next entries are read (as many as
 * the rate of passing so far says are needed, and half again: nextPageSize) and their new tickets
 * checked, down to ALL_WORDS_DEPTH entries at most. Usually two steps.
 *
 * The recall rule, and its bound: a ticket using all the words is found when its newest use of the
 * driving word is among that word's newest `depth` (ALL_WORDS_DEPTH) entries; always when that word has
 * fewer uses. A ticket's order is that newest use (the copy is that entry's), so reading deeper only
 * appends: a later page, asking for more, never sees the earlier tickets move.
 *
 * `keep`: a first cut on the driving entry's copy (the search's scope, once the caller is known); a
 * candidate it drops is neither checked nor counted, so `wanted` counts the tickets the caller may see.
 */
export async function findTicketsByAllWords(
  companyId: string,
  words: readonly string[],
  wanted: number,
  keep: (hit: WordHit) => boolean = () => true,
  depth = ALL_WORDS_DEPTH,
): Promise<AllWordsHits> {
  const terms = words.map(searchableWord);
  if (terms.length === 0 || wanted < 1 || terms.some((term) => term === undefined)) return { hits: [], complete: true };
  const readings: WordReading[] = [...new Set(terms as string[])].map((word) => ({ word, prefix: keys.wordPrefix(companyId, word), hits: new Map(), read: 0, exhausted: false }));
  await Promise.all(readings.map((reading) => readOn(reading, Math.min(FIRST_PAGE, depth))));
  const driving = drivingWord(readings);
  if (!driving) return { hits: [], complete: true };
  const others = readings.filter((reading) => reading !== driving);

  const found: WordHit[] = [];
  let checked = 0;
  for (;;) {
    // The tickets the last page of the driving word added, in its order (a Map keeps the order of insertion).
    const fresh = [...driving.hits.values()].slice(checked);
    checked += fresh.length;
    // A ticket missing from an exhausted list does not use that word; one missing from a list read in part may.
    const open = fresh.filter((hit) => keep(hit) && others.every((other) => other.hits.has(hit.ticketId) || !other.exhausted));
    const asked = open.flatMap((hit) => others.filter((other) => !other.hits.has(hit.ticketId)).map((other) => ({ ticketId: hit.ticketId, word: other.word })));
    const marked = asked.length === 0 ? new Set<string>() : await findWordMarks(companyId, asked);
    for (const hit of open) {
      if (others.every((other) => other.hits.has(hit.ticketId) || marked.has(pairKey(hit.ticketId, other.word)))) found.push(hit);
    }
    if (found.length >= wanted || driving.exhausted || driving.read >= depth) break;
    await readOn(driving, Math.min(nextPageSize(wanted - found.length, found.length, checked), depth - driving.read));
  }
  const ended = driving.exhausted || driving.read >= depth;
  return { hits: found.slice(0, wanted), complete: ended && found.length <= wanted };
}
