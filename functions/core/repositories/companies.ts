/**
 * Companies (tenants): one item per company in its own partition, listed by the super user through
 * GSI1 (one platform-wide partition sorted by name). A deleted company keeps its item (status false,
 * `deletedAt`) but leaves the list index.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { RECURRENCES, type BillingAddressField, type Recurrence } from '../../../shared/companies';
import type { ScheduleEntry } from '../../../shared/schedules';
import { dynamo } from '../aws/clients';
import { companyListIndex, keys } from './keys';
import { fromItem, queryAll, setFields, table } from './table';
import type { TransactItem } from './transaction';

export { RECURRENCES, type Recurrence };

export interface Company {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly planId: string;
  /** Active flag; an inactive company cannot sign in. */
  readonly status: boolean;
  /** YYYY-MM-DD; the subscription is valid through this day. */
  readonly dueDate: string | null;
  /**
   * YYYY-MM-DD: the last day of the trial a public sign-up starts with (spec 3 §3 User.company
   * trialExpiration); absent for a company the super user created, and kept when a payment moves the due date.
   */
  readonly trialExpiration?: string;
  readonly recurrence: Recurrence;
  /** Counters kept in the same transactions as the users and queues they count (plan limits). */
  readonly usersCount: number;
  readonly queuesCount: number;
  /** The company's weekly work hours (used when the setting scheduleType is `company`). */
  readonly schedules: readonly ScheduleEntry[];
  readonly createdAt: string;
  readonly updatedAt?: string;
  /** Set when the super user deleted the company: it is hidden everywhere and its logins are gone. */
  readonly deletedAt?: string;
  /**
   * Billing data (spec 3 §3: billing name and address; ours: the CPF or CNPJ), from the super user's
   * company form or the checkout's Dados step; absent on companies that never had one.
   */
  readonly billingName?: string;
  readonly document?: string;
  readonly addressZipCode?: string;
  readonly addressStreet?: string;
  readonly addressState?: string;
  readonly addressCity?: string;
  readonly addressDistrict?: string;
  /** Asaas's id of the company as a payer (`cus_...`), kept from its first charge. */
  readonly asaasCustomerId?: string;
}

export const companyItem = (company: Company) => ({
  ...keys.company(company.id),
  ...companyListIndex(company.name, company.id),
  entity: 'company',
  ...company,
});

export const putNewCompanyAction = (company: Company): TransactItem => ({
  Put: { TableName: table(), Item: companyItem(company), ConditionExpression: 'attribute_not_exists(PK)' },
});

/** The list index's partition: the same for every company. */
const LIST_PARTITION = companyListIndex('', '').GSI1PK;

export async function getCompany(companyId: string, consistent = false): Promise<Company | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.company(companyId), ...(consistent ? { ConsistentRead: true } : {}) }),
  );
  return Item ? fromItem<Company>(Item) : undefined;
}

/** A company that exists and was not deleted; deleted ones answer like missing ones. */
export async function getLiveCompany(companyId: string): Promise<Company | undefined> {
  const company = await getCompany(companyId);
  return company && !company.deletedAt ? company : undefined;
}

/**
 * Every company of the platform, sorted by name: one key-condition Query of the list partition, read
 * page by page (the platform's tenants, for the super user's screens; never a Scan).
 */
export async function listCompanies(): Promise<Company[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': LIST_PARTITION },
  });
  return items.map((item) => fromItem<Company>(item));
}

/** The fields of the company form a super user may change. */
export type CompanyChanges = Partial<Pick<Company, 'name' | 'email' | 'phone' | 'planId' | 'status' | 'dueDate' | 'recurrence' | BillingAddressField>>;

/**
 * The transaction action that applies `changes` to a live company. It holds only if the company still
 * has the plan the caller read, so plan counters moved in the same transaction stay right under
 * concurrent edits. A new name also moves the company in the list index.
 */
export function updateCompanyAction(company: Company, changes: CompanyChanges, now: Date): TransactItem {
  const fields: Record<string, unknown> = { ...changes, updatedAt: now.toISOString() };
  if (changes.name !== undefined) fields.GSI1SK = companyListIndex(changes.name, company.id).GSI1SK;
  const set = setFields(fields);
  return {
    Update: {
      TableName: table(),
      Key: keys.company(company.id),
      ...set,
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt) AND planId = :expectedPlan',
      ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ':expectedPlan': company.planId },
    },
  };
}

/**
 * The transaction action that renews a company after a payment: its new due date and the plan paid for,
 * on the condition that its due date is still the one the renewal was computed from (a super user's
 * change in between makes the caller read again) and that it was not deleted.
 */
export function renewCompanyAction(company: Company, renewal: Pick<Company, 'planId'> & { readonly dueDate: string }, now: Date): TransactItem {
  const set = setFields({ dueDate: renewal.dueDate, planId: renewal.planId, updatedAt: now.toISOString() });
  return {
    Update: {
      TableName: table(),
      Key: keys.company(company.id),
      ...set,
      ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(deletedAt) AND ${company.dueDate === null ? '(attribute_not_exists(dueDate) OR dueDate = :nothing)' : 'dueDate = :expectedDue'}`,
      ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ...(company.dueDate === null ? { ':nothing': null } : { ':expectedDue': company.dueDate }) },
    },
  };
}

/** Stores the company's billing data from the checkout (and the payer id a provider gave it). */
export async function updateCompanyBilling(companyId: string, billing: Partial<Record<BillingAddressField, string>> & { readonly asaasCustomerId?: string }, now: Date): Promise<void> {
  const set = setFields({ ...billing, updatedAt: now.toISOString() });
  await dynamo().send(
    new UpdateCommand({ TableName: table(), Key: keys.company(companyId), ...set, ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt)' }),
  );
}

/**
 * The transaction action that deletes a company softly: inactive, stamped, and out of the list index,
 * so the super user's lists no longer show it and its users can no longer sign in.
 */
export function deleteCompanyAction(company: Company, now: Date): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.company(company.id),
      UpdateExpression: 'SET #status = :false, deletedAt = :now, updatedAt = :now REMOVE GSI1PK, GSI1SK',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt) AND planId = :expectedPlan',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':false': false, ':now': now.toISOString(), ':expectedPlan': company.planId },
    },
  };
}

/** Replaces the company's weekly work hours; false when there is no live company with this id. */
export async function setCompanySchedules(companyId: string, schedules: readonly ScheduleEntry[], now = new Date()): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.company(companyId),
        UpdateExpression: 'SET schedules = :schedules, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deletedAt)',
        ExpressionAttributeValues: { ':schedules': schedules, ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

// ---- the counters of the plan's limits, moved in the transactions that add and remove what they count --

/** One more user, while the company exists and has fewer than `limit`. */
export const addUserToCompanyAction = (companyId: string, limit: number): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.company(companyId),
    UpdateExpression: 'ADD usersCount :one',
    ConditionExpression: 'attribute_exists(PK) AND usersCount < :limit',
    ExpressionAttributeValues: { ':one': 1, ':limit': limit },
  },
});

/** One user less, while the company exists. */
export const removeUserFromCompanyAction = (companyId: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.company(companyId),
    UpdateExpression: 'ADD usersCount :minusOne',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':minusOne': -1 },
  },
});

/** One more connection, while the company exists and has fewer than `limit` (a cap: 0 allows none). */
export const addConnectionToCompanyAction = (companyId: string, limit: number): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.company(companyId),
    UpdateExpression: 'ADD connectionsCount :one',
    ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(connectionsCount) OR connectionsCount < :limit)',
    ExpressionAttributeValues: { ':one': 1, ':limit': limit },
  },
});

/**
 * One connection less. With `last`, only while it is the company's one connection (the default is
 * deleted only when it is the last, so a connection created meanwhile cannot be left without a default).
 */
export const removeConnectionFromCompanyAction = (companyId: string, { last }: { readonly last: boolean }): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.company(companyId),
    UpdateExpression: 'ADD connectionsCount :minusOne',
    ConditionExpression: last ? 'connectionsCount = :one' : 'connectionsCount >= :one',
    ExpressionAttributeValues: { ':minusOne': -1, ':one': 1 },
  },
});

/**
 * One more queue, while the company exists and has fewer than `limit`; with `first`, only while it has
 * none (a queue without a greeting may be the company's only one).
 */
export const addQueueToCompanyAction = (companyId: string, limit: number, { first }: { readonly first: boolean }): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.company(companyId),
    UpdateExpression: 'ADD queuesCount :one',
    ConditionExpression: `attribute_exists(PK) AND queuesCount < :limit${first ? ' AND queuesCount < :one' : ''}`,
    ExpressionAttributeValues: { ':one': 1, ':limit': limit },
  },
});

/** One queue less, while the company exists. */
export const removeQueueFromCompanyAction = (companyId: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.company(companyId),
    UpdateExpression: 'ADD queuesCount :minusOne',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':minusOne': -1 },
  },
});

/** Holds while the company has one queue at most (a queue without a greeting must be the only one). */
export const checkSingleQueueAction = (companyId: string): TransactItem => ({
  ConditionCheck: {
    TableName: table(),
    Key: keys.company(companyId),
    ConditionExpression: 'queuesCount <= :one',
    ExpressionAttributeValues: { ':one': 1 },
  },
});
