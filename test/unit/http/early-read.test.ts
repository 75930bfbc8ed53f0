/**
 * A caller route with an early read: in a warm container the tenant's read starts with the caller's,
 * its result reaches the route only once the session passed, and a refused session drops it unread;
 * in a cold container it runs after the caller, for the caller's company.
 */
import { jest } from '@jest/globals';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Context } from 'aws-lambda';
import { forgetRememberedCallers } from '../../../functions/core/caller/load-caller';
import { callerRouteWithEarlyRead, httpModule, type HttpEvent } from '../../../functions/core/http/http-module';
import { ok } from '../../../functions/core/http/reply';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const context = { awsRequestId: 'request-1' } as Context;

const identity = { PK: 'IDENTITY#sub-1', SK: 'IDENTITY', sub: 'sub-1', userId: 'U1', companyId: 'C1' };
const user = { PK: 'C#C1', SK: 'USER#U1', id: 'U1', companyId: 'C1', profile: 'admin', super: false, queueIds: [] };
const company = { PK: 'C#C1', SK: 'COMPANY', id: 'C1', name: 'Acme', planId: 'P1', status: true, dueDate: '2999-12-31' };
const plan = { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1', id: 'P1', name: 'Starter' };

type StoredKey = { PK: string; SK: string };
let stored: Record<string, unknown>[] = [];
const find = (key: StoredKey) => stored.find((item) => item.PK === key.PK && item.SK === key.SK);

/** What happened, in order: the route's early read starting, and the caller's batch read answering. */
let timeline: string[] = [];

const event = (): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'GET /version',
    rawPath: '/version',
    headers: {},
    requestContext: { requestId: 'r1', http: { method: 'GET', path: '/version' }, authorizer: { jwt: { claims: { sub: 'sub-1' }, scopes: [] } } },
    isBase64Encoded: false,
  }) as unknown as HttpEvent;

const early = jest.fn(async (_input: unknown, companyId: string) => {
  timeline.push(`early read of ${companyId}`);
  return `found in ${companyId}`;
});
const run = jest.fn(async ({ early: found }: { early: string }) => ok({ found }));
const handler = httpModule('version', { 'GET /version': callerRouteWithEarlyRead({}, early, run) });

beforeEach(() => {
  forgetRememberedCallers();
  ddb.reset();
  early.mockClear();
  run.mockClear();
  timeline = [];
  stored = [identity, user, company, plan];
  ddb.on(GetCommand).callsFake((input: { Key: StoredKey }) => ({ Item: find(input.Key) }));
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: StoredKey[] }> }) => {
    timeline.push('caller read');
    return {
      Responses: Object.fromEntries(Object.entries(input.RequestItems).map(([table, { Keys }]) => [table, Keys.map(find).filter(Boolean)])),
    };
  });
});

describe('callerRouteWithEarlyRead', () => {
  it("runs the early read after the caller's in a cold container, then, warm, starts it with the caller's", async () => {
    const cold = await handler(event(), context);
    expect(JSON.parse(String(cold.body))).toEqual({ found: 'found in C1' });
    expect(timeline).toEqual(['caller read', 'early read of C1']);

    timeline = [];
    const warm = await handler(event(), context);
    expect(JSON.parse(String(warm.body))).toEqual({ found: 'found in C1' });
    expect(timeline).toEqual(['early read of C1', 'caller read']);
  });

  it('drops what the early read found when the session is refused, and never runs the route', async () => {
    await handler(event(), context);
    run.mockClear();
    // The user is deleted: the warm container still remembers the identity, so the early read starts.
    stored = [identity, company, plan];

    const refused = await handler(event(), context);

    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(String(refused.body))).toMatchObject({ error: 'ERR_SESSION_EXPIRED' });
    expect(run).not.toHaveBeenCalled();
  });

  it("answers the early read's failure as the request's, once the session passed", async () => {
    await handler(event(), context);
    early.mockImplementationOnce(async () => {
      throw new Error('the index is unreachable');
    });

    const failed = await handler(event(), context);

    expect(failed.statusCode).toBe(500);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
