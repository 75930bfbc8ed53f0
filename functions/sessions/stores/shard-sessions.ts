/**
 * Which connections' sessions should be running, per session-host shard (keys.shardSession). The host
 * that owns a shard writes an entry when it starts a session and removes it on logout or when pairing
 * gave up; a host taking a shard over (a restart, a crash of another host) opens every listed session.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectionProvider } from '../../../shared/connections';
import { dynamo } from '../../core/aws/clients';
import { keys } from '../../core/repositories/keys';
import { queryPrefix, table } from '../../core/repositories/table';

export interface ShardSession {
  readonly companyId: string;
  readonly whatsappId: string;
  readonly provider: ConnectionProvider;
}

export async function listShardSessions(shard: number): Promise<ShardSession[]> {
  const items = await queryPrefix(keys.shardSessionPrefix(shard), { ConsistentRead: true });
  return items.map((item) => ({
    companyId: String(item.companyId),
    whatsappId: String(item.whatsappId),
    provider: item.provider === 'simulator' ? 'simulator' : 'beta',
  }));
}

export async function putShardSession(shard: number, session: ShardSession): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.shardSession(shard, session.companyId, session.whatsappId), entity: 'shardSession', ...session },
    }),
  );
}

export async function deleteShardSession(shard: number, companyId: string, whatsappId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.shardSession(shard, companyId, whatsappId) }));
}
