/** Named transactions: a cancellation says by name which conditions failed; a clash with another transaction is a conflict. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { AppError } from '../../functions/core/errors';
import { Steps } from '../../functions/core/repositories/transaction';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => ddb.reset());

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

function twoSteps(): Steps {
  const steps = new Steps();
  steps.add('first', { ConditionCheck: { TableName: 't', Key: { PK: 'a', SK: 'a' }, ConditionExpression: 'attribute_exists(PK)' } });
  steps.add('second', { ConditionCheck: { TableName: 't', Key: { PK: 'b', SK: 'b' }, ConditionExpression: 'attribute_exists(PK)' } });
  return steps;
}

describe('Steps.run', () => {
  it('answers the names of the actions whose condition failed', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));

    expect([...(await twoSteps().run())]).toEqual(['second']);
  });

  it('answers ERR_CONFLICT when another transaction held one of the items at the same moment', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None'));

    const error = await twoSteps().run().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ERR_CONFLICT');
    expect((error as AppError).status).toBe(409);
  });
});
