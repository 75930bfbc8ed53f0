/**
 * The external messaging API (issue 5): POST /api/messages/send with `Authorization: Bearer <connection
 * token>`, JSON `{ number, body }` or multipart `number`, `body`, `medias`. Public at the gateway: the
 * token is checked here, before anything is read or written (functions/core/external-api/external-send.ts).
 */
import { ExternalMediaFields, ExternalSendBody, EXTERNAL_MEDIA_TEXT_FIELDS, IdempotencyKeySchema } from '../../shared/external-api';
import { MESSAGE_MEDIA_FIELDS, MESSAGE_UPLOAD_MAX_BYTES, MESSAGE_UPLOAD_MAX_FILES } from '../../shared/messages';
import { AppError } from '../core/errors';
import { httpModule, publicRoute, type HttpEvent } from '../core/http/http-module';
import { created } from '../core/http/reply';
import { parseInput } from '../core/http/validation';
import { readUploadedFiles } from '../core/media/multipart';
import { authenticateApiToken, consumeApiRateLimit, sendExternalMessage, type ExternalSend } from '../core/external-api/external-send';

const isMultipart = (event: HttpEvent) => /^multipart\/form-data/i.test(event.headers['content-type'] ?? '');

function jsonBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  try {
    return JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body);
  } catch {
    throw new AppError('ERR_VALIDATION', { message: 'Invalid JSON body' });
  }
}

async function readSend(event: HttpEvent): Promise<ExternalSend> {
  if (!isMultipart(event)) return { ...parseInput(ExternalSendBody, jsonBody(event)), files: [] };
  const form = await readUploadedFiles(event, {
    fieldNames: MESSAGE_MEDIA_FIELDS,
    maxBytes: MESSAGE_UPLOAD_MAX_BYTES,
    maxFiles: MESSAGE_UPLOAD_MAX_FILES,
    textFields: EXTERNAL_MEDIA_TEXT_FIELDS,
  });
  return { ...parseInput(ExternalMediaFields, form.fields), files: form.files };
}

export const handler = httpModule('api', {
  // No body schema: JSON or multipart, told apart here, and only after the token is known good.
  'POST /api/messages/send': publicRoute({}, async ({ headers, event }) => {
    const caller = await authenticateApiToken(headers.authorization);
    await consumeApiRateLimit(caller);
    const rawKey = headers['idempotency-key'];
    const idempotencyKey = rawKey === undefined ? undefined : parseInput(IdempotencyKeySchema, rawKey);
    const input = await readSend(event);
    return created(await sendExternalMessage(caller, input, idempotencyKey));
  }),
});
