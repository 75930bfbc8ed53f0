/**
 * The contact-name index of tickets (docs/architecture.md §5): a ticket search by the start of a
 * contact's name ('Mar' finds Maria, Marcos and Ana Maria) in one Query, whatever the number of contacts.
 *
 * Each ticket has one entry per start of a word of its contact's name (at most NAME_WORDS): the name is
 * folded (accents and case, every run of other characters one space) and cut at that word, so "Ana Maria
 * Souza" gives 'ana maria souza', 'maria souza' and 'souza'. An entry lives in the partition of its first
 * NAME_HEAD characters and sorts by the rest then the ticket id, so the tickets of names starting with a
 * term are one `begins_with` range, in name order. Like a word entry (word-index.ts) it carries a copy of
 * what the search excludes by (the ticket's queue, user and creation time), a first cut only: the search
 * reads the page's tickets whole and decides on them.
 *
 * Kept by: ticket creation (the entries are written in the creation transaction, create-ticket.ts), a
 * rename of the contact (the ticket-rows walk replaces them with the copy of the contact's row,
 * ticket-rows.ts), a move to another queue or user (rewritten with the words, refresh-word-copies.ts),
 * and, for tickets stored before the index existed, the one-off backfill (migrations/build-name-index.ts).
 * Entries of deleted tickets stay: readers drop the ids of tickets that are gone, as for words.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { foldForSearch } from '../../../shared/text';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { batchWriteAll, table } from './table';
import type { TransactItem } from './transaction';
import type { Ticket } from './tickets';
import { copyOfEntry, ENTRY_COPY_ATTRIBUTES, entryCopy, type WordHit, type WordHitTicket } from './word-index';

/** Characters of the partition of an entry: a term shorter than this is not looked up here. */
export const NAME_HEAD = 3;
/** Word starts of a name given an entry each. */
export const NAME_WORDS = 4;
/** What an entry keeps of the name (longer terms are compared on their first NAME_KEPT characters). */
export const NAME_KEPT = 60;

/** A name as the index compares it: folded, every run of characters other than letters and digits one space. */
export function foldName(name: string): string {
  return foldForSearch(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, NAME_KEPT)
    .trim();
}

/** The folded name cut at each word start that leaves at least NAME_HEAD characters, each once. */
export function nameStarts(name: string): string[] {
  const folded = foldName(name);
  const starts = new Set<string>();
  let at = 0;
  while (at < folded.length && starts.size < NAME_WORDS) {
    const rest = folded.slice(at);
    if (rest.length >= NAME_HEAD) starts.add(rest);
    const space = folded.indexOf(' ', at);
    if (space < 0) break;
    at = space + 1;
  }
  return [...starts];
}

/** The ticket fields an entry is made of. */
export type NameIndexedTicket = Pick<Ticket, 'companyId' | 'id'> & WordHitTicket;

const entryKey = (companyId: string, start: string, ticketId: string) => keys.nameEntry(companyId, start.slice(0, NAME_HEAD), `${start.slice(NAME_HEAD)}#${ticketId}`);

/** The entries of a ticket whose contact is called `contactName`. */
export function nameEntryItems(ticket: NameIndexedTicket, contactName: string): Record<string, unknown>[] {
  return nameStarts(contactName).map((start) => ({
    ...entryKey(ticket.companyId, start, ticket.id),
    entity: 'nameEntry',
    ticketId: ticket.id,
    ...entryCopy(ticket),
  }));
}

/** The entries of a new ticket, as actions of its creation transaction. */
export const putNameEntryActions = (ticket: NameIndexedTicket, contactName: string): TransactItem[] =>
  nameEntryItems(ticket, contactName).map((Item) => ({ Put: { TableName: table(), Item } }));

/**
 * Writes the ticket's entries for the contact's name now (same keys: they replace those of the same name,
 * e.g. with a new queue or user) and, when the name was another, removes that name's.
 */
export async function replaceNameEntries(ticket: NameIndexedTicket, contactName: string, previousName?: string): Promise<void> {
  const items = nameEntryItems(ticket, contactName);
  const kept = new Set(items.map((item) => `${String(item.PK)}\n${String(item.SK)}`));
  const gone =
    previousName === undefined
      ? []
      : nameStarts(previousName)
          .map((start) => entryKey(ticket.companyId, start, ticket.id))
          .filter((key) => !kept.has(`${key.PK}\n${key.SK}`));
  await batchWriteAll([...gone.map((Key) => ({ DeleteRequest: { Key } })), ...items.map((Item) => ({ PutRequest: { Item } }))]);
}

/**
 * Tickets whose contact's name has a word starting with `term` (folded like the names), in name order,
 * each once, at most `limit`; undefined when the term is too short for this index (under NAME_HEAD
 * characters once folded). The hits' order key is the ticket's creation (`<createdAt>#<id>`).
 */
export async function findTicketsByName(companyId: string, term: string, limit: number): Promise<WordHit[] | undefined> {
  const folded = foldName(term);
  if (folded.length < NAME_HEAD) return undefined;
  const { PK } = keys.nameEntry(companyId, folded.slice(0, NAME_HEAD), '');
  const rest = folded.slice(NAME_HEAD);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      // A term of exactly NAME_HEAD characters is the whole partition (an empty key value is refused).
      ...(rest === ''
        ? { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PK } }
        : { KeyConditionExpression: 'PK = :pk AND begins_with(SK, :rest)', ExpressionAttributeValues: { ':pk': PK, ':rest': rest } }),
      ProjectionExpression: `ticketId, ${ENTRY_COPY_ATTRIBUTES}`,
      Limit: limit,
    }),
  );
  const hits = new Map<string, WordHit>();
  for (const item of Items) {
    const ticketId = String(item.ticketId);
    // Name entries always carry the copy (they were written with it from the start).
    const ticket = copyOfEntry(item);
    if (ticket && !hits.has(ticketId)) hits.set(ticketId, { ticketId, orderKey: `${ticket.createdAt}#${ticketId}`, ticket });
  }
  return [...hits.values()];
}

/**
 * Writes the entries of several tickets at once, each for its contact's name as given (the backfill);
 * same keys as `replaceNameEntries`, so writing them twice changes nothing.
 */
export async function putNameEntries(tickets: readonly { readonly ticket: NameIndexedTicket; readonly contactName: string }[]): Promise<void> {
  await batchWriteAll(tickets.flatMap(({ ticket, contactName }) => nameEntryItems(ticket, contactName).map((Item) => ({ PutRequest: { Item } }))));
}

/** The version of the index a company's backfill built; bump it to build the entries again. */
export const NAME_INDEX_VERSION = 1;

/** Whether the company's tickets stored before the index got their entries (the backfill's mark). */
export async function isNameIndexBuilt(companyId: string): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.nameIndexMark(companyId), ConsistentRead: true }));
  return Item !== undefined && Number(Item.version) >= NAME_INDEX_VERSION;
}

const nameIndexMarkItem = (companyId: string, at: Date) => ({
  ...keys.nameIndexMark(companyId),
  entity: 'nameIndexMark',
  version: NAME_INDEX_VERSION,
  builtAt: at.toISOString(),
});

export async function markNameIndexBuilt(companyId: string, at: Date): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: nameIndexMarkItem(companyId, at) }));
}

/** The mark, in a new company's creation transaction: with no ticket yet, its index is complete. */
export const markNameIndexBuiltAction = (companyId: string, at: Date): TransactItem => ({
  Put: { TableName: table(), Item: nameIndexMarkItem(companyId, at) },
});
