/**
 * WhatsApp connections of a company (spec 2 §3): one item per connection in the company partition, the
 * item naming the company's default connection, and the platform lookup item of each connection's API
 * token (by the token's SHA-256, so the external API can find the connection without knowing the
 * company). The token itself is never stored. Session credentials (the Baileys auth state) are items of
 * the session host under the connection, never read here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectionDto } from '../../../shared/connections';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, queryPrefix, table } from './table';

/** A connection as stored: the API's fields (without the queue summaries) with its company and token hash. */
export interface Connection extends Omit<ConnectionDto, 'queues'> {
  readonly companyId: string;
  /** SHA-256 (hex) of the current API token. */
  readonly tokenHash: string;
}

export interface TokenLookup {
  readonly companyId: string;
  readonly connectionId: string;
}

export const connectionItem = (connection: Connection) => ({
  ...keys.whatsapp(connection.companyId, connection.id),
  entity: 'whatsapp',
  ...connection,
});

export const defaultConnectionItem = (companyId: string, whatsappId: string) => ({
  ...keys.defaultWhatsapp(companyId),
  entity: 'defaultWhatsapp',
  whatsappId,
});

export const tokenLookupItem = (tokenHash: string, lookup: TokenLookup) => ({
  ...keys.connectionToken(tokenHash),
  entity: 'connectionToken',
  ...lookup,
});

/** A new API token: 32 random bytes, base64url; with the hash that is stored. */
export function newConnectionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashConnectionToken(token) };
}

export const hashConnectionToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** One connection of the company; strongly consistent when about to be changed. */
export async function getConnection(companyId: string, whatsappId: string, consistent = false): Promise<Connection | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.whatsapp(companyId, whatsappId), ConsistentRead: consistent }),
  );
  return Item ? fromItem<Connection>(Item) : undefined;
}

/** Every connection of the company (plan-bounded: one Query of its partition), by name. */
export async function listConnections(companyId: string): Promise<Connection[]> {
  const items = await queryPrefix(keys.whatsappPrefix(companyId), { ConsistentRead: true });
  return items
    .map((item) => fromItem<Connection>(item))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

/** The id of the company's default connection, or undefined when it has none (no connection yet). */
export async function getDefaultConnectionId(companyId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.defaultWhatsapp(companyId), ConsistentRead: true }));
  return Item ? String(Item.whatsappId) : undefined;
}

/** The company and connection a bearer token belongs to (the external API, next slice). */
export async function findConnectionByToken(token: string): Promise<TokenLookup | undefined> {
  if (token === '') return undefined;
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.connectionToken(hashConnectionToken(token)) }));
  return Item ? { companyId: String(Item.companyId), connectionId: String(Item.connectionId) } : undefined;
}
