/**
 * The dashboard's daily counters (docs/architecture.md §5: aggregates maintained on writes, never computed by
 * scanning). One partition per company day holds the company's counters and one item per attendant;
 * writers ADD to them in the same transaction as the change they count, and the dashboard reads one
 * small partition per day of its range.
 *
 * Counters of attendances are kept in the bucket of the day the attendance began (see
 * functions/core/dashboard/dashboard-counters.ts); `ticketsCreated`/`createdHNN` and `newContacts` in the
 * bucket of the day the ticket or contact was created.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { companyDay } from '../../../shared/company-time';
import { dynamo } from '../aws/clients';
import { mapLimited } from '../limited';
import { keys } from './keys';
import { table } from './table';
import type { TransactItem } from './transaction';

/** Counters of a bucket, by name (absent counters are 0). */
export type Counters = Readonly<Record<string, number>>;

export type BucketScope = 'company' | `user:${string}`;

/** Amounts to add to one bucket (negative to take away); the user's name is kept beside their counters. */
export interface CounterDelta {
  readonly day: string;
  readonly scope: BucketScope;
  readonly add: Counters;
  readonly userName?: string | null;
}

/** Merges deltas of the same bucket and drops zeros: one action per item, as a transaction requires. */
export function mergeDeltas(deltas: readonly CounterDelta[]): CounterDelta[] {
  const merged = new Map<string, { day: string; scope: BucketScope; add: Record<string, number>; userName?: string | null }>();
  for (const delta of deltas) {
    const id = `${delta.day}|${delta.scope}`;
    const bucket = merged.get(id) ?? { day: delta.day, scope: delta.scope, add: {} };
    for (const [name, amount] of Object.entries(delta.add)) bucket.add[name] = (bucket.add[name] ?? 0) + amount;
    if (delta.userName) bucket.userName = delta.userName;
    merged.set(id, bucket);
  }
  return [...merged.values()]
    .map((bucket) => ({ ...bucket, add: Object.fromEntries(Object.entries(bucket.add).filter(([, amount]) => amount !== 0)) }))
    .filter((bucket) => Object.keys(bucket.add).length > 0);
}

/** The Update that adds one delta to its bucket, creating the bucket on first use. */
export function counterUpdate(companyId: string, delta: CounterDelta) {
  const names: Record<string, string> = { '#day': 'day', '#entity': 'entity', '#companyId': 'companyId' };
  const values: Record<string, unknown> = { ':day': delta.day, ':entity': 'dashboardDay', ':companyId': companyId };
  const sets = ['#day = :day', '#entity = :entity', '#companyId = :companyId'];
  if (delta.scope !== 'company') {
    names['#userId'] = 'userId';
    values[':userId'] = delta.scope.slice('user:'.length);
    sets.push('#userId = :userId');
    if (delta.userName) {
      names['#userName'] = 'userName';
      values[':userName'] = delta.userName;
      sets.push('#userName = :userName');
    }
  }
  const adds = Object.entries(delta.add).map(([name, amount], index) => {
    names[`#c${index}`] = name;
    values[`:c${index}`] = amount;
    return `#c${index} :c${index}`;
  });
  return {
    TableName: table(),
    Key: keys.dashboardDay(companyId, delta.day, delta.scope),
    UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Transaction actions for the deltas, merged per bucket. */
export function counterActions(companyId: string, deltas: readonly CounterDelta[]): TransactItem[] {
  return mergeDeltas(deltas).map((delta) => ({ Update: counterUpdate(companyId, delta) }));
}

/** The delta of new contacts: 'Novos Contatos' of the day they were created. */
export const newContactDelta = (at: Date, count = 1): CounterDelta => ({ day: companyDay(at), scope: 'company', add: { newContacts: count } });

/** The transaction action counting a new contact, for a caller that writes the contact in a transaction. */
export function newContactAction(companyId: string, at: Date, count = 1): TransactItem {
  return { Update: counterUpdate(companyId, newContactDelta(at, count)) };
}

/**
 * Counts new contacts on their creation day: the contacts module calls this for every contact created
 * (`count` for an import's batch created at the same time).
 */
export async function countNewContact(companyId: string, at: Date, count = 1): Promise<void> {
  if (count === 0) return;
  await dynamo().send(new UpdateCommand(counterUpdate(companyId, newContactDelta(at, count))));
}

export interface UserDayCounters {
  readonly userId: string;
  readonly userName: string | null;
  readonly counters: Counters;
}

export interface DayCounters {
  readonly day: string;
  readonly company: Counters;
  readonly users: readonly UserDayCounters[];
}

const BOOKKEEPING = new Set(['PK', 'SK', 'entity', 'companyId', 'day', 'userId', 'userName']);

function countersOf(item: Record<string, unknown>): Counters {
  return Object.fromEntries(
    Object.entries(item).filter((entry): entry is [string, number] => !BOOKKEEPING.has(entry[0]) && typeof entry[1] === 'number'),
  );
}

/** Reads in flight at once when reading a range of days. */
const DAY_READS_AT_ONCE = 8;

/** The counters of the given days: one Query of each day's partition (the company's item and its attendants'). */
export async function readDays(companyId: string, days: readonly string[]): Promise<DayCounters[]> {
  return mapLimited(days, DAY_READS_AT_ONCE, (day) => readDay(companyId, day));
}

async function readDay(companyId: string, day: string): Promise<DayCounters> {
  const companyKey = keys.dashboardDay(companyId, day, 'company');
  let company: Counters = {};
  const users: UserDayCounters[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': companyKey.PK },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.SK === companyKey.SK) company = countersOf(item);
      else users.push({ userId: String(item.userId), userName: typeof item.userName === 'string' ? item.userName : null, counters: countersOf(item) });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { day, company, users };
}
