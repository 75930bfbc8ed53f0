/** Fixed-window rate limits: one conditional counter per window, refused calls not counted. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { AppError } from '../../../functions/core/errors';
import { consumeRateLimit } from '../../../functions/core/http/rate-limit';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => ddb.reset());

const limit = { scope: 'forgot-password:email', subject: 'maria@acme.test', limit: 5, windowSeconds: 3600 };

describe('consumeRateLimit', () => {
  it('adds one to the window\'s counter only while it is under the limit, with a TTL at the window\'s end', async () => {
    ddb.on(UpdateCommand).resolves({});

    await consumeRateLimit({ ...limit, now: new Date('2026-03-10T10:15:00Z') });

    const input = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    const windowStart = Date.parse('2026-03-10T10:00:00Z') / 1000;
    expect(input.Key).toEqual({ PK: expect.stringMatching(/^RATE#forgot-password:email#[A-Za-z0-9_-]{32}$/), SK: `WINDOW#${windowStart / 3600}` });
    expect(input.Key!.PK).not.toContain('maria');
    expect(input).toMatchObject({
      UpdateExpression: 'ADD hits :one SET entity = :entity, expiresAt = :expiresAt',
      ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': 5, ':expiresAt': windowStart + 3600 },
    });
  });

  it('uses another counter in the next window and for another subject', async () => {
    ddb.on(UpdateCommand).resolves({});

    await consumeRateLimit({ ...limit, now: new Date('2026-03-10T10:59:59Z') });
    await consumeRateLimit({ ...limit, now: new Date('2026-03-10T11:00:00Z') });
    await consumeRateLimit({ ...limit, subject: 'joao@acme.test', now: new Date('2026-03-10T11:00:00Z') });

    const [first, second, third] = ddb.commandCalls(UpdateCommand).map((call) => call.args[0].input.Key);
    expect(first!.PK).toBe(second!.PK);
    expect(first!.SK).not.toBe(second!.SK);
    expect(third!.PK).not.toBe(second!.PK);
  });

  it('refuses with ERR_TOO_MANY_REQUESTS and the seconds left in the window when the counter is full', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'full', $metadata: {} }));

    const refusal = await consumeRateLimit({ ...limit, now: new Date('2026-03-10T10:15:00Z') }).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'ERR_TOO_MANY_REQUESTS', status: 429, options: { details: { retryAfterSeconds: 45 * 60 } } });
  });
});
