/**
 * The external API's rules that need no cloud: the bearer token is refused before any read when it is
 * missing, empty or malformed; an Idempotency-Key is claimed with a conditional put and a second use
 * answers the stored answer or a conflict; the request fingerprint.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { AppError } from '../../../functions/core/errors';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../../../functions/core/external-api/external-idempotency';
import { authenticateApiToken, requestFingerprint } from '../../../functions/core/external-api/external-send';
import type { ExternalSendResult } from '../../../shared/external-api';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => ddb.reset());

const caller = { companyId: 'C1', connectionId: 'W1' };
const now = new Date('2026-03-10T10:00:00Z');
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });
const answer = { ticketId: 'T1', contactId: 'K1' } as unknown as ExternalSendResult;

describe('authenticateApiToken', () => {
  it.each([undefined, '', 'Bearer', 'Bearer ', 'Bearer  ', 'Basic abc', 'bearer abc', 'Bearer a b'])(
    'refuses %p with ERR_INVALID_API_TOKEN without reading the table',
    async (authorization) => {
      await expect(authenticateApiToken(authorization)).rejects.toMatchObject({ code: 'ERR_INVALID_API_TOKEN', status: 401 });
      expect(ddb.calls()).toHaveLength(0);
    },
  );

  it('refuses a well-formed token that names no connection', async () => {
    ddb.on(GetCommand).resolves({});

    await expect(authenticateApiToken('Bearer unknown-token')).rejects.toBeInstanceOf(AppError);

    const key = ddb.commandCalls(GetCommand)[0]!.args[0].input.Key;
    expect(key).toEqual({ PK: expect.stringMatching(/^TOKEN#/), SK: 'TOKEN' });
    expect(key!.PK).not.toContain('unknown-token');
  });
});

describe('claimIdempotencyKey', () => {
  it('claims a new key with a conditional put under the company and connection, with a 24 h TTL', async () => {
    ddb.on(PutCommand).resolves({});

    expect(await claimIdempotencyKey(caller, 'key-1', 'fp', now)).toBeUndefined();

    const input = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      ConditionExpression: 'attribute_not_exists(PK)',
      Item: { PK: 'C#C1#APIIDEM#W1#key-1', SK: 'IDEMPOTENCY', state: 'running', fingerprint: 'fp', expiresAt: now.getTime() / 1000 + 86400 },
    });
  });

  it('answers the stored answer of a finished use of the key with the same request', async () => {
    ddb.on(PutCommand).rejects(conditionFailed());
    ddb.on(GetCommand).resolves({ Item: { state: 'done', fingerprint: 'fp', response: answer } });

    expect(await claimIdempotencyKey(caller, 'key-1', 'fp', now)).toEqual(answer);
  });

  it.each([
    ['another request', { state: 'done', fingerprint: 'other', response: answer }],
    ['a first use still running', { state: 'running', fingerprint: 'fp' }],
  ])('refuses %s with ERR_IDEMPOTENCY_KEY_CONFLICT', async (_name, Item) => {
    ddb.on(PutCommand).rejects(conditionFailed());
    ddb.on(GetCommand).resolves({ Item });

    await expect(claimIdempotencyKey(caller, 'key-1', 'fp', now)).rejects.toMatchObject({ code: 'ERR_IDEMPOTENCY_KEY_CONFLICT', status: 409 });
  });

  it('stores the answer on completion and releases only a running claim', async () => {
    ddb.on(UpdateCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});

    await completeIdempotencyKey(caller, 'key-1', answer);
    await releaseIdempotencyKey(caller, 'key-2');

    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'C#C1#APIIDEM#W1#key-1', SK: 'IDEMPOTENCY' },
      ExpressionAttributeValues: { ':done': 'done', ':response': answer },
    });
    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'C#C1#APIIDEM#W1#key-2', SK: 'IDEMPOTENCY' },
      ConditionExpression: '#state = :running',
    });
  });
});

describe('requestFingerprint', () => {
  const file = (bytes: string) => ({ fieldName: 'medias', fileName: 'a.png', mimeType: 'image/png', bytes: Buffer.from(bytes) });

  it('is the same for the same number, text and files, and differs when any of them differs', () => {
    const base = { number: '5511999990000', body: 'Olá', files: [file('x')] };

    expect(requestFingerprint(base)).toBe(requestFingerprint({ ...base, files: [file('x')] }));
    expect(requestFingerprint({ ...base, number: '5511999990001' })).not.toBe(requestFingerprint(base));
    expect(requestFingerprint({ ...base, body: 'Oi' })).not.toBe(requestFingerprint(base));
    expect(requestFingerprint({ ...base, files: [file('y')] })).not.toBe(requestFingerprint(base));
  });

  it('tells template sends apart by name, language and variables, and keeps a text send\'s fingerprint as it was before templates', () => {
    const text = { number: '5511999990000', body: 'Olá', files: [] };
    const send = { number: '5511999990000', body: '', files: [], template: { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria'] } };
    const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

    expect(requestFingerprint(text)).toBe(sha(['5511999990000', 'Olá', [], false]));
    expect(requestFingerprint(send)).toBe(requestFingerprint({ ...send, template: { ...send.template } }));
    expect(requestFingerprint(send)).not.toBe(requestFingerprint({ ...send, template: { ...send.template, variables: ['Ana'] } }));
    expect(requestFingerprint(send)).not.toBe(requestFingerprint({ ...send, template: { ...send.template, language: 'en_US' } }));
    expect(requestFingerprint(send)).not.toBe(requestFingerprint({ ...send, template: { ...send.template, name: 'outro' } }));
    expect(requestFingerprint(send)).not.toBe(requestFingerprint({ ...send, template: undefined }));
  });
});
