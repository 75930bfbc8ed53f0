/** A connection as the API presents it: a disconnected Baileys one with every field at its empty value, changed by `fields`. */
import type { ConnectionDto } from '../../shared/connections';

export function connectionDto(fields: Partial<ConnectionDto> = {}): ConnectionDto {
  return {
    id: '01J00000000000000000000008',
    name: 'Suporte',
    status: 'DISCONNECTED',
    qrcode: '',
    retries: 0,
    pairingCode: '',
    isDefault: false,
    provider: 'beta',
    greetingMessage: '',
    completionMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    queueIds: [],
    queues: [],
    transferQueueId: null,
    timeToTransfer: null,
    expiresTicket: 0,
    expiresInactiveMessage: '',
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    promptId: null,
    campaignDailyLimit: null,
    campaignSchedule: [],
    cloudPhoneNumberId: '',
    cloudBusinessAccountId: '',
    hasCloudAccessToken: false,
    hasCloudAppSecret: false,
    webhookUrl: '',
    webhookVerifyToken: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}
