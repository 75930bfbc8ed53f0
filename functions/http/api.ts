/**
 * The external messaging API (issue 5): POST /api/messages/send with `Authorization: Bearer <connection
 * token>`, JSON `{ number, body }` or multipart `number`, `body`, `medias`. Public at the gateway: the
 * token is checked here, before anything is read or written (functions/core/external-api/external-send.ts).
 * GET /api/openapi.json (issue 16) describes these routes, generated from the same request schemas.
 */
import { ExternalMediaFields, ExternalSendBody, EXTERNAL_MEDIA_TEXT_FIELDS, IdempotencyKeySchema } from '../../shared/external-api';
import { MESSAGE_MEDIA_FIELDS, MESSAGE_UPLOAD_MAX_BYTES, MESSAGE_UPLOAD_MAX_FILES } from '../../shared/messages';
import { AppError } from '../core/errors';
import { httpModule, publicRoute, type HttpEvent } from '../core/http/http-module';
import { created, type Reply } from '../core/http/reply';
import { parseInput } from '../core/http/validation';
import { readUploadedFiles } from '../core/media/multipart';
import { authenticateApiToken, consumeApiRateLimit, sendExternalMessage, type ExternalSend } from '../core/external-api/external-send';
import { buildOpenApiDocument, type OpenApiDocument } from '../core/external-api/openapi-document';

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
  if (!isMultipart(event)) {
    const { body, template, ...rest } = parseInput(ExternalSendBody, jsonBody(event));
    return { ...rest, body: body ?? '', ...(template ? { template } : {}), files: [] };
  }
  const form = await readUploadedFiles(event, {
    fieldNames: MESSAGE_MEDIA_FIELDS,
    maxBytes: MESSAGE_UPLOAD_MAX_BYTES,
    maxFiles: MESSAGE_UPLOAD_MAX_FILES,
    textFields: EXTERNAL_MEDIA_TEXT_FIELDS,
  });
  return { ...parseInput(ExternalMediaFields, form.fields), files: form.files };
}

/**
 * The document changes only with a deployment: built once per Lambda instance, and cacheable for a few
 * minutes (a new deployment is seen within that time).
 */
let document: OpenApiDocument | undefined;
const DOCUMENT_CACHE_CONTROL = 'public, max-age=300';

/**
 * The API's own address, as the caller reached it (API Gateway and the local gateway both set host and
 * x-forwarded-proto), so "Try it" tools send to this stage; anything odd in them is left out.
 */
function serverUrlOf(event: HttpEvent): string | undefined {
  const host = event.headers.host ?? '';
  const proto = event.headers['x-forwarded-proto'] ?? 'https';
  if (!/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(host) || (proto !== 'https' && proto !== 'http')) return undefined;
  return `${proto}://${host}`;
}

function openApiReply(event: HttpEvent): Reply {
  document ??= buildOpenApiDocument();
  const serverUrl = serverUrlOf(event);
  const { openapi, info, ...rest } = document;
  const body = serverUrl === undefined ? document : { openapi, info, servers: [{ url: serverUrl }], ...rest };
  return { status: 200, body, headers: { 'cache-control': DOCUMENT_CACHE_CONTROL } };
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
  'GET /api/openapi.json': publicRoute({}, ({ event }) => Promise.resolve(openApiReply(event))),
});
