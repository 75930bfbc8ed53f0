/**
 * Contacts: one partition per contact, listed and searched through GSI1 (folded name) and GSI2
 * (number); one uniqueness item per normalised number (keys.ts).
 *
 * The company item carries `contactsCount`, moved with `ADD` in the same transaction as every contact
 * created or deleted, so GET /contacts answers the total without counting. Contacts are the only writer
 * of that attribute; the companies code neither sets nor overwrites it. The same transactions count
 * each new contact on the dashboard's day counters ('Novos Contatos', DESIGN.md §8), exactly once.
 *
 * Lists are key-condition Queries of an index that read only the page asked for; the position between
 * pages is an opaque cursor (the index key of the last contact of the page, base64url), checked on the
 * way back in so that it can only ever point into the caller's own list.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { foldForSearch } from '../../../shared/text';
import { dynamo } from '../aws/clients';
import type { Company } from './companies';
import { counterActions, newContactDelta } from './dashboard';
import { contactListIndexes, contactNameListKey, contactNumberListKey, keys, ticketContactListKey } from './keys';
import { batchGetAll, fromItem, queryPages, table } from './table';
import type { TransactItem } from './transaction';

export interface Contact {
  readonly id: string;
  readonly companyId: string;
  readonly name: string;
  /** Digits only, with country code (e.g. 5511999990000); group ids keep their WhatsApp form. */
  readonly number: string;
  readonly email: string;
  readonly profilePicUrl: string | null;
  readonly extraInfo: readonly { readonly name: string; readonly value: string }[];
  readonly isGroup: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const contactItem = (contact: Contact) => ({
  ...keys.contact(contact.companyId, contact.id),
  ...contactListIndexes({ ...contact, foldedName: foldForSearch(contact.name) }),
  entity: 'contact',
  ...contact,
});

export async function getContact(companyId: string, contactId: string): Promise<Contact | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.contact(companyId, contactId) }));
  return Item ? fromItem<Contact>(Item) : undefined;
}

/** Several contacts of one company by id (missing ones left out), e.g. for a page of tickets. */
export async function getContacts(companyId: string, contactIds: readonly string[]): Promise<Map<string, Contact>> {
  const unique = [...new Set(contactIds)];
  const items = await batchGetAll(unique.map((id) => keys.contact(companyId, id)));
  return new Map(items.map((item) => [String(item.id), fromItem<Contact>(item)]));
}

// ---- uniqueness and the counter -------------------------------------------------------------------

/** The item that makes a number belong to one contact of the company. */
export const uniqueContactNumberItem = (companyId: string, number: string, contactId: string) => ({
  ...keys.uniqueContactNumber(companyId, number),
  entity: 'uniqueContactNumber',
  companyId,
  contactId,
});

/** The company's number of contacts (0 before its first contact). */
export function contactsCountOf(company: Company): number {
  // The attribute belongs to this module, not to the Company shape (see the file's comment).
  const stored: unknown = Reflect.get(company, 'contactsCount');
  return typeof stored === 'number' && stored > 0 ? stored : 0;
}

const isNew = 'attribute_not_exists(PK)';

const counterAction = (companyId: string, delta: number): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.company(companyId),
    UpdateExpression: 'ADD contactsCount :delta',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':delta': delta },
  },
});

const createActions = (contact: Contact): TransactItem[] => [
  { Put: { TableName: table(), Item: contactItem(contact), ConditionExpression: isNew } },
  { Put: { TableName: table(), Item: uniqueContactNumberItem(contact.companyId, contact.number, contact.id), ConditionExpression: isNew } },
];

/** The indexes of the actions of a cancelled transaction whose condition failed (empty: not a condition). */
function failedConditions(error: unknown): number[] {
  if (!(error instanceof TransactionCanceledException)) return [];
  return (error.CancellationReasons ?? []).flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

/** Tries of a transaction that lost a race for an item (a hot counter) to another transaction. */
const CONFLICT_ATTEMPTS = 5;

/**
 * Runs a transaction. Every contact write moves the company's counter, so concurrent writes of one
 * company meet on that item, and DynamoDB cancels the later ones with `TransactionConflict` (not a
 * failed condition): those are tried again after a short random pause. Failed conditions are thrown for
 * the caller to read (failedConditions).
 */
async function transact(items: TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []).map((reason) => reason.Code) : [];
      const conflictOnly = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/** The company's counter and the dashboard's 'Novos Contatos' of each creation day, for new contacts. */
const countActions = (companyId: string, contacts: readonly Contact[]): TransactItem[] => [
  counterAction(companyId, contacts.length),
  ...counterActions(
    companyId,
    contacts.map((contact) => newContactDelta(new Date(contact.createdAt))),
  ),
];

/**
 * Writes a new contact with its number's uniqueness item, one more on the company's counter and on the
 * dashboard's new contacts of its creation day, all or nothing. Answers 'duplicate' when the number
 * already belongs to a contact of the company. Every writer of new contacts (the WhatsApp worker too)
 * goes through here or putNewContacts, so the counters stay right.
 */
export async function putNewContact(contact: Contact): Promise<'created' | 'duplicate'> {
  try {
    await transact([...createActions(contact), ...countActions(contact.companyId, [contact])]);
    return 'created';
  } catch (error) {
    if (failedConditions(error).includes(1)) return 'duplicate';
    throw error;
  }
}

/**
 * Contacts per transaction in a bulk write: two actions each, the company's counter and one dashboard
 * counter per creation day (the contacts of an import share one), under DynamoDB's 100 actions.
 */
const BULK_CHUNK = 48;

/**
 * Writes many new contacts of one company, in transactions of up to BULK_CHUNK contacts that each move
 * the counters once. A contact whose number is taken by then (another writer got there first) is left
 * out, and the rest of its chunk written again. Answers the contacts written and the ones left out.
 */
export async function putNewContacts(companyId: string, contacts: readonly Contact[]): Promise<{ created: Contact[]; duplicates: Contact[] }> {
  const created: Contact[] = [];
  const duplicates: Contact[] = [];
  for (let start = 0; start < contacts.length; start += BULK_CHUNK) {
    let chunk = contacts.slice(start, start + BULK_CHUNK);
    while (chunk.length > 0) {
      try {
        await transact([...chunk.flatMap(createActions), ...countActions(companyId, chunk)]);
        created.push(...chunk);
        chunk = [];
      } catch (error) {
        const failed = new Set(failedConditions(error).filter((index) => index < chunk.length * 2).map((index) => Math.floor(index / 2)));
        if (failed.size === 0) throw error;
        duplicates.push(...chunk.filter((_, index) => failed.has(index)));
        chunk = chunk.filter((_, index) => !failed.has(index));
      }
    }
  }
  return { created, duplicates };
}

export type ReplaceOutcome = 'replaced' | 'missing' | 'duplicate' | 'conflict';

/**
 * Replaces a contact read earlier by its new version, keeping the index attributes in step. It holds
 * only while the stored contact still has the number read (`conflict` otherwise: read again and retry).
 * A new number moves the uniqueness item in the same transaction: the old one deleted, the new one
 * claimed (`duplicate` when another contact has it).
 */
export async function replaceContact(before: Contact, after: Contact): Promise<ReplaceOutcome> {
  const { companyId, id } = before;
  const actions: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: contactItem(after),
        ConditionExpression: 'attribute_exists(PK) AND #number = :number',
        ExpressionAttributeNames: { '#number': 'number' },
        ExpressionAttributeValues: { ':number': before.number },
      },
    },
  ];
  const numberChanged = after.number !== before.number;
  if (numberChanged) {
    actions.push(
      {
        Delete: {
          TableName: table(),
          Key: keys.uniqueContactNumber(companyId, before.number),
          ConditionExpression: 'attribute_not_exists(PK) OR contactId = :id',
          ExpressionAttributeValues: { ':id': id },
        },
      },
      { Put: { TableName: table(), Item: uniqueContactNumberItem(companyId, after.number, id), ConditionExpression: isNew } },
    );
  }
  try {
    await transact(actions);
    return 'replaced';
  } catch (error) {
    const failed = failedConditions(error);
    if (failed.length === 0) throw error;
    if (failed.includes(0)) return (await getContact(companyId, id)) ? 'conflict' : 'missing';
    if (failed.includes(2)) return 'duplicate';
    throw new Error(`The uniqueness item of number ${before.number} belongs to another contact than ${id}`);
  }
}

/**
 * Deletes a contact read earlier, its number's uniqueness item and one from the company's counter, all
 * or nothing. False when the contact is gone, or its number changed meanwhile (read again).
 */
export async function deleteContactItems(contact: Contact): Promise<boolean> {
  try {
    await transact([
      {
        Delete: {
          TableName: table(),
          Key: keys.contact(contact.companyId, contact.id),
          ConditionExpression: 'attribute_exists(PK) AND #number = :number',
          ExpressionAttributeNames: { '#number': 'number' },
          ExpressionAttributeValues: { ':number': contact.number },
        },
      },
      {
        Delete: {
          TableName: table(),
          Key: keys.uniqueContactNumber(contact.companyId, contact.number),
          ConditionExpression: 'attribute_not_exists(PK) OR contactId = :id',
          ExpressionAttributeValues: { ':id': contact.id },
        },
      },
      counterAction(contact.companyId, -1),
    ]);
    return true;
  } catch (error) {
    if (failedConditions(error).includes(0)) return false;
    throw error;
  }
}

/** Which of these numbers already belong to a contact of the company: number -> contact id. */
export async function contactIdsByNumber(companyId: string, numbers: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(numbers)];
  const items = await batchGetAll(unique.map((number) => keys.uniqueContactNumber(companyId, number)));
  const numberOf = new Map(unique.map((number) => [keys.uniqueContactNumber(companyId, number).PK, number]));
  return new Map(items.map((item) => [numberOf.get(String(item.PK)) ?? '', String(item.contactId)]));
}

/** The contact that has this number in the company, read through the uniqueness item (never a GSI). */
export async function getContactByNumber(companyId: string, number: string): Promise<Contact | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.uniqueContactNumber(companyId, number), ConsistentRead: true }),
  );
  return Item ? getContact(companyId, String(Item.contactId)) : undefined;
}

/**
 * Whether the contact has a pending or open ticket, read through the tickets-by-contact index (GSI3;
 * a contact has tens of tickets, not thousands, and the Query stops at the first live one).
 */
export async function hasLiveTicket(companyId: string, contactId: string): Promise<boolean> {
  const pages = queryPages({
    TableName: table(),
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    FilterExpression: '#status IN (:pending, :open)',
    ProjectionExpression: 'id',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': ticketContactListKey(companyId, contactId), ':pending': 'pending', ':open': 'open' },
  });
  for await (const items of pages) if (items.length > 0) return true;
  return false;
}

// ---- lists ------------------------------------------------------------------------------------------

/** A list of the company's contacts: by name, or by number, each narrowed to a prefix. */
export type ContactOrder = { readonly by: 'name'; readonly prefix: string } | { readonly by: 'number'; readonly prefix: string };

/** The folded name prefix for a search term, as the name index stores names. */
export const namePrefix = (term: string): ContactOrder => ({ by: 'name', prefix: foldForSearch(term) });

const INDEX = { name: { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' }, number: { index: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK' } } as const;

function listPartition(companyId: string, order: ContactOrder): string {
  return order.by === 'name' ? contactNameListKey(companyId) : contactNumberListKey(companyId);
}

function listQueryInput(companyId: string, order: ContactOrder, extra: Omit<QueryCommandInput, 'TableName'> = {}): QueryCommandInput {
  const { index, pk, sk } = INDEX[order.by];
  const prefixed = order.prefix !== '';
  return {
    TableName: table(),
    IndexName: index,
    KeyConditionExpression: prefixed ? `${pk} = :pk AND begins_with(${sk}, :prefix)` : `${pk} = :pk`,
    ...extra,
    ExpressionAttributeValues: {
      ':pk': listPartition(companyId, order),
      ...(prefixed ? { ':prefix': order.prefix } : {}),
      ...extra.ExpressionAttributeValues,
    },
  };
}

/** The position after `item` in the list: what DynamoDB itself would answer as LastEvaluatedKey. */
function positionAfter(item: Record<string, unknown>, order: ContactOrder): Record<string, unknown> {
  const { pk, sk } = INDEX[order.by];
  return { PK: item.PK, SK: item.SK, [pk]: item[pk], [sk]: item[sk] };
}

export function encodeCursor(position: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/**
 * The position a cursor names, or undefined when it is not one this list could have given: malformed,
 * of another index, list, prefix or company. A forged cursor can therefore never start a Query outside
 * the caller's own contacts.
 */
export function decodeCursor(cursor: string, companyId: string, order: ContactOrder): Record<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { pk, sk } = INDEX[order.by];
  const entries = Object.entries(parsed);
  const expected = ['PK', 'SK', pk, sk];
  if (entries.length !== expected.length || !entries.every(([name, value]) => expected.includes(name) && typeof value === 'string')) return undefined;
  const position = Object.fromEntries(entries) as Record<string, string>;
  const contactPartition = keys.contact(companyId, '').PK;
  const valid =
    position[pk] === listPartition(companyId, order) &&
    (position[sk] ?? '').startsWith(order.prefix) &&
    (position.PK ?? '').startsWith(contactPartition) &&
    position.PK !== contactPartition &&
    position.SK === keys.contact(companyId, '').SK;
  return valid ? position : undefined;
}

export interface ContactPageRequest {
  readonly order: ContactOrder;
  readonly limit: number;
  /** Where the previous page ended (decodeCursor). */
  readonly after?: Record<string, string>;
  /** Only contacts created from this instant (inclusive) ... */
  readonly createdFrom?: string;
  /** ... and before this one (exclusive); ISO-8601 texts, compared as text. */
  readonly createdBefore?: string;
}

export interface ContactPageResult {
  readonly contacts: Contact[];
  /** Where this page ended, for the next one; undefined when the list has no more contacts. */
  readonly next?: Record<string, unknown>;
}

/** Items a filtered page examines per Query, and Queries at most per request. */
const FILTERED_READ = 100;
const FILTERED_ROUNDS = 5;

/**
 * One page of a contact list. Without a creation filter it reads `limit + 1` index entries (the one
 * more tells whether there is a next page). The creation filter is a FilterExpression, applied by
 * DynamoDB after reading: a page may then read more items than it answers, up to FILTERED_READ per
 * Query and FILTERED_ROUNDS Queries; when that bound stops it short the page is answered as found, with
 * a cursor, and a following page may come back empty.
 */
export async function queryContactPage(companyId: string, request: ContactPageRequest): Promise<ContactPageResult> {
  const filters: string[] = [];
  const values: Record<string, unknown> = {};
  if (request.createdFrom) {
    filters.push('createdAt >= :from');
    values[':from'] = request.createdFrom;
  }
  if (request.createdBefore) {
    filters.push('createdAt < :before');
    values[':before'] = request.createdBefore;
  }
  const filtered = filters.length > 0;
  const wanted = request.limit + 1;
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined = request.after;
  for (let round = 0; round < (filtered ? FILTERED_ROUNDS : Infinity); round += 1) {
    const page = await dynamo().send(
      new QueryCommand(
        listQueryInput(companyId, request.order, {
          ExclusiveStartKey: start,
          Limit: filtered ? FILTERED_READ : wanted - found.length,
          ...(filtered ? { FilterExpression: filters.join(' AND '), ExpressionAttributeValues: values } : {}),
        }),
      ),
    );
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
    if (found.length >= wanted || !start) break;
  }
  if (found.length > request.limit) {
    const contacts = found.slice(0, request.limit);
    return { contacts: contacts.map((item) => fromItem<Contact>(item)), next: positionAfter(contacts[contacts.length - 1] ?? {}, request.order) };
  }
  return { contacts: found.map((item) => fromItem<Contact>(item)), next: start };
}

/**
 * Ids of contacts whose folded name or whose number starts with the term, at most `limit` (by name
 * first, then by number), for searches of other lists (tickets by contact). A term without letters is
 * also looked up as digits, so '5511' finds numbers and '  ' finds nothing.
 */
export async function searchContactIds(companyId: string, term: string, limit: number): Promise<string[]> {
  const folded = foldForSearch(term);
  if (folded === '' || limit <= 0) return [];
  const ids = new Set<string>();
  const digits = /\p{L}/u.test(folded) ? '' : folded.replace(/\D/g, '');
  const orders: ContactOrder[] = [{ by: 'name', prefix: folded }, ...(digits ? [{ by: 'number' as const, prefix: digits }] : [])];
  for (const order of orders) {
    const { contacts } = await queryContactPage(companyId, { order, limit: limit - ids.size });
    for (const contact of contacts) ids.add(contact.id);
    if (ids.size >= limit) break;
  }
  return [...ids].slice(0, limit);
}

/** The first `limit` contacts by name (optionally a name prefix), id and name only, for selects. */
export async function listContactOptions(companyId: string, prefix: string, limit: number): Promise<{ id: string; name: string }[]> {
  const options: { id: string; name: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand(
        listQueryInput(companyId, namePrefix(prefix), {
          ExclusiveStartKey: start,
          Limit: limit - options.length,
          ProjectionExpression: 'id, #name',
          ExpressionAttributeNames: { '#name': 'name' },
        }),
      ),
    );
    options.push(...(page.Items ?? []).map((item) => ({ id: String(item.id), name: String(item.name) })));
    start = page.LastEvaluatedKey;
  } while (start && options.length < limit);
  return options;
}

/** Every contact of the company by name, page by page (1 MB each), name, number and email only: the export. */
export async function* contactExportPages(companyId: string): AsyncGenerator<{ name: string; number: string; email: string }[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand(
        listQueryInput(companyId, { by: 'name', prefix: '' }, {
          ExclusiveStartKey: start,
          ProjectionExpression: '#name, #number, email',
          ExpressionAttributeNames: { '#name': 'name', '#number': 'number' },
        }),
      ),
    );
    yield (page.Items ?? []).map((item) => ({
      name: String(item.name ?? ''),
      number: String(item.number ?? ''),
      email: String(item.email ?? ''),
    }));
    start = page.LastEvaluatedKey;
  } while (start);
}
