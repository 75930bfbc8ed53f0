/**
 * The stored WhatsApp pairing state of a connection (docs/architecture.md §3 "WhatsApp sessions"): its credentials
 * and one item per signal key, in the connection's auth partition, plus the content of the messages it
 * sent (for the network's retry requests). Values are opaque strings here (the provider serialises
 * them); this module knows only keys, fencing and size.
 *
 * Fencing: every write of the auth partition carries the writer's fencing token (the shard lease's
 * version, functions/sessions/leases.ts) in a `fence` attribute and is conditional on the stored one not
 * being newer. A host that lost its lease and still runs can therefore never overwrite what the new
 * owner wrote; its write fails with FencedWriteError and it must close the session. BatchWriteItem
 * takes no conditions, so writes are single conditional Puts and Deletes, a few at a time.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../core/aws/clients';
import { keys } from '../../core/repositories/keys';
import { batchGetAll, batchWriteAll, queryAll, table } from '../../core/repositories/table';

/** A write was refused because a newer lease owner has written the connection's state. */
export class FencedWriteError extends Error {
  constructor(readonly companyId: string, readonly whatsappId: string) {
    super(`The pairing state of connection ${whatsappId} belongs to a newer session owner`);
    this.name = 'FencedWriteError';
  }
}

export interface SessionAuthOwner {
  readonly companyId: string;
  readonly whatsappId: string;
  readonly fencingToken: number;
}

export interface SessionKeyRef {
  readonly type: string;
  readonly id: string;
}

/** A key to store, or to delete when `value` is null. */
export interface SessionKeyWrite extends SessionKeyRef {
  readonly value: string | null;
}

/**
 * Values above this are stored gzipped (app-state hash states grow with the account's chats); JSON of
 * keys compresses well, and DynamoDB's item limit is 400 KB.
 */
const COMPRESS_ABOVE_BYTES = 64 * 1024;
const ITEM_VALUE_MAX_BYTES = 390 * 1024;
/** Conditional writes in flight at once for one key set (the first pairing stores hundreds of pre-keys). */
const WRITE_CONCURRENCY = 8;

const FENCE_CONDITION = 'attribute_not_exists(fence) OR fence <= :mine';

function storedValue(value: string): { value: string } | { valueGz: Uint8Array } {
  if (Buffer.byteLength(value) <= COMPRESS_ABOVE_BYTES) return { value };
  const valueGz = gzipSync(value);
  if (valueGz.byteLength > ITEM_VALUE_MAX_BYTES) {
    throw new Error(`A session state value of ${valueGz.byteLength} compressed bytes does not fit a DynamoDB item`);
  }
  return { valueGz };
}

function readValue(item: Record<string, unknown>): string | undefined {
  if (typeof item.value === 'string') return item.value;
  if (item.valueGz instanceof Uint8Array) return gunzipSync(item.valueGz).toString('utf8');
  return undefined;
}

async function fenced<T>(owner: SessionAuthOwner, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new FencedWriteError(owner.companyId, owner.whatsappId);
    throw error;
  }
}

/** The stored credentials (consistent read), or undefined when the connection was never paired or was cleared. */
export async function getSessionCreds(companyId: string, whatsappId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.sessionAuthCreds(companyId, whatsappId), ConsistentRead: true }),
  );
  return Item === undefined ? undefined : readValue(Item);
}

export async function putSessionCreds(owner: SessionAuthOwner, value: string): Promise<void> {
  await fenced(owner, () =>
    dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.sessionAuthCreds(owner.companyId, owner.whatsappId),
          entity: 'sessionAuth',
          ...storedValue(value),
          fence: owner.fencingToken,
        },
        ConditionExpression: FENCE_CONDITION,
        ExpressionAttributeValues: { ':mine': owner.fencingToken },
      }),
    ),
  );
}

/** Reads keys by type and id (consistent, 100 per call); answers `type` + '\n' + `id` -> value for those found. */
export async function getSessionKeys(companyId: string, whatsappId: string, refs: readonly SessionKeyRef[]): Promise<Map<string, string>> {
  const unique = new Map(refs.map((ref) => [sessionKeyName(ref), ref]));
  const items = await batchGetAll(
    [...unique.values()].map((ref) => keys.sessionAuthKey(companyId, whatsappId, ref.type, ref.id)),
    { consistent: true, projection: 'keyType, keyId, #value, valueGz', names: { '#value': 'value' } },
  );
  const found = new Map<string, string>();
  for (const item of items) {
    const value = readValue(item);
    if (value !== undefined) found.set(sessionKeyName({ type: String(item.keyType), id: String(item.keyId) }), value);
  }
  return found;
}

/** The name getSessionKeys answers a key under. */
export const sessionKeyName = (ref: SessionKeyRef) => `${ref.type}\n${ref.id}`;

/**
 * Stores and deletes keys, each conditional on the fence. Throws FencedWriteError when any write was
 * refused (the others may have been applied: the session must stop either way).
 */
export async function writeSessionKeys(owner: SessionAuthOwner, writes: readonly SessionKeyWrite[]): Promise<void> {
  const pending = [...writes];
  const worker = async () => {
    for (let write = pending.shift(); write !== undefined; write = pending.shift()) await writeSessionKey(owner, write);
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(WRITE_CONCURRENCY, pending.length) }, worker));
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
}

async function writeSessionKey(owner: SessionAuthOwner, write: SessionKeyWrite): Promise<void> {
  const Key = keys.sessionAuthKey(owner.companyId, owner.whatsappId, write.type, write.id);
  const ExpressionAttributeValues = { ':mine': owner.fencingToken };
  await fenced(owner, () =>
    write.value === null
      ? dynamo().send(new DeleteCommand({ TableName: table(), Key, ConditionExpression: FENCE_CONDITION, ExpressionAttributeValues }))
      : dynamo().send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...Key,
              entity: 'sessionAuth',
              keyType: write.type,
              keyId: write.id,
              ...storedValue(write.value),
              fence: owner.fencingToken,
            },
            ConditionExpression: FENCE_CONDITION,
            ExpressionAttributeValues,
          }),
        ),
  );
}

/**
 * Deletes every item of the connection's pairing state. Not fenced: it is the decision that the pairing
 * is void (logged out, new QR wanted, connection deleted), whoever makes it.
 */
export async function clearSessionAuth(companyId: string, whatsappId: string): Promise<void> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.sessionAuthPartition(companyId, whatsappId).PK },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
  await batchWriteAll(items.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
}

/** How long a sent message's content is kept for retry requests (the network retries within hours). */
export const SENT_MESSAGE_TTL_SECONDS = 3 * 24 * 60 * 60;

/** Keeps the encoded content of a message the connection sent (TTL'd). */
export async function putSentMessage(
  companyId: string,
  whatsappId: string,
  whatsappMessageId: string,
  content: Uint8Array,
  now = new Date(),
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.sessionSentMessage(companyId, whatsappId, whatsappMessageId),
        entity: 'sessionSentMessage',
        content,
        expiresAt: Math.floor(now.getTime() / 1000) + SENT_MESSAGE_TTL_SECONDS,
      },
    }),
  );
}

/** The encoded content of a sent message, or undefined when unknown or expired (TTL deletion is lazy). */
export async function getSentMessage(
  companyId: string,
  whatsappId: string,
  whatsappMessageId: string,
  now = new Date(),
): Promise<Uint8Array | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.sessionSentMessage(companyId, whatsappId, whatsappMessageId) }),
  );
  if (Item === undefined || Number(Item.expiresAt) < now.getTime() / 1000) return undefined;
  return Item.content instanceof Uint8Array ? Item.content : undefined;
}
