/**
 * POST /queueIntegration and PUT /queueIntegration/{id}: an integration of the caller's company with
 * spec 3 §5's rules (shared/queue-integrations.ts checks each type's fields) and ours, so each works end
 * to end:
 * - dialogflow needs a service account whose private key loads (service-account.ts); a PUT without
 *   `jsonContent` keeps the stored one. Another type keeps none (a key is never stored unused);
 * - n8n and webhook have a signing secret (webhook-signature.ts), made when the integration becomes one
 *   of them and answered in that write's answer only (withSecret); another type keeps none.
 * Steps of the update: read (strongly consistent), merge, write on the condition of the version read (a
 * lost race reads again, then ERR_CONFLICT); publish `queueIntegration` (never a secret).
 */
import { ulid } from 'ulid';
import {
  WEBHOOK_INTEGRATION_TYPES,
  type QueueIntegration,
  type QueueIntegrationBody,
  type QueueIntegrationWithSecret,
} from '../../../shared/queue-integrations';
import type { Caller } from '../caller/load-caller';
import { AppError, conflict } from '../errors';
import { putNewQueueIntegration, replaceQueueIntegration, type StoredQueueIntegration } from '../repositories/queue-integrations';
import { presentQueueIntegration, publishQueueIntegration, withSecret } from './present-queue-integration';
import { readQueueIntegration } from './read-queue-integration';
import { InvalidServiceAccountError, parseServiceAccount } from './service-account';
import { newSigningSecret } from './webhook-signature';

/** Rounds of an update that meets concurrent changes of the same integration. */
export const CHANGE_ATTEMPTS = 3;

const fieldError = (path: string, message: string): AppError => new AppError('ERR_VALIDATION', { message, fields: [{ path, message }] });

/** The service account the integration will keep: the one sent, else the stored one; '' for other types. */
function serviceAccountOf(body: QueueIntegrationBody, stored: string): string {
  if (body.type !== 'dialogflow') return '';
  const json = body.jsonContent !== '' ? body.jsonContent : stored;
  if (json === '') throw fieldError('jsonContent', 'Required');
  try {
    parseServiceAccount(json);
  } catch (error) {
    if (error instanceof InvalidServiceAccountError) throw fieldError('jsonContent', 'Invalid service account JSON');
    throw error;
  }
  return json;
}

/** The fields of the body as stored. */
function fieldsOf(body: QueueIntegrationBody) {
  return {
    type: body.type,
    name: body.name,
    projectName: body.projectName,
    language: body.language,
    urlN8N: body.urlN8N,
    typebotSlug: body.typebotSlug,
    typebotExpires: body.typebotExpires,
    typebotDelayMessage: body.typebotDelayMessage,
    typebotKeywordFinish: body.typebotKeywordFinish,
    typebotKeywordRestart: body.typebotKeywordRestart,
    typebotUnknownMessage: body.typebotUnknownMessage,
    typebotRestartMessage: body.typebotRestartMessage,
  };
}

const signs = (type: QueueIntegrationBody['type']): boolean => WEBHOOK_INTEGRATION_TYPES.includes(type);

export async function createQueueIntegration(
  caller: Caller,
  body: QueueIntegrationBody,
  now = new Date(),
): Promise<QueueIntegration | QueueIntegrationWithSecret> {
  const at = now.toISOString();
  const stored: StoredQueueIntegration = {
    id: ulid(now.getTime()),
    companyId: caller.companyId,
    ...fieldsOf(body),
    jsonContent: serviceAccountOf(body, ''),
    secret: signs(body.type) ? newSigningSecret() : '',
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  await putNewQueueIntegration(stored);
  await publishQueueIntegration('create', stored);
  return stored.secret === '' ? presentQueueIntegration(stored) : withSecret(stored);
}

export async function updateQueueIntegration(
  caller: Caller,
  id: string,
  body: QueueIntegrationBody,
  now = new Date(),
): Promise<QueueIntegration | QueueIntegrationWithSecret> {
  for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
    const current = await readQueueIntegration(caller, id, true);
    const madeSecret = signs(body.type) && current.secret === '';
    const next: StoredQueueIntegration = {
      ...current,
      ...fieldsOf(body),
      jsonContent: serviceAccountOf(body, current.jsonContent),
      secret: !signs(body.type) ? '' : madeSecret ? newSigningSecret() : current.secret,
      updatedAt: now.toISOString(),
      version: current.version + 1,
    };
    if (await replaceQueueIntegration(next, current.version)) {
      await publishQueueIntegration('update', next);
      return madeSecret ? withSecret(next) : presentQueueIntegration(next);
    }
  }
  throw conflict(`Queue integration ${id}`);
}

/**
 * POST /queueIntegration/{id}/secret: a new signing secret for an n8n or webhook integration (the old one
 * stops verifying at once), answered this once. Another type has none to renew: ERR_VALIDATION.
 */
export async function renewSigningSecret(caller: Caller, id: string, now = new Date()): Promise<QueueIntegrationWithSecret> {
  for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
    const current = await readQueueIntegration(caller, id, true);
    if (!signs(current.type)) throw fieldError('type', 'Only n8n and webhook integrations sign their messages');
    const next: StoredQueueIntegration = { ...current, secret: newSigningSecret(), updatedAt: now.toISOString(), version: current.version + 1 };
    if (await replaceQueueIntegration(next, current.version)) {
      await publishQueueIntegration('update', next);
      return withSecret(next);
    }
  }
  throw conflict(`Queue integration ${id}`);
}
