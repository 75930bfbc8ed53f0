/**
 * WhatsApp connections of a company (spec 2 §3): one item per connection in the company partition, the
 * item naming the company's default connection, and the platform lookup item of each connection's API
 * token (by the token's SHA-256, so the external API can find the connection without knowing the
 * company). The token itself is never stored. Session credentials (the Baileys auth state) are items of
 * the session host under the connection, never read here.
 *
 * A Cloud API connection (issue 32) keeps Meta's credentials on its own item (the access token and the
 * app secret leave it only into Graph API calls and the webhook's signature check: never answered,
 * logged, published or queued) with its webhook's verify token, and a platform lookup item naming its
 * company, which the public webhook route reads before it knows the company.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectionDto } from '../../../shared/connections';
import type { CloudConnectionDto } from '../../../shared/whatsapp-cloud';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { batchGetAll, fromItem, queryPrefix, setFields, table } from './table';
import type { TransactItem } from './transaction';

/**
 * A connection as stored: the API's fields (without the queue summaries) with its company and token
 * hash. `pairingCode` is absent on items written before linking by code existed.
 */
export interface Connection extends Omit<ConnectionDto, 'queues' | 'pairingCode' | 'campaignDailyLimit' | 'campaignSchedule' | keyof CloudConnectionDto>, CloudCredentials {
  readonly pairingCode?: string;
  /** Absent on connections stored before campaigns had them: no cap, any time. */
  readonly campaignDailyLimit?: number | null;
  readonly campaignSchedule?: ConnectionDto['campaignSchedule'];
  readonly companyId: string;
  /** SHA-256 (hex) of the current API token. */
  readonly tokenHash: string;
}

/**
 * What a `cloud` connection stores of its Meta setup; absent on Baileys and simulator connections (and
 * on every connection stored before issue 32). The token and the secret are write-only (§1.6).
 */
export interface CloudCredentials {
  readonly cloudPhoneNumberId?: string;
  readonly cloudBusinessAccountId?: string;
  readonly cloudAccessToken?: string;
  readonly cloudAppSecret?: string;
  /** Made at creation (random), never changed: Meta's webhook handshake must echo it. */
  readonly webhookVerifyToken?: string;
}

export interface TokenLookup {
  readonly companyId: string;
  readonly connectionId: string;
}

export const connectionItem = (connection: Connection) => ({
  ...keys.connection(connection.companyId, connection.id),
  entity: 'whatsapp',
  ...connection,
});

export const defaultConnectionItem = (companyId: string, whatsappId: string) => ({
  ...keys.defaultConnection(companyId),
  entity: 'defaultWhatsapp',
  whatsappId,
});

export const tokenLookupItem = (tokenHash: string, lookup: TokenLookup) => ({
  ...keys.connectionToken(tokenHash),
  entity: 'connectionToken',
  ...lookup,
});

export const connectionCompanyItem = (companyId: string, whatsappId: string) => ({
  ...keys.connectionCompany(whatsappId),
  entity: 'connectionCompany',
  companyId,
  whatsappId,
});

/** A Cloud API connection's webhook verify token: 24 random bytes, base64url. */
export const newWebhookVerifyToken = (): string => randomBytes(24).toString('base64url');

/** A new API token: 32 random bytes, base64url; with the hash that is stored. */
export function newConnectionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashConnectionToken(token) };
}

export const hashConnectionToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** One connection of the company; strongly consistent when about to be changed. */
export async function getConnection(companyId: string, whatsappId: string, consistent = false): Promise<Connection | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.connection(companyId, whatsappId), ConsistentRead: consistent }),
  );
  return Item ? fromItem<Connection>(Item) : undefined;
}

/** Every connection of the company (plan-bounded: one Query of its partition), by name. */
export async function listConnections(companyId: string): Promise<Connection[]> {
  const items = await queryPrefix(keys.connectionPrefix(companyId), { ConsistentRead: true });
  return items
    .map((item) => fromItem<Connection>(item))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

/**
 * Whether a live session host holds the shard (its lease, functions/sessions/leases.ts, runs on): only
 * then is there a process to carry out a command and answer it. Read strongly, like every lease read.
 */
export async function isShardHeld(shard: number, now = new Date()): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.sessionLease(shard), ConsistentRead: true, ProjectionExpression: 'leaseUntil' }));
  return typeof Item?.leaseUntil === 'number' && Item.leaseUntil > now.getTime();
}

/** The id of the company's default connection, or undefined when it has none (no connection yet). */
export async function getDefaultConnectionId(companyId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.defaultConnection(companyId), ConsistentRead: true }));
  return Item ? String(Item.whatsappId) : undefined;
}

/** The company and connection a bearer token belongs to (the external API, next slice). */
export async function findConnectionByToken(token: string): Promise<TokenLookup | undefined> {
  if (token === '') return undefined;
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.connectionToken(hashConnectionToken(token)) }));
  return Item ? { companyId: String(Item.companyId), connectionId: String(Item.connectionId) } : undefined;
}

/**
 * A connection found by its id alone (a Cloud API webhook names nothing else): through the platform
 * lookup item written with it, then its company's item. Undefined when either is missing.
 */
export async function findConnectionById(whatsappId: string): Promise<Connection | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.connectionCompany(whatsappId) }));
  if (!Item || typeof Item.companyId !== 'string') return undefined;
  return getConnection(Item.companyId, whatsappId);
}

/** Names of connections by id, for lists that show them; connections that are gone are left out. */
export async function getConnectionSummaries(companyId: string, whatsappIds: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
  if (whatsappIds.length === 0) return new Map();
  const items = await batchGetAll(
    whatsappIds.map((id) => keys.connection(companyId, id)),
    { projection: 'id, #name', names: { '#name': 'name' } },
  );
  return new Map(items.map((item) => [String(item.id), { id: String(item.id), name: String(item.name) }]));
}

/** What the session host last reported about a connection's session (never a credential). */
export interface SessionState {
  readonly status: Connection['status'];
  readonly qrcode: string;
  readonly retries: number;
  /** The code for linking by phone number while one is offered; '' otherwise. */
  readonly pairingCode: string;
  readonly updatedAt: string;
}

/**
 * Stores the session's state on an existing connection, unless a newer one is stored already: states
 * are written by the admin's session buttons (OPENING, DISCONNECTED) and by the session host (each QR
 * code, CONNECTED...), from different machines and without a lock, so a write can land after a newer
 * one (a button's OPENING after the host, quick on the command, already offered its QR code). Each
 * state carries when it was decided (`updatedAt`, kept as `sessionStateAt` since an edit of the form
 * moves `updatedAt` too) and an older one is dropped. Answers the connection as it is now with whether
 * this state was stored, or undefined when the connection is gone.
 */
export async function setSessionState(
  companyId: string,
  whatsappId: string,
  state: SessionState,
): Promise<{ readonly connection: Connection; readonly applied: boolean } | undefined> {
  const update = setFields({ ...state, sessionStateAt: state.updatedAt });
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.connection(companyId, whatsappId),
        ...update,
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#at) OR #at <= :at)',
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#at': 'sessionStateAt' },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':at': state.updatedAt },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? { connection: fromItem<Connection>(Attributes), applied: true } : undefined;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const current = await getConnection(companyId, whatsappId, true);
    return current ? { connection: current, applied: false } : undefined;
  }
}

// ---- transaction actions ----------------------------------------------------------------------------

const isNew = 'attribute_not_exists(PK)';

export const putNewConnectionAction = (connection: Connection): TransactItem => ({
  Put: { TableName: table(), Item: connectionItem(connection), ConditionExpression: isNew },
});

/** Sets the defined fields of the connection; fails when it is gone. */
export const updateConnectionAction = (companyId: string, whatsappId: string, fields: Record<string, unknown>): TransactItem => ({
  Update: { TableName: table(), Key: keys.connection(companyId, whatsappId), ...setFields(fields), ConditionExpression: 'attribute_exists(PK)' },
});

/** Holds while the connection exists. */
export const checkConnectionAction = (companyId: string, whatsappId: string): TransactItem => ({
  ConditionCheck: { TableName: table(), Key: keys.connection(companyId, whatsappId), ConditionExpression: 'attribute_exists(PK)' },
});

/** Deletes the connection; fails when it is gone already. */
export const deleteConnectionAction = (companyId: string, whatsappId: string): TransactItem => ({
  Delete: { TableName: table(), Key: keys.connection(companyId, whatsappId), ConditionExpression: 'attribute_exists(PK)' },
});

/** Stores a new token's hash on the connection, only while it still has the hash read: two rotations cannot both win. */
export const setConnectionTokenAction = (connection: Pick<Connection, 'companyId' | 'id' | 'tokenHash'>, tokenHash: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.connection(connection.companyId, connection.id),
    UpdateExpression: 'SET tokenHash = :new',
    ConditionExpression: 'attribute_exists(PK) AND tokenHash = :old',
    ExpressionAttributeValues: { ':new': tokenHash, ':old': connection.tokenHash },
  },
});

/** Takes the lookup item of a new token; fails when the hash is taken (never, for 32 random bytes). */
export const putNewTokenLookupAction = (tokenHash: string, lookup: TokenLookup): TransactItem => ({
  Put: { TableName: table(), Item: tokenLookupItem(tokenHash, lookup), ConditionExpression: isNew },
});

/** Takes the lookup item of a new connection's id (a Cloud API connection's webhook reads it). */
export const putConnectionCompanyAction = (companyId: string, whatsappId: string): TransactItem => ({
  Put: { TableName: table(), Item: connectionCompanyItem(companyId, whatsappId), ConditionExpression: isNew },
});

/** Deletes a connection's id lookup item (absent on all but Cloud API connections: a delete of nothing succeeds). */
export const deleteConnectionCompanyAction = (whatsappId: string): TransactItem => ({
  Delete: { TableName: table(), Key: keys.connectionCompany(whatsappId) },
});

/** Deletes a token's lookup item: the token stops working. */
export const deleteTokenLookupAction = (tokenHash: string): TransactItem => ({
  Delete: { TableName: table(), Key: keys.connectionToken(tokenHash) },
});

/**
 * Makes `whatsappId` the company's default connection: the default item moves only if it still names
 * `previous` (or, with none, if there is still none).
 */
export const claimDefaultConnectionAction = (companyId: string, whatsappId: string, previous: string | undefined): TransactItem => ({
  Put: {
    TableName: table(),
    Item: defaultConnectionItem(companyId, whatsappId),
    ...(previous === undefined
      ? { ConditionExpression: isNew }
      : { ConditionExpression: 'whatsappId = :previous', ExpressionAttributeValues: { ':previous': previous } }),
  },
});

/** Deletes the default item, if it names this connection (or is gone already). */
export const releaseDefaultConnectionAction = (companyId: string, whatsappId: string): TransactItem => ({
  Delete: {
    TableName: table(),
    Key: keys.defaultConnection(companyId),
    ConditionExpression: 'attribute_not_exists(PK) OR whatsappId = :id',
    ExpressionAttributeValues: { ':id': whatsappId },
  },
});

/** Clears the default flag of the connection that was the default; fails when it is gone. */
export const clearDefaultFlagAction = (companyId: string, whatsappId: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.connection(companyId, whatsappId),
    UpdateExpression: 'SET isDefault = :false',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':false': false },
  },
});
