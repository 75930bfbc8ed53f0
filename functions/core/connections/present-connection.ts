/**
 * Connections as the API answers them: an explicit allow-list of fields (never the token hash, never a
 * session credential, whatever else the item holds), with the name and colour of their queues. Also
 * the reads of GET /whatsapp and GET /whatsapp/{id}, open to everyone of the company.
 *
 * A Cloud API connection answers its ids, whether its access token and app secret are set (never
 * them), and what the admin pastes in Meta's app: the webhook URL (this stage's public API address,
 * config.publicApiUrl, plus /webhooks/whatsapp-cloud/{id}) and the verify token. Other connections
 * answer '' and false there.
 */
import type { ConnectionDto } from '../../../shared/connections';
import type { QueueSummary } from '../../../shared/sign-in';
import type { CloudConnectionDto } from '../../../shared/whatsapp-cloud';
import { config } from '../config';
import { AppError } from '../errors';
import { getConnection, listConnections, type Connection } from '../repositories/connections';
import { listQueues } from '../repositories/queues';
import type { Caller } from '../caller/load-caller';

export function toConnectionDto(connection: Connection, queues: ReadonlyMap<string, QueueSummary>): ConnectionDto {
  return {
    id: connection.id,
    name: connection.name,
    status: connection.status,
    qrcode: connection.qrcode,
    retries: connection.retries,
    pairingCode: connection.pairingCode ?? '',
    isDefault: connection.isDefault,
    provider: connection.provider,
    greetingMessage: connection.greetingMessage,
    completionMessage: connection.completionMessage,
    outOfHoursMessage: connection.outOfHoursMessage,
    ratingMessage: connection.ratingMessage,
    queueIds: connection.queueIds,
    // A queue deleted since is left out of the summaries (the id stays until the connection is saved).
    queues: connection.queueIds.flatMap((id) => {
      const queue = queues.get(id);
      return queue ? [queue] : [];
    }),
    transferQueueId: connection.transferQueueId,
    timeToTransfer: connection.timeToTransfer,
    expiresTicket: connection.expiresTicket,
    expiresInactiveMessage: connection.expiresInactiveMessage,
    timeUseBotQueues: connection.timeUseBotQueues,
    maxUseBotQueues: connection.maxUseBotQueues,
    promptId: connection.promptId,
    // Connections stored before campaigns had these: no cap, any time.
    campaignDailyLimit: connection.campaignDailyLimit ?? null,
    campaignSchedule: connection.campaignSchedule ?? [],
    createdAt: connection.createdAt,
    updatedAt: connection.updatedAt,
    ...cloudFieldsOf(connection),
  };
}

/** The Cloud API part of the answer (shared/whatsapp-cloud.ts CloudConnectionDto). */
function cloudFieldsOf(connection: Connection): CloudConnectionDto {
  const cloud = connection.provider === 'cloud';
  return {
    cloudPhoneNumberId: cloud ? (connection.cloudPhoneNumberId ?? '') : '',
    cloudBusinessAccountId: cloud ? (connection.cloudBusinessAccountId ?? '') : '',
    hasCloudAccessToken: cloud && Boolean(connection.cloudAccessToken),
    hasCloudAppSecret: cloud && Boolean(connection.cloudAppSecret),
    webhookUrl: cloud ? cloudWebhookUrl(connection.id) : '',
    webhookVerifyToken: cloud ? (connection.webhookVerifyToken ?? '') : '',
  };
}

/** Where Meta posts a Cloud API connection's webhooks (the route of infra/resources/http-routes.ts). */
export const cloudWebhookUrl = (whatsappId: string): string => `${config.publicApiUrl()}/webhooks/whatsapp-cloud/${whatsappId}`;

/** The company's queues by id, for the summaries (one Query of the company's few queues). */
export async function queueSummaries(companyId: string): Promise<Map<string, QueueSummary>> {
  const queues = await listQueues(companyId);
  return new Map(queues.map((queue) => [queue.id, { id: queue.id, name: queue.name, color: queue.color }]));
}

export async function presentConnection(connection: Connection): Promise<ConnectionDto> {
  return toConnectionDto(connection, await queueSummaries(connection.companyId));
}

export async function listConnectionDtos(caller: Caller): Promise<ConnectionDto[]> {
  const [connections, queues] = await Promise.all([listConnections(caller.companyId), queueSummaries(caller.companyId)]);
  return connections.map((connection) => toConnectionDto(connection, queues));
}

export async function getConnectionDto(caller: Caller, whatsappId: string): Promise<ConnectionDto> {
  const connection = await getConnection(caller.companyId, whatsappId);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  return presentConnection(connection);
}
