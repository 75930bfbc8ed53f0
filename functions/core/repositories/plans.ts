/** Plans: platform data, a handful of items in one partition. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '../../../shared/plans';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, table } from './table';

export const planItem = (plan: Plan) => ({ ...keys.plan(plan.id), entity: 'plan', ...plan });

export async function getPlan(planId: string): Promise<Plan | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.plan(planId) }));
  return Item ? fromItem<Plan>(Item) : undefined;
}

export async function listPlans(): Promise<Plan[]> {
  const { PK, SKPrefix } = keys.planPrefix();
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
    }),
  );
  return Items.map((item) => fromItem<Plan>(item));
}
