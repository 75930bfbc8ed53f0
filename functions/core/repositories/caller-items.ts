/**
 * The items every tenant request reads to know its caller (caller/load-caller.ts): the user, its
 * company and the company's plan, in one BatchGetItem (one round trip instead of three sequential
 * GetItems). The items come back in no order; each is told by its key.
 */
import type { Plan } from '../../../shared/plans';
import type { Company } from './companies';
import { keys, type Key } from './keys';
import { batchGetAll, fromItem } from './table';
import { userOf, type User } from './users';

export interface CallerItems {
  readonly user?: User;
  readonly company?: Company;
  /** The plan asked for, when it exists; undefined when none was asked for. */
  readonly plan?: Plan;
}

const sameKey = (item: Record<string, unknown>, key: Key) => item.PK === key.PK && item.SK === key.SK;

/**
 * Reads the user and the company, and the plan `planId` when given (the caller's guess of the
 * company's plan: the company item says which plan is right, and the caller checks it). Eventually
 * consistent reads, as the single GetItems they replace; keys DynamoDB leaves unprocessed are read again.
 */
export async function getCallerItems(companyId: string, userId: string, planId?: string): Promise<CallerItems> {
  const userKey = keys.user(companyId, userId);
  const companyKey = keys.company(companyId);
  const planKey = planId === undefined ? undefined : keys.plan(planId);
  const items = await batchGetAll(planKey ? [userKey, companyKey, planKey] : [userKey, companyKey]);
  const find = (key: Key | undefined) => (key ? items.find((item) => sameKey(item, key)) : undefined);
  const user = find(userKey);
  const company = find(companyKey);
  const plan = find(planKey);
  return {
    ...(user ? { user: userOf(user) } : {}),
    ...(company ? { company: fromItem<Company>(company) } : {}),
    ...(plan ? { plan: fromItem<Plan>(plan) } : {}),
  };
}
