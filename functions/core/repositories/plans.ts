/**
 * Plans: platform data, a handful of items in one partition. Each plan item counts the companies on it
 * (`companiesCount`), moved in the same transaction as the company that joins or leaves it, so a plan
 * in use is never deleted.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { AI_TOKENS_PER_MONTH_DEFAULT, PLAN_FLAGS, type Plan, type PlanWithUsage } from '../../../shared/plans';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, queryPrefix, table, updateExistingItem } from './table';
import type { TransactItem } from './transaction';

export const planItem = (plan: Plan) => ({ ...keys.plan(plan.id), entity: 'plan', ...plan });

/** The plan's own fields only, whatever else the item holds (the AI cap defaulted on plans stored before it). */
export function toPlan(plan: Plan): Plan {
  return {
    id: plan.id,
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: plan.value,
    aiTokensPerMonth: typeof plan.aiTokensPerMonth === 'number' ? plan.aiTokensPerMonth : AI_TOKENS_PER_MONTH_DEFAULT,
    ...(Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, plan[flag]])) as Pick<Plan, (typeof PLAN_FLAGS)[number]>),
  };
}

const toPlanWithUsage = (item: Record<string, unknown>): PlanWithUsage => {
  const stored = fromItem<Plan & { companiesCount?: number }>(item);
  return { ...toPlan(stored), companiesCount: stored.companiesCount ?? 0 };
};

export async function getPlan(planId: string): Promise<Plan | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.plan(planId) }));
  return Item ? toPlan(fromItem<Plan>(Item)) : undefined;
}

export async function getPlanWithUsage(planId: string): Promise<PlanWithUsage | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.plan(planId), ConsistentRead: true }));
  return Item ? toPlanWithUsage(Item) : undefined;
}

export async function listPlans(): Promise<Plan[]> {
  return (await queryPrefix(keys.planPrefix())).map((item) => fromItem<Plan>(item));
}

export async function listPlansWithUsage(): Promise<PlanWithUsage[]> {
  return (await queryPrefix(keys.planPrefix())).map(toPlanWithUsage);
}

/** Stores a new plan, used by no company yet. */
export async function putNewPlan(plan: Plan, now = new Date()): Promise<PlanWithUsage> {
  const stamp = now.toISOString();
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...planItem(plan), companiesCount: 0, createdAt: stamp, updatedAt: stamp },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return { ...toPlan(plan), companiesCount: 0 };
}

/** Applies the changes to an existing plan and answers it; undefined when there is no such plan. */
export async function updatePlan(planId: string, changes: Partial<Omit<Plan, 'id'>>, now = new Date()): Promise<PlanWithUsage | undefined> {
  const item = await updateExistingItem(keys.plan(planId), { ...changes, updatedAt: now.toISOString() });
  return item ? toPlanWithUsage(item) : undefined;
}

/**
 * Deletes a plan that no company uses. Answers 'deleted', 'missing' or 'in-use'; the count is checked
 * in the delete's own condition, so a company joining the plan at the same moment cannot slip through.
 */
export async function deleteUnusedPlan(planId: string): Promise<'deleted' | 'missing' | 'in-use'> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.plan(planId),
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(companiesCount) OR companiesCount <= :zero)',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
    return 'deleted';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return (await getPlanWithUsage(planId)) ? 'in-use' : 'missing';
  }
}

/**
 * The transaction action that moves a plan's company counter. It requires the plan to exist: a company
 * cannot join a missing plan, and a decrement must not create a phantom plan item (callers leave a plan
 * that is gone out of the transaction; one in use cannot be deleted, so that only follows hand edits).
 */
export function planCounterAction(planId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.plan(planId),
      UpdateExpression: 'ADD companiesCount :delta',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}
