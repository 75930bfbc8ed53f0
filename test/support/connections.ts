/**
 * Connections in tests: ones whose session runs, for tests that send without a session host (the
 * connection item says CONNECTED, as the host would have reported; sends through other statuses are
 * refused with ERR_WAPP_NOT_INITIALIZED, functions/core/sessions/session-ready.ts), and forgetting a
 * company's sessions when its file ends on a shared cloud.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { CONNECTION_DEFAULTS } from '../../shared/connections';
import { dynamo } from '../../functions/core/aws/clients';
import { connectionItem, listConnections } from '../../functions/core/repositories/connections';
import { shardOf } from '../../functions/core/sessions/commands';
import { deleteShardSession } from '../../functions/sessions/stores/shard-sessions';
import { keys } from '../../functions/core/repositories/keys';
import { table, updateExistingItem } from '../../functions/core/repositories/table';

/** Marks the company's connection CONNECTED; a connection id nobody created gets an item of its own first. */
export async function markConnected(companyId: string, whatsappId: string): Promise<void> {
  const at = new Date().toISOString();
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: connectionItem({
          ...CONNECTION_DEFAULTS,
          id: whatsappId,
          companyId,
          name: `Conexão ${whatsappId.slice(-4)}`,
          status: 'CONNECTED',
          qrcode: '',
          retries: 0,
          isDefault: false,
          greetingMessage: '',
          completionMessage: '',
          outOfHoursMessage: '',
          ratingMessage: '',
          queueIds: [],
          transferQueueId: null,
          timeToTransfer: null,
          expiresInactiveMessage: '',
          promptId: null,
          tokenHash: '',
          createdAt: at,
          updatedAt: at,
        }),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    await updateExistingItem(keys.connection(companyId, whatsappId), { status: 'CONNECTED', updatedAt: at });
  }
}

/**
 * Forgets which of the company's sessions should run, at the end of a file on a shared cloud: a session
 * host taking a shard over opens every session listed under it (functions/sessions/shard-sessions.ts),
 * so without this every later file of the worker would run the simulated sessions of the files before
 * it, each polling its simulated network, and the worker would slow down file after file.
 */
export async function forgetSessionsOf(companyId: string): Promise<void> {
  for (const connection of await listConnections(companyId)) {
    await deleteShardSession(shardOf(connection.id), companyId, connection.id);
  }
}
