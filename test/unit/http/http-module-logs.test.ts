/**
 * The log lines of a routed call (core/observability.ts through the HTTP module): once the caller is
 * known they carry the invocation's request id, the company and the user, the request's own line
 * included; the next invocation's lines carry none of them.
 */
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { forgetRememberedCallers } from '../../../functions/core/caller/load-caller';
import { callerRoute, httpModule, publicRoute, type HttpEvent } from '../../../functions/core/http/http-module';
import { ok } from '../../../functions/core/http/reply';
import { logger } from '../../../functions/core/logger';
import { lambdaContext } from '../../../infra/local/lambda';
import { atLogLevel, logLinesOf } from '../../support/log-lines';

process.env.TABLE_NAME = 'table-under-test';

const ddb = mockClient(DynamoDBDocumentClient);

const identity = { PK: 'IDENTITY#sub-1', SK: 'IDENTITY', sub: 'sub-1', userId: 'U1', companyId: 'C1' };
const user = { PK: 'C#C1', SK: 'USER#U1', id: 'U1', companyId: 'C1', profile: 'admin', super: false, queueIds: [] };
const company = { PK: 'C#C1', SK: 'COMPANY', id: 'C1', name: 'Acme', planId: 'P1', status: true, dueDate: '2999-12-31' };
const plan = { PK: 'PLATFORM#PLANS', SK: 'PLAN#P1', id: 'P1', name: 'Starter' };
const stored: Record<string, unknown>[] = [identity, user, company, plan];
type StoredKey = { PK: string; SK: string };
const find = (key: StoredKey) => stored.find((item) => item.PK === key.PK && item.SK === key.SK);

const event = (routeKey: string): HttpEvent =>
  ({
    version: '2.0',
    routeKey,
    rawPath: '/',
    headers: {},
    requestContext: { requestId: 'gateway-1', http: { method: 'GET', path: '/' }, authorizer: { jwt: { claims: { sub: 'sub-1' }, scopes: [] } } },
    isBase64Encoded: false,
  }) as unknown as HttpEvent;

const handler = httpModule('version', {
  'GET /version': callerRoute({}, async ({ caller }) => {
    logger.info('version read', { profile: caller.user.profile });
    return ok({});
  }),
});
const publicHandler = httpModule('version', { 'GET /version': publicRoute({}, async () => ok({})) });

beforeEach(() => {
  forgetRememberedCallers();
  ddb.reset();
  ddb.on(GetCommand).callsFake((input: { Key: StoredKey }) => ({ Item: find(input.Key) }));
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: StoredKey[] }> }) => ({
    Responses: Object.fromEntries(Object.entries(input.RequestItems).map(([table, { Keys }]) => [table, Keys.map(find).filter(Boolean)])),
  }));
});

describe('the log lines of a routed call', () => {
  it("carry the invocation's request id, the caller's company and user, in the route's lines and the request's own", async () => {
    const context = lambdaContext({ functionName: 'http-version' });

    const lines = await atLogLevel('info', () => logLinesOf(() => handler(event('GET /version'), context)));

    expect(lines.map((line) => line.message)).toEqual(['version read', 'request']);
    for (const line of lines) {
      expect(line).toEqual(
        expect.objectContaining({ function_request_id: context.awsRequestId, function_name: 'http-version', companyId: 'C1', userId: 'U1' }),
      );
    }
    expect(lines[1]).toEqual(expect.objectContaining({ module: 'version', routeKey: 'GET /version', status: 200, requestId: 'gateway-1' }));
  });

  it("name no company in the next invocation's lines", async () => {
    await atLogLevel('info', () => logLinesOf(() => handler(event('GET /version'), lambdaContext({ functionName: 'http-version' }))));
    const next = lambdaContext({ functionName: 'http-version' });

    const lines = await atLogLevel('info', () => logLinesOf(() => publicHandler(event('GET /version'), next)));

    expect(lines).toEqual([expect.objectContaining({ message: 'request', function_request_id: next.awsRequestId })]);
    expect(lines[0]).not.toHaveProperty('companyId');
    expect(lines[0]).not.toHaveProperty('userId');
  });
});
