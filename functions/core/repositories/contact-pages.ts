/**
 * The pages of a company's contacts (not the campaigns' contact lists, a resource of their own):
 * key-condition Queries of the name index (GSI1, folded names) or the number index (GSI2) that read
 * only the page asked for, the searches and the options built on them, and the export. The position
 * between pages is an opaque cursor (the index key of the last contact of the page, base64url),
 * checked on the way back in so that it can only ever point into the caller's own list.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { foldForSearch } from '../../../shared/text';
import { dynamo } from '../aws/clients';
import type { Contact } from './contacts';
import { contactNameListKey, contactNumberListKey, keys } from './keys';
import { fromItem, table } from './table';

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
