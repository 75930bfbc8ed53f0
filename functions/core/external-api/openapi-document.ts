/**
 * The OpenAPI 3.1 document of the public API (GET /api/openapi.json): every route of the route table
 * whose path starts with `/api/`, described from the very zod schemas that validate its requests
 * (shared/external-api.ts) by @asteasolutions/zod-to-openapi, so the document cannot promise a field the
 * handler refuses. Which routes are public comes from infra/resources/http-routes.ts alone: a route added
 * there without an operation here fails to compile (`OPERATIONS` is keyed by the table's `/api/` keys).
 *
 * What zod does not describe is written here against the TypeScript types it documents: the 201 answer
 * (ExternalSendResult, MessageDto) and the error body (ErrorBody) are JSON schemas whose property lists
 * must name exactly the type's keys (`satisfies Record<keyof ...>`). Error statuses come from the
 * catalogue (shared/errors.ts): a route lists its codes, the document groups them by their status.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { HTTP_ROUTES, routeKey, type HttpRouteDefinition } from '../../../infra/resources/http-routes';
import { ERROR_STATUS, type ErrorBody, type ErrorCode, type FieldError } from '../../../shared/errors';
import {
  EXTERNAL_API_RATE_LIMIT,
  EXTERNAL_API_RATE_WINDOW_SECONDS,
  ExternalMediaFields,
  ExternalSendBody,
  IDEMPOTENCY_TTL_SECONDS,
  IdempotencyKeySchema,
  type ExternalSendResult,
} from '../../../shared/external-api';
import { NUMBER_DIGITS_MAX, NUMBER_DIGITS_MIN } from '../../../shared/contacts';
import {
  MEDIA_TYPES,
  MESSAGE_BODY_MAX,
  MESSAGE_MEDIA_FIELDS,
  MESSAGE_UPLOAD_MAX_BYTES,
  MESSAGE_UPLOAD_MAX_FILES,
  type MessageContactDto,
  type MessageDto,
  type QuotedMessageDto,
} from '../../../shared/messages';
import { TICKET_STATUSES } from '../../../shared/tickets';
import { APP_VERSION } from '../../../shared/version';

/** The path the document is served at. */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

/** A public-API route: its path starts with `/api/` (the external systems' part of the HTTP API). */
export const isPublicApiRoute = (route: Pick<HttpRouteDefinition, 'path'>): boolean => route.path.startsWith('/api/');

type PublicApiRoute = Extract<(typeof HTTP_ROUTES)[number], { path: `/api/${string}` }>;
/** 'POST /api/messages/send', ...: the keys of the table's public-API routes. */
export type PublicApiRouteKey = PublicApiRoute extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

/** The table's public-API routes, in the table's order. */
export const PUBLIC_API_ROUTES: readonly HttpRouteDefinition[] = HTTP_ROUTES.filter(isPublicApiRoute);

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** A JSON schema written by hand (not from zod), of the 3.1 document's own type. */
type JsonSchema = NonNullable<NonNullable<OpenApiDocument['components']>['schemas']>[string];

const SECURITY_SCHEME = 'connectionToken';

/** What each public operation is, beside what zod says of its inputs. */
interface Operation {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  /** Needs a connection's bearer token; the document itself does not. */
  readonly secured: boolean;
  readonly request?: RouteConfig['request'];
  readonly success: { readonly status: number; readonly description: string; readonly schema: JsonSchema };
  /** The catalogue codes the route may answer, grouped by their status in the document. */
  readonly errors: readonly ErrorCode[];
}

// ---- schemas written against the TypeScript types they document ------------------------------------

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: JsonSchema & { type: 'string' | 'object' }): JsonSchema => ({ ...schema, type: [schema.type, 'null'] });

const FIELD_ERROR_PROPERTIES = {
  path: { type: 'string', description: 'The field, dotted (`extraInfo.0.name`).' },
  message: { type: 'string' },
} as const satisfies Record<keyof FieldError, JsonSchema>;

const ERROR_BODY_PROPERTIES = {
  error: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'The code of the error catalogue.' },
  message: { type: 'string', description: 'Human-readable detail; for validation errors the first field message.' },
  fields: {
    type: 'array',
    items: { type: 'object', properties: FIELD_ERROR_PROPERTIES, required: ['path', 'message'] },
    description: 'ERR_VALIDATION: each field refused and why.',
  },
  details: { type: 'object', additionalProperties: true, description: 'Extra data of some codes, e.g. `dueDate` with ERR_SUBSCRIPTION_EXPIRED.' },
} as const satisfies Record<keyof ErrorBody, JsonSchema>;

const QUOTED_MESSAGE_PROPERTIES = {
  id: { type: 'string' },
  body: { type: 'string' },
  fromMe: { type: 'boolean' },
  mediaType: { type: 'string', enum: [...MEDIA_TYPES] },
} as const satisfies Record<keyof QuotedMessageDto, JsonSchema>;

const MESSAGE_CONTACT_PROPERTIES = {
  id: { type: 'string' },
  name: { type: 'string' },
  number: { type: 'string' },
  profilePicUrl: nullable({ type: 'string' }),
} as const satisfies Record<keyof MessageContactDto, JsonSchema>;

const MESSAGE_PROPERTIES = {
  id: { type: 'string' },
  ticketId: { type: 'string' },
  body: { type: 'string', description: 'The text, or the caption of a media message.' },
  fromMe: { type: 'boolean', description: 'Always true here: the message goes to the contact.' },
  mediaType: { type: 'string', enum: [...MEDIA_TYPES] },
  mediaUrl: nullable({ type: 'string', description: 'A short-lived signed URL of the media.' }),
  mediaName: nullable({ type: 'string' }),
  quotedMsg: nullable({ type: 'object', properties: QUOTED_MESSAGE_PROPERTIES }),
  isDeleted: { type: 'boolean' },
  isEdited: { type: 'boolean' },
  ack: { type: 'integer', enum: [0, 1, 2, 3, 4, 5], description: '0 stored and queued (clock), 1 sent, 2 on the server, 3 delivered, 4 read, 5 played.' },
  read: { type: 'boolean' },
  bot: { type: 'boolean' },
  userId: nullable({ type: 'string', description: 'Null: sent through the API, not by a user.' }),
  contactId: { type: 'string' },
  contact: nullable({ type: 'object', properties: MESSAGE_CONTACT_PROPERTIES, description: 'The contact the message went to.' }),
  mediaMissing: { type: 'boolean', description: 'A received file that could not be downloaded from WhatsApp; always false here.' },
  failureReason: nullable({ type: 'string', description: 'Why WhatsApp did not deliver the message (a Cloud API connection), in its words; null when nothing failed; always null here.' }),
  createdAt: { type: 'string', format: 'date-time' },
} as const satisfies Record<keyof MessageDto, JsonSchema>;

const SEND_RESULT_PROPERTIES = {
  message: { ...ref('Message'), description: 'The message sent; the first one when several files were sent.' },
  messages: { type: 'array', items: ref('Message'), description: 'Every message sent, one per file.' },
  ticketId: { type: 'string', description: "The contact's ticket on this connection that the message went on." },
  contactId: { type: 'string' },
  ticketStatus: { type: 'string', enum: [...TICKET_STATUSES], description: '`closed` when closeTicket was asked.' },
} as const satisfies Record<keyof ExternalSendResult, JsonSchema>;

const allRequired = (properties: object): string[] => Object.keys(properties);

const COMPONENT_SCHEMAS = {
  ErrorBody: { type: 'object', properties: ERROR_BODY_PROPERTIES, required: ['error'] },
  Message: { type: 'object', properties: MESSAGE_PROPERTIES, required: allRequired(MESSAGE_PROPERTIES) },
  ExternalSendResult: { type: 'object', properties: SEND_RESULT_PROPERTIES, required: allRequired(SEND_RESULT_PROPERTIES) },
} as const satisfies Record<string, JsonSchema>;

// ---- the request schemas: the shared ones, with descriptions for readers ----------------------------

// `.meta` returns a described copy: the shared schemas (which the web also imports) stay as they are.
const NUMBER_DESCRIPTION =
  `The contact's phone number with country code (${NUMBER_DIGITS_MIN} to ${NUMBER_DIGITS_MAX} digits once normalised): ` +
  "'+', spaces and dashes are allowed; a Brazilian number without 55 gets it. The contact is found or created.";
const TEXT_DESCRIPTION = `The text, up to ${MESSAGE_BODY_MAX} characters (CRLF line breaks are stored as LF).`;

// The shared schema's fields, described; its check (the text or a template) is told in the descriptions.
const JsonSendBody = z.object({
  ...ExternalSendBody.shape,
  number: ExternalSendBody.shape.number.meta({ description: NUMBER_DESCRIPTION, example: '5511999990000' }),
  body: ExternalSendBody.shape.body.meta({
    description: `${TEXT_DESCRIPTION} Required and not empty, unless \`template\` is given; then absent or empty.`,
    maxLength: MESSAGE_BODY_MAX,
    example: 'Seu pedido saiu para entrega',
  }),
  template: ExternalSendBody.shape.template.meta({
    description:
      'Cloud API connections only (another answers 400 on `template`): an approved message template of the connection, as last ' +
      "synced from Meta, by `name` and `language` (Meta's code, e.g. pt_BR), with one text per `{{n}}` variable of its body in " +
      "`variables`, in order. It goes inside or outside the contact's 24-hour window and is stored with its text filled in. " +
      'Unknown, not approved, or another language: 404 ERR_NO_TEMPLATE_FOUND; a wrong number of variables: 400 on `template.variables`. ' +
      'JSON only.',
    example: { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria'] },
  }),
  closeTicket: ExternalSendBody.shape.closeTicket.meta({
    description: "Close the contact's ticket once the message is sent: the connection's closing message follows, no rating prompt.",
  }),
}).meta({ id: 'ExternalSendBody' });

const [mediaField, ...mediaAliases] = MESSAGE_MEDIA_FIELDS;
const MultipartSendBody = ExternalMediaFields.extend({
  number: ExternalMediaFields.shape.number.meta({ description: NUMBER_DESCRIPTION, example: '5511999990000' }),
  body: ExternalMediaFields.shape.body.meta({ description: `The first file's caption. ${TEXT_DESCRIPTION}`, maxLength: MESSAGE_BODY_MAX }),
  closeTicket: ExternalMediaFields.shape.closeTicket.meta({ description: "`true` closes the contact's ticket once the files are sent." }),
  // The files are read by the multipart reader, not by zod: this entry only documents them.
  [mediaField]: z
    .array(z.string().meta({ contentMediaType: 'application/octet-stream' }))
    .min(1)
    .max(MESSAGE_UPLOAD_MAX_FILES)
    .meta({
      description:
        `1 to ${MESSAGE_UPLOAD_MAX_FILES} files of up to ${MESSAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB each, one message per file ` +
        `(also accepted under the field name ${mediaAliases.map((name) => `\`${name}\``).join(', ')}). ` +
        'The kind (image, audio, video, document) is read from the bytes.',
    }),
}).meta({ id: 'ExternalMediaSendBody' });

const SendHeaders = z.object({
  'Idempotency-Key': IdempotencyKeySchema.optional().meta({
    description:
      `Optional. A retry with the same key and the same request gets the first answer and sends nothing again (keys are kept ` +
      `${IDEMPOTENCY_TTL_SECONDS / 3600} h per connection); the same key with another request answers 409.`,
    example: 'order-1234',
  }),
});

// ---- the operations, one per public route of the table ------------------------------------------------

const OPERATIONS: Readonly<Record<PublicApiRouteKey, Operation>> = {
  'POST /api/messages/send': {
    operationId: 'sendMessage',
    summary: 'Send a WhatsApp message through the connection of the token',
    description:
      'JSON `{ number, body }` sends a text; `multipart/form-data` with `number`, `medias` and an optional `body` sends files; ' +
      'on a Cloud API connection JSON `{ number, template }` sends an approved message template, also outside the 24-hour window. ' +
      "The bearer token is a connection's API token (shown once when the connection is created or its token rotated): it alone " +
      'decides the company and the connection. The message goes on the contact\'s pending or open ticket on this connection, ' +
      `or on a new pending ticket. At most ${EXTERNAL_API_RATE_LIMIT} requests per ${EXTERNAL_API_RATE_WINDOW_SECONDS} s per connection.`,
    tags: ['Messages'],
    secured: true,
    request: {
      headers: SendHeaders,
      body: {
        required: true,
        content: {
          'application/json': { schema: JsonSendBody },
          'multipart/form-data': { schema: MultipartSendBody },
        },
      },
    },
    success: { status: 201, description: 'Sent: stored and queued for the connection\'s session.', schema: ref('ExternalSendResult') },
    errors: [
      'ERR_VALIDATION',
      'ERR_WAPP_NOT_INITIALIZED',
      'ERR_SENDING_WAPP_MSG',
      'ERR_INVALID_API_TOKEN',
      'ERR_SUBSCRIPTION_EXPIRED',
      'ERR_NO_PERMISSION',
      'ERR_IDEMPOTENCY_KEY_CONFLICT',
      // A Cloud API connection more than 24 h after the contact last wrote (issue 32).
      'ERR_OUTSIDE_REPLY_WINDOW',
      // A `template` that is not an approved template of the connection (issue 32).
      'ERR_NO_TEMPLATE_FOUND',
      'ERR_TOO_MANY_REQUESTS',
      'ERR_INTERNAL_SERVER_ERROR',
    ],
  },
  'GET /api/openapi.json': {
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of the public API, generated from the schemas that validate its requests. No token needed.',
    tags: ['Documentation'],
    secured: false,
    success: { status: 200, description: 'The OpenAPI document.', schema: { type: 'object', required: ['openapi', 'info', 'paths'] } },
    errors: ['ERR_INTERNAL_SERVER_ERROR'],
  },
};

/** What each catalogue code means on the public API, for the responses' descriptions. */
const ERROR_MEANINGS: Partial<Record<ErrorCode, string>> = {
  ERR_VALIDATION:
    'number or body missing or invalid, no file, a file too large, a malformed Idempotency-Key, a template on a connection that is not a Cloud API one ' +
    'or with the wrong number of variables (`fields` says which)',
  ERR_NO_TEMPLATE_FOUND: 'the template is not an approved template of the connection in that language (sync the templates after changing them at Meta)',
  ERR_WAPP_NOT_INITIALIZED: "the connection's session is not running (disconnected, waiting for its QR code, reconnecting); nothing is stored",
  ERR_SENDING_WAPP_MSG: 'the message could not be queued',
  ERR_INVALID_API_TOKEN: 'the bearer token is missing, empty, malformed, unknown or rotated',
  ERR_SUBSCRIPTION_EXPIRED: "the company's subscription is past due",
  ERR_NO_PERMISSION: "the company is inactive or its plan does not include the external API",
  ERR_IDEMPOTENCY_KEY_CONFLICT: 'the Idempotency-Key was used with another request, or its first use is still running',
  ERR_TOO_MANY_REQUESTS: `more than ${EXTERNAL_API_RATE_LIMIT} requests in ${EXTERNAL_API_RATE_WINDOW_SECONDS} s on the connection`,
  ERR_INTERNAL_SERVER_ERROR: 'an unexpected failure (logged)',
};

/** The error responses of an operation: one per status of its codes, each naming its codes. */
function errorResponses(codes: readonly ErrorCode[]): RouteConfig['responses'] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      String(status),
      {
        description: statusCodes.map((code) => `\`${code}\`: ${ERROR_MEANINGS[code] ?? 'see the error catalogue'}`).join('. '),
        content: {
          'application/json': {
            schema: { allOf: [ref('ErrorBody'), { type: 'object', properties: { error: { type: 'string', enum: statusCodes } } }] },
          },
        },
      },
    ]),
  );
}

/**
 * The document, for the routes given (the table's public-API routes unless told: a test passes others
 * to see a disagreement caught). `serverUrl`, when known, is where the API answers.
 */
export function buildOpenApiDocument(options: { readonly serverUrl?: string; readonly routes?: readonly HttpRouteDefinition[] } = {}): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      "A connection's API token, shown once on the Connections page when the connection is created (and when its token is rotated). " +
      'It names the company and the connection: ids in a body or query change nothing.',
  });
  for (const [name, schema] of Object.entries(COMPONENT_SCHEMAS)) registry.registerComponent('schemas', name, schema);

  for (const route of options.routes ?? PUBLIC_API_ROUTES) {
    const operation: Operation | undefined = (OPERATIONS as Readonly<Record<string, Operation>>)[routeKey(route)];
    if (operation === undefined) throw new Error(`No OpenAPI operation for ${routeKey(route)}`);
    registry.registerPath({
      method: route.method.toLowerCase() as Lowercase<HttpRouteDefinition['method']>,
      path: route.path,
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      tags: [...operation.tags],
      // An empty list says "no security" explicitly, so a reader does not take the default for granted.
      security: operation.secured ? [{ [SECURITY_SCHEME]: [] }] : [],
      ...(operation.request !== undefined && { request: operation.request }),
      responses: {
        [String(operation.success.status)]: {
          description: operation.success.description,
          content: { 'application/json': { schema: operation.success.schema } },
        },
        ...errorResponses(operation.errors),
      },
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Atende external messaging API',
      version: APP_VERSION,
      description:
        'Send WhatsApp messages from another system through one connection, authenticated by that connection\'s API token. ' +
        'Every error answers `{ "error": "<code>" }` with a code of the error catalogue.',
    },
    ...(options.serverUrl !== undefined && { servers: [{ url: options.serverUrl }] }),
    tags: [
      { name: 'Messages', description: 'Sending messages' },
      { name: 'Documentation', description: 'This description' },
    ],
  });
}

/**
 * Where a document and a route list disagree: each `METHOD /path` one has and the other lacks. Empty
 * when they agree.
 */
export function routeTableMismatches(document: OpenApiDocument, routes: readonly Pick<HttpRouteDefinition, 'method' | 'path'>[] = PUBLIC_API_ROUTES): string[] {
  const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item as object)
      .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
  const tabled = routes.map(routeKey);
  return [
    ...tabled.filter((key) => !documented.includes(key)).map((key) => `${key}: in the route table, not in the document`),
    ...documented.filter((key) => !tabled.includes(key)).map((key) => `${key}: in the document, not in the route table`),
  ];
}
