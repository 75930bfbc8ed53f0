/** Plans: the delete guarded by the company counter in its own condition, and the spec's defaults. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { CreatePlanBody } from '../../../shared/plans';
import { deletePlan } from '../../../functions/core/platform/delete-plan';
import { createPlan } from '../../../functions/core/platform/save-plan';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  ddb.reset();
});

describe('deletePlan', () => {
  it('deletes only while no company counts on the plan, in the delete\'s own condition', async () => {
    ddb.on(DeleteCommand).resolves({});

    await deletePlan('p1');

    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toEqual({
      TableName: 'table-under-test',
      Key: { PK: 'PLATFORM#PLANS', SK: 'PLAN#p1' },
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(companiesCount) OR companiesCount <= :zero)',
      ExpressionAttributeValues: { ':zero': 0 },
    });
  });

  it('answers ERR_PLAN_IN_USE when the condition fails on a plan that exists', async () => {
    ddb.on(DeleteCommand).rejects(new ConditionalCheckFailedException({ message: 'in use', $metadata: {} }));
    ddb.on(GetCommand).resolves({ Item: { PK: 'PLATFORM#PLANS', SK: 'PLAN#p1', id: 'p1', name: 'P1', companiesCount: 2 } });

    expect(await errorCodeOf(deletePlan('p1'))).toBe('ERR_PLAN_IN_USE');
  });

  it('answers ERR_NO_PLAN_FOUND when the condition fails because there is no plan', async () => {
    ddb.on(DeleteCommand).rejects(new ConditionalCheckFailedException({ message: 'missing', $metadata: {} }));
    ddb.on(GetCommand).resolves({});

    expect(await errorCodeOf(deletePlan('p1'))).toBe('ERR_NO_PLAN_FOUND');
  });
});

describe('createPlan', () => {
  it('stores a new plan with the spec defaults and no company on it', async () => {
    ddb.on(PutCommand).resolves({});

    const plan = await createPlan(CreatePlanBody.parse({ name: 'Básico' }), new Date('2025-01-01T00:00:00.000Z'));

    expect(plan).toMatchObject({ name: 'Básico', users: 0, connections: 0, queues: 0, value: 0, useCampaigns: true, useOpenAi: true, companiesCount: 0 });
    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({
      Item: { PK: 'PLATFORM#PLANS', SK: `PLAN#${plan.id}`, entity: 'plan', companiesCount: 0, useKanban: true },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  });
});
