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
 * Several words (findTicketsByAllWords): entries are ordered by time of use, not by ticket, so there is
 * no asking whether a ticket uses a word; the words' newest entries are read in parallel, at most
 * ALL_WORDS_DEPTH each, and intersected. A ticket is found when each word's newest use of it is among
 * that word's newest ALL_WORDS_DEPTH entries; only a list read to its end bounds the answer exactly.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { foldForSearch } from '../../../shared/text';
import { dynamo } from '../aws/clients';
import { AppError } from '../errors';
import { keys } from './keys';
import { batchWriteAll, prefixQueryInput } from './table';
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

/** Indexes the words of a message of the ticket (as it is now), written at `at`. */
export async function indexWords(ticket: Pick<Ticket, 'companyId' | 'id'> & WordHitTicket, text: string, at: string | Date): Promise<void> {
  await batchWriteAll(wordEntryItems(ticket, text, at).map((Item) => ({ PutRequest: { Item } })));
}

/** Indexes (again) the words of several messages of the ticket, with the ticket as it is now. */
export async function indexMessagesWords(
  ticket: Pick<Ticket, 'companyId' | 'id'> & WordHitTicket,
  messages: readonly { readonly body: string; readonly createdAt: string }[],
): Promise<void> {
  const items = messages.flatMap((message) => wordEntryItems(ticket, message.body, message.createdAt));
  await batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })));
}

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

/** Entries read per Query when several words are intersected: an entry is ~150-250 bytes, a page stays far under 1 MB. */
export const ALL_WORDS_PAGE = 1000;
/** Entries of each word read at most when several words are intersected (ALL_WORDS_PAGE at a time). */
export const ALL_WORDS_DEPTH = 4000;

/** One word's partition as read so far, newest first. */
interface WordReading {
  readonly prefix: ReturnType<typeof keys.wordPrefix>;
  /** Each ticket once, with its newest entry of the word. */
  readonly hits: Map<string, WordHit>;
  /** The sort key of the oldest entry read: the next page starts after it. */
  startAfter?: string;
  read: number;
  /** Every entry of the word is read: its tickets are all of them. */
  exhausted: boolean;
}

/** What a hit keeps; `slim`: the ticket and the order only (another list already carries the copy). */
const ALL_WORDS_PROJECTION = `SK, ticketId, ${ENTRY_COPY_ATTRIBUTES}`;
const SLIM_PROJECTION = 'SK, ticketId';

async function readOn(reading: WordReading, depth: number, slim: boolean): Promise<void> {
  const { Items = [], LastEvaluatedKey } = await dynamo().send(
    new QueryCommand({
      ...prefixQueryInput(reading.prefix),
      ScanIndexForward: false,
      Limit: Math.min(ALL_WORDS_PAGE, depth - reading.read),
      ProjectionExpression: slim ? SLIM_PROJECTION : ALL_WORDS_PROJECTION,
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
 * Tickets whose messages use every one of `words` (normalised like the index; none when one is never
 * indexed), each with its newest entry among those words, newest first, at most `limit` of them.
 *
 * The recall rule, and its bound: a ticket is found when, for each word, its newest use of that word is
 * among the newest `depth` (ALL_WORDS_DEPTH) entries of the word, so always when the word has fewer
 * entries. The words are read in parallel rounds of one Query each, ALL_WORDS_PAGE entries a page and
 * only the attributes a hit keeps (past an exhausted list, whose entries carry the ticket's copy, only
 * the order and the ticket): at most depth / ALL_WORDS_PAGE rounds and `depth` entries per word,
 * whatever the word's size. Reading stops before that once `limit` tickets use every word (those whose
 * uses are the newest: the lists advance together), or once a word's list is exhausted and each of its
 * tickets is decided (seen in every other word, or absent from another exhausted one); a word is read on
 * only while an undecided ticket of the exhausted list is missing from it. Only an exhausted
 * list is a complete set (entries are ordered by time of use, not by ticket, so an unread older entry of
 * any word may still name any ticket); its tickets bound the answer exactly.
 */
export async function findTicketsByAllWords(companyId: string, words: readonly string[], limit: number, depth = ALL_WORDS_DEPTH): Promise<WordHit[]> {
  const terms = words.map(searchableWord);
  if (terms.length === 0 || limit < 1 || terms.some((term) => term === undefined)) return [];
  const readings: WordReading[] = [...new Set(terms as string[])].map((term) => ({ prefix: keys.wordPrefix(companyId, term), hits: new Map(), read: 0, exhausted: false }));
  const inAll = (ticketId: string) => readings.every((reading) => reading.hits.has(ticketId));
  const [first] = readings;
  for (;;) {
    if ([...(first?.hits.keys() ?? [])].filter(inAll).length >= limit) break;
    let next = readings.filter((reading) => !reading.exhausted && reading.read < depth);
    const exhausted = readings.filter((reading) => reading.exhausted).sort((a, b) => a.hits.size - b.hits.size)[0];
    if (exhausted) {
      // Every candidate is in the exhausted list: a word is read on only for those it has not shown yet.
      const undecided = [...exhausted.hits.keys()].filter((ticketId) => !inAll(ticketId) && readings.every((reading) => !reading.exhausted || reading.hits.has(ticketId)));
      next = next.filter((reading) => undecided.some((ticketId) => !reading.hits.has(ticketId)));
    }
    if (next.length === 0) break;
    // Past an exhausted list, every answer is one of its tickets, whose entries carry the copy.
    await Promise.all(next.map((reading) => readOn(reading, depth, exhausted !== undefined)));
  }
  const answer: WordHit[] = [];
  for (const ticketId of first?.hits.keys() ?? []) {
    if (!inAll(ticketId)) continue;
    const hits = readings.flatMap((reading) => reading.hits.get(ticketId) ?? []).sort((a, b) => (a.orderKey < b.orderKey ? 1 : -1));
    // The newest use orders it; the newest entry with a copy tells the ticket (a move rewrites every word's copies alike).
    const [newest] = hits;
    const copy = hits.find((hit) => hit.ticket)?.ticket;
    if (newest) answer.push(copy ? { ...newest, ticket: copy } : newest);
  }
  answer.sort((a, b) => (a.orderKey < b.orderKey ? 1 : a.orderKey > b.orderKey ? -1 : 0));
  return answer.slice(0, limit);
}
