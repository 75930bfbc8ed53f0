/**
 * Creating and changing a WhatsApp connection (spec 2 §3, §9), with the rules that span the company,
 * each a condition of the one transaction that writes the connection:
 * - the plan's connection limit, kept with the company's `connectionsCount` counter (a cap, like the
 *   queue limit: 0 allows none): ERR_CONNECTION_LIMIT_REACHED;
 * - exactly one default connection, named by the company's default item: the first connection becomes
 *   the default whatever was asked; making another one the default moves the item (conditioned on the
 *   default read) and clears the previous one's flag in the same transaction; taking the flag off the
 *   default is refused with ERR_NO_OTHER_WHATSAPP (there must be one: make another the default instead);
 * - the greeting is required when more than one queue is selected: ERR_WAPP_GREETING_REQUIRED;
 * - the queues and the transfer queue are queues of the company (ERR_NO_QUEUE_FOUND otherwise);
 * - the `simulator` provider only where the stage offers it (`config.simulatorEnabled()`), else 400;
 * - a `cloud` connection (Meta's Cloud API, issue 32) takes its phone number id, WhatsApp Business
 *   Account id, access token and app secret, all four required at creation (ERR_VALIDATION 'Required'
 *   on each missing one); a PUT changes those it sends and keeps the stored token and secret when it
 *   sends none. It gets a webhook verify token (random, made here, never changed) and the lookup item
 *   its public webhook route finds it by. Other providers ignore those four fields: nothing of them is
 *   stored (a form that sends them for a Baileys connection loses nothing it could use);
 * - the provider never changes to or from `cloud` (ERR_VALIDATION on `provider`): a Baileys pairing and
 *   a Cloud API number are different things; make a new connection instead.
 *
 * createConnection steps: check the provider, the queues and the greeting; make the API token (shown
 * once in the answer, stored as its SHA-256 with a lookup item); read the default; write in one
 * transaction the company counter, the connection (DISCONNECTED, no QR), the token lookup (and, for a
 * cloud connection, its id's lookup), and, when it
 * becomes the default, the default item and the previous default's flag; a concurrent change of the
 * default starts over (a few times); publish `whatsapp` update.
 *
 * updateConnection steps: read the connection (another company's id is a missing one); check what was
 * sent as above; write the form fields (never the status, QR code or token, which the session and the
 * rotation own) and, when it becomes the default, the default item and the previous default's flag;
 * read it back; publish `whatsapp` update.
 */
import { ulid } from 'ulid';
import { checkPromptOf } from '../ai/check-prompt';
import {
  CONNECTION_DEFAULTS,
  type ConnectionProvider,
  type ConnectionWithTokenDto,
  type ConnectionDto,
  type CreateConnectionBody,
  type UpdateConnectionBody,
} from '../../../shared/connections';
import { config } from '../config';
import { AppError, conflict } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { addConnectionToCompanyAction } from '../repositories/companies';
import {
  claimDefaultConnectionAction,
  clearDefaultFlagAction,
  getConnection,
  getDefaultConnectionId,
  newConnectionToken,
  newWebhookVerifyToken,
  putConnectionCompanyAction,
  putNewConnectionAction,
  putNewTokenLookupAction,
  updateConnectionAction,
  type CloudCredentials,
  type Connection,
} from '../repositories/connections';
import { listQueues } from '../repositories/queues';
import { Steps } from '../repositories/transaction';
import type { Caller } from '../caller/load-caller';
import { announceConnectionChange } from '../conversations/ticket-rows';
import { presentConnection } from './present-connection';

/** Attempts of a write that meets a concurrent change of the default connection before giving up. */
const ATTEMPTS = 3;

export async function createConnection(caller: Caller, input: CreateConnectionBody, now = new Date()): Promise<ConnectionWithTokenDto> {
  const provider = input.provider ?? CONNECTION_DEFAULTS.provider;
  checkProvider(provider);
  const cloud = provider === 'cloud' ? newCloudCredentials(input) : {};
  const queueIds = input.queueIds ?? [];
  const transferQueueId = input.transferQueueId ?? null;
  await checkQueues(caller.companyId, [...queueIds, ...(transferQueueId ? [transferQueueId] : [])]);
  checkGreeting(queueIds, input.greetingMessage);
  await checkPromptOf(caller.companyId, input.promptId);
  const limit = caller.plan.connections;
  if (!(limit > 0)) throw new AppError('ERR_CONNECTION_LIMIT_REACHED');

  const { token, tokenHash } = newConnectionToken();
  const createdAt = now.toISOString();
  const id = ulid();

  for (let attempt = 1; ; attempt += 1) {
    const previousDefault = await getDefaultConnectionId(caller.companyId);
    const isDefault = previousDefault === undefined || input.isDefault === true;
    const connection: Connection = {
      id,
      companyId: caller.companyId,
      name: input.name,
      status: 'DISCONNECTED',
      qrcode: '',
      pairingCode: '',
      retries: 0,
      isDefault,
      provider,
      greetingMessage: input.greetingMessage,
      completionMessage: input.completionMessage,
      outOfHoursMessage: input.outOfHoursMessage,
      ratingMessage: input.ratingMessage,
      queueIds,
      transferQueueId,
      timeToTransfer: input.timeToTransfer ?? null,
      expiresTicket: input.expiresTicket ?? CONNECTION_DEFAULTS.expiresTicket,
      expiresInactiveMessage: input.expiresInactiveMessage,
      timeUseBotQueues: input.timeUseBotQueues ?? CONNECTION_DEFAULTS.timeUseBotQueues,
      maxUseBotQueues: input.maxUseBotQueues ?? CONNECTION_DEFAULTS.maxUseBotQueues,
      promptId: input.promptId ?? null,
      campaignDailyLimit: input.campaignDailyLimit ?? null,
      campaignSchedule: input.campaignSchedule ?? [],
      createdAt,
      updatedAt: createdAt,
      tokenHash,
      ...cloud,
    };

    const steps = new Steps();
    steps.add('company', addConnectionToCompanyAction(caller.companyId, limit));
    steps.add('connection', putNewConnectionAction(connection));
    steps.add('token', putNewTokenLookupAction(tokenHash, { companyId: caller.companyId, connectionId: id }));
    if (provider === 'cloud') steps.add('lookup', putConnectionCompanyAction(caller.companyId, id));
    if (isDefault) addDefaultMove(steps, caller.companyId, id, previousDefault);

    const failed = await steps.run();
    if (failed.size === 0) {
      const dto = await presentConnection(connection);
      await publishToCompany(caller.companyId, 'company', 'whatsapp', { action: 'update', whatsapp: dto });
      return { ...dto, token };
    }
    if (failed.has('company')) throw new AppError('ERR_CONNECTION_LIMIT_REACHED');
    if (!(failed.has('default') || failed.has('previous')) || attempt >= ATTEMPTS) {
      throw new Error(`Connection ${id} creation failed on ${[...failed].join(', ')}`);
    }
    // The default changed since it was read: read it again.
  }
}

export async function updateConnection(caller: Caller, whatsappId: string, input: UpdateConnectionBody, now = new Date()): Promise<ConnectionDto> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await getConnection(caller.companyId, whatsappId, true);
    if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
    if (input.provider !== undefined && input.provider !== current.provider) {
      if (input.provider === 'cloud' || current.provider === 'cloud') throw providerFixed();
      checkProvider(input.provider);
    }
    const sentQueueIds = [...(input.queueIds ?? []), ...(input.transferQueueId ? [input.transferQueueId] : [])];
    if (sentQueueIds.length > 0) await checkQueues(caller.companyId, sentQueueIds);
    if (input.promptId !== undefined && input.promptId !== current.promptId) await checkPromptOf(caller.companyId, input.promptId);

    const fields = {
      name: input.name,
      provider: input.provider,
      greetingMessage: text(input.greetingMessage),
      completionMessage: text(input.completionMessage),
      outOfHoursMessage: text(input.outOfHoursMessage),
      ratingMessage: text(input.ratingMessage),
      expiresInactiveMessage: text(input.expiresInactiveMessage),
      queueIds: input.queueIds,
      transferQueueId: input.transferQueueId,
      timeToTransfer: input.timeToTransfer,
      expiresTicket: input.expiresTicket,
      timeUseBotQueues: input.timeUseBotQueues,
      maxUseBotQueues: input.maxUseBotQueues,
      promptId: input.promptId,
      campaignDailyLimit: input.campaignDailyLimit,
      campaignSchedule: input.campaignSchedule,
      // Absent fields are kept (the token and the secret above all: write-only, never sent back to a form).
      ...(current.provider === 'cloud'
        ? {
            cloudPhoneNumberId: input.cloudPhoneNumberId,
            cloudBusinessAccountId: input.cloudBusinessAccountId,
            cloudAccessToken: input.cloudAccessToken,
            cloudAppSecret: input.cloudAppSecret,
          }
        : {}),
      updatedAt: now.toISOString(),
    };
    checkGreeting(fields.queueIds ?? current.queueIds, fields.greetingMessage ?? current.greetingMessage);

    const steps = new Steps();
    if (input.isDefault === false && current.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP');
    const becomesDefault = input.isDefault === true && !current.isDefault;
    steps.add('connection', updateConnectionAction(caller.companyId, whatsappId, { ...fields, isDefault: becomesDefault ? true : undefined }));
    if (becomesDefault) addDefaultMove(steps, caller.companyId, whatsappId, await getDefaultConnectionId(caller.companyId));

    const failed = await steps.run();
    if (failed.size === 0) {
      const saved = await getConnection(caller.companyId, whatsappId, true);
      if (!saved) throw new AppError('ERR_NO_WAPP_FOUND');
      const dto = await presentConnection(saved);
      await publishToCompany(caller.companyId, 'company', 'whatsapp', { action: 'update', whatsapp: dto });
      await announceConnectionChange(current, saved);
      return dto;
    }
    if (failed.has('connection')) throw new AppError('ERR_NO_WAPP_FOUND');
    if (attempt >= ATTEMPTS) throw conflict(`Connection ${whatsappId}`);
  }
}

/**
 * Makes `whatsappId` the default: the default item moves only if it still names `previous` (or, with
 * none, if there is still none), and the previous default's flag is cleared.
 */
function addDefaultMove(steps: Steps, companyId: string, whatsappId: string, previous: string | undefined): void {
  steps.add('default', claimDefaultConnectionAction(companyId, whatsappId, previous));
  if (previous !== undefined && previous !== whatsappId) steps.add('previous', clearDefaultFlagAction(companyId, previous));
}

/** A message sent as null is emptied; an absent one is kept. */
const text = (value: string | null | undefined): string | undefined => (value === null ? '' : value);

function checkProvider(provider: ConnectionProvider): void {
  if (provider === 'simulator' && !config.simulatorEnabled()) {
    throw new AppError('ERR_VALIDATION', {
      message: 'The simulator is not offered here',
      fields: [{ path: 'provider', message: 'The simulator is not offered here' }],
    });
  }
}

function providerFixed(): AppError {
  const message = 'The provider cannot change to or from cloud';
  return new AppError('ERR_VALIDATION', { message, fields: [{ path: 'provider', message }] });
}

/** A new cloud connection's credentials: all four required; its verify token made here. */
function newCloudCredentials(input: CreateConnectionBody): CloudCredentials {
  const { cloudPhoneNumberId, cloudBusinessAccountId, cloudAccessToken, cloudAppSecret } = input;
  const missing = Object.entries({ cloudPhoneNumberId, cloudBusinessAccountId, cloudAccessToken, cloudAppSecret })
    .filter(([, value]) => value === undefined || value === '')
    .map(([path]) => ({ path, message: 'Required' }));
  if (missing.length > 0) throw new AppError('ERR_VALIDATION', { message: 'Required', fields: missing });
  return { cloudPhoneNumberId, cloudBusinessAccountId, cloudAccessToken, cloudAppSecret, webhookVerifyToken: newWebhookVerifyToken() };
}

function checkGreeting(queueIds: readonly string[], greetingMessage: string): void {
  if (queueIds.length > 1 && greetingMessage.trim() === '') throw new AppError('ERR_WAPP_GREETING_REQUIRED');
}

/** Every id names a queue of the company (one Query of its few queues). */
async function checkQueues(companyId: string, queueIds: readonly string[]): Promise<void> {
  if (queueIds.length === 0) return;
  const known = new Set((await listQueues(companyId)).map((queue) => queue.id));
  if (queueIds.some((id) => !known.has(id))) throw new AppError('ERR_NO_QUEUE_FOUND');
}
