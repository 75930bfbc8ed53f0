/**
 * A small Graph API (Meta's WhatsApp Cloud API) for the tests, speaking the documented shapes of what the
 * product calls, under a versioned root like Meta's (`http://127.0.0.1:<port>/v21.0`):
 * - `GET /{phone-number-id}?fields=display_phone_number,verified_name`: the number's display form and name;
 * - `POST /{waba-id}/subscribed_apps` `{ override_callback_uri, verify_token }`: like Meta, it first calls
 *   the callback's verification handshake (GET `?hub.mode=subscribe&hub.challenge=…&hub.verify_token=…`)
 *   and accepts only when the callback answers the challenge; `{ success: true }`;
 * - `GET /{media-id}`: `{ messaging_product, url, mime_type, sha256, file_size, id }`, the `url` a
 *   download on this server; `GET /media-download/{media-id}`: the file's bytes, with the bearer token.
 * - `POST /{phone-number-id}/messages`: a send (recorded in `sent`, answered with Meta's
 *   `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`; a template must be
 *   an APPROVED one of the account, else Meta's 132001) or a read receipt (`status: 'read'`: `{ success }`);
 * - `POST /{phone-number-id}/media`: a multipart upload (`messaging_product`, `type`, `file`): `{ id }`,
 *   the file then readable as any media;
 * - `GET /{waba-id}/message_templates?fields=…&limit=…&after=…`: the account's templates (`templates`),
 *   a page at a time with Meta's cursors (`paging.cursors.after`, and `paging.next` while more follow).
 * Every call needs `Authorization: Bearer <accessToken>`; another token is Meta's 401 with code 190.
 * Errors are Meta's `{ error: { message, type, code, fbtrace_id } }`.
 *
 * Calls are recorded (method, path under the root, query, headers, JSON body, raw body). `failNext` makes
 * the next matching call fail as Meta does (401 code 190, 500 code 1, 429 code 130429, or a send's final
 * 131026 'Message undeliverable'). The routes are one table (`ROUTES`):
 * a route is a method, a path pattern and an answer, so more of the Graph API is a row more.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GRAPH_VERSION = 'v21.0';

export interface GraphCall {
  readonly method: string;
  /** The path under the versioned root, e.g. '/1234567890' or '/9876543210/subscribed_apps'. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  /** The body as JSON; undefined when there was none or it was not JSON. */
  // `any`: each test asserts on the shape it expects the product to send.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly json: any;
  /** The body as received (a multipart upload's bytes). */
  readonly raw: Buffer;
}

/** A message the product sent through `POST /{phone-number-id}/messages` (read receipts are not among them). */
export interface GraphSentMessage {
  readonly phoneNumberId: string;
  /** Meta's id it was answered with. */
  readonly id: string;
  // `any`: Meta's message JSON as the product sent it; each test asserts the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly json: any;
}

/** A message template of a business account, in Meta's shape (`components` as Meta lists them). */
export interface GraphTemplate {
  readonly id: string;
  readonly name: string;
  readonly language: string;
  readonly status: string;
  readonly category: string;
  readonly components: readonly { readonly type: string; readonly format?: string; readonly text?: string }[];
}

/** A number of a WhatsApp Business Account, as Meta knows it. */
export interface GraphPhoneNumber {
  readonly phoneNumberId: string;
  readonly businessAccountId: string;
  readonly displayPhoneNumber: string;
  readonly verifiedName: string;
}

export interface GraphMedia {
  readonly id: string;
  readonly bytes: Buffer;
  readonly mimeType: string;
}

export type GraphFailure = 'invalidToken' | 'serverError' | 'throttled' | 'undeliverable';

interface Answer {
  readonly status: number;
  readonly json?: unknown;
  readonly bytes?: { readonly data: Buffer; readonly contentType: string };
}

export interface FakeGraph {
  /** The versioned root, as config.whatsappCloudApiUrl. */
  readonly baseUrl: string;
  /** The token every call must carry. */
  readonly accessToken: string;
  readonly calls: GraphCall[];
  readonly phoneNumbers: Map<string, GraphPhoneNumber>;
  readonly media: Map<string, GraphMedia>;
  /** Subscriptions accepted, by WABA id: the callback and verify token last set. */
  readonly subscriptions: Map<string, { callbackUrl: string; verifyToken: string }>;
  /** Messages sent, in order. */
  readonly sent: GraphSentMessage[];
  /** Message templates by WABA id, in Meta's order. */
  readonly templates: Map<string, GraphTemplate[]>;
  /** Adds a template to the account: APPROVED UTILITY with `body` unless `extra` says otherwise. */
  addTemplate(businessAccountId: string, name: string, body: string, extra?: Partial<Omit<GraphTemplate, 'id' | 'name'>>): GraphTemplate;
  /** A new number (random digit ids) of a new business account. */
  addPhoneNumber(displayPhoneNumber?: string): GraphPhoneNumber;
  /** A file a customer sent: its media id. */
  addMedia(bytes: Buffer, mimeType: string): string;
  /** The next call whose route is `route` (any route when omitted) fails this way. */
  failNext(failure: GraphFailure, route?: string): void;
  stop(): Promise<void>;
}

/** Meta's ids are digits. */
const digits = (count: number): string => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('').replace(/^0/, '1');

const metaError = (status: number, code: number, message: string, type = 'OAuthException'): Answer => ({
  status,
  json: { error: { message, type, code, fbtrace_id: randomBytes(8).toString('base64url') } },
});

const FAILURES: Record<GraphFailure, Answer> = {
  invalidToken: metaError(401, 190, 'Invalid OAuth access token - Cannot parse access token'),
  serverError: metaError(500, 1, 'An unknown error occurred', 'GraphMethodException'),
  throttled: metaError(429, 130429, 'Rate limit hit', 'OAuthException'),
  undeliverable: metaError(400, 131026, 'Message undeliverable', 'OAuthException'),
};

/** The number a phone number id names, or Meta's error for an unknown one. */
const phoneNumberOf = (fake: FakeGraph, id: string): GraphPhoneNumber | Answer =>
  fake.phoneNumbers.get(id) ?? metaError(400, 100, `Unsupported post request. Object with ID '${id}' does not exist`, 'GraphMethodException');

const isAnswer = (value: GraphPhoneNumber | Answer): value is Answer => 'status' in value;

/** A template as `fields` asks for it (Meta answers the fields asked, and the id). */
const templateFields = (template: GraphTemplate, fields: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(template).filter(([field]) => field === 'id' || fields.includes(field)));

interface RouteContext {
  readonly fake: FakeGraph;
  readonly match: RegExpExecArray;
  readonly call: GraphCall;
  readonly origin: string;
}

interface GraphRoute {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Matched against the path under the root; the groups are the route's ids. */
  readonly path: RegExp;
  /** For paths several routes share (Meta's `/{id}` is a number or a media object): whether this route's object is the one named. */
  readonly names?: (fake: FakeGraph, id: string) => boolean;
  readonly answer: (context: RouteContext) => Answer | Promise<Answer>;
}

/** Meta's verification handshake of a callback, as it does before taking an override. */
async function handshake(callbackUrl: string, verifyToken: string): Promise<boolean> {
  const challenge = digits(10);
  const url = new URL(callbackUrl);
  url.searchParams.set('hub.mode', 'subscribe');
  url.searchParams.set('hub.challenge', challenge);
  url.searchParams.set('hub.verify_token', verifyToken);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return response.status === 200 && (await response.text()) === challenge;
  } catch {
    return false;
  }
}

/** The Graph API's routes this fake speaks; add a row for more. */
export const ROUTES: GraphRoute[] = [
  {
    name: 'messages',
    method: 'POST',
    path: /^\/(\d+)\/messages$/,
    answer: ({ fake, match, call }) => {
      const number = phoneNumberOf(fake, match[1] ?? '');
      if (isAnswer(number)) return number;
      if (call.json?.messaging_product !== 'whatsapp') return metaError(400, 100, 'The parameter messaging_product is required.');
      if (call.json.status === 'read') return { status: 200, json: { success: true } };
      const to = typeof call.json.to === 'string' ? call.json.to : '';
      if (!/^\d{8,15}$/.test(to)) return metaError(400, 100, 'Invalid parameter');
      if (call.json.type === 'template') {
        const approved = (fake.templates.get(number.businessAccountId) ?? []).some(
          (template) => template.name === call.json.template?.name && template.language === call.json.template?.language?.code && template.status === 'APPROVED',
        );
        if (!approved) return metaError(404, 132001, 'Template name does not exist in the translation');
      }
      const id = `wamid.${randomBytes(18).toString('base64url')}`;
      fake.sent.push({ phoneNumberId: number.phoneNumberId, id, json: call.json });
      return { status: 200, json: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] } };
    },
  },
  {
    name: 'uploadMedia',
    method: 'POST',
    path: /^\/(\d+)\/media$/,
    answer: async ({ fake, match, call }) => {
      const number = phoneNumberOf(fake, match[1] ?? '');
      if (isAnswer(number)) return number;
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(call.raw), { headers: { 'content-type': call.headers['content-type'] ?? '' } }).formData();
      } catch {
        return metaError(400, 100, 'Invalid multipart body');
      }
      const file = form.get('file');
      if (form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob)) return metaError(400, 100, 'The parameters messaging_product and file are required.');
      const type = form.get('type');
      const mimeType = typeof type === 'string' ? type : file.type;
      return { status: 200, json: { id: fake.addMedia(Buffer.from(await file.arrayBuffer()), mimeType) } };
    },
  },
  {
    name: 'templates',
    method: 'GET',
    path: /^\/(\d+)\/message_templates$/,
    answer: ({ fake, match, call, origin }) => {
      const wabaId = match[1] ?? '';
      const all = fake.templates.get(wabaId);
      if (!all) return metaError(400, 100, `Unsupported get request. Object with ID '${wabaId}' does not exist`, 'GraphMethodException');
      const limit = Math.min(100, Math.max(1, Number(call.query.get('limit') ?? '25') || 25));
      const after = call.query.get('after');
      const start = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) : 0;
      const fields = (call.query.get('fields') ?? 'name').split(',');
      const page = all.slice(start, start + limit);
      const cursor = (place: number) => Buffer.from(String(place), 'utf8').toString('base64url');
      const nextQuery = new URLSearchParams(call.query);
      nextQuery.set('after', cursor(start + page.length));
      const more = start + page.length < all.length;
      return {
        status: 200,
        json: {
          data: page.map((template) => templateFields(template, fields)),
          paging: { cursors: { before: cursor(start), after: cursor(start + page.length) }, ...(more ? { next: `${origin}/${GRAPH_VERSION}${call.path}?${nextQuery.toString()}` } : {}) },
        },
      };
    },
  },
  {
    name: 'phoneNumber',
    method: 'GET',
    path: /^\/(\d+)$/,
    answer: ({ fake, match, call }) => {
      const number = fake.phoneNumbers.get(match[1] ?? '');
      if (number) {
        const fields = (call.query.get('fields') ?? 'id').split(',');
        const all: Record<string, string> = { id: number.phoneNumberId, display_phone_number: number.displayPhoneNumber, verified_name: number.verifiedName };
        return { status: 200, json: Object.fromEntries([...fields, 'id'].filter((field) => field in all).map((field) => [field, all[field]])) };
      }
      return metaError(400, 100, `Unsupported get request. Object with ID '${match[1] ?? ''}' does not exist`, 'GraphMethodException');
    },
  },
  {
    name: 'subscribeApp',
    method: 'POST',
    path: /^\/(\d+)\/subscribed_apps$/,
    answer: async ({ fake, match, call }) => {
      const wabaId = match[1] ?? '';
      if (![...fake.phoneNumbers.values()].some((number) => number.businessAccountId === wabaId)) {
        return metaError(400, 100, `Unsupported post request. Object with ID '${wabaId}' does not exist`, 'GraphMethodException');
      }
      const callbackUrl = typeof call.json?.override_callback_uri === 'string' ? call.json.override_callback_uri : '';
      const verifyToken = typeof call.json?.verify_token === 'string' ? call.json.verify_token : '';
      if (callbackUrl !== '') {
        if (!(await handshake(callbackUrl, verifyToken))) return metaError(400, 2200, 'Callback verification failed', 'GraphMethodException');
        fake.subscriptions.set(wabaId, { callbackUrl, verifyToken });
      }
      return { status: 200, json: { success: true } };
    },
  },
  {
    name: 'mediaDownload',
    method: 'GET',
    path: /^\/media-download\/(\d+)$/,
    answer: ({ fake, match }) => {
      const media = fake.media.get(match[1] ?? '');
      return media ? { status: 200, bytes: { data: media.bytes, contentType: media.mimeType } } : { status: 404, json: undefined };
    },
  },
  {
    name: 'media',
    method: 'GET',
    path: /^\/(\d+)$/,
    names: (fake, id) => fake.media.has(id),
    answer: ({ fake, match, origin }) => {
      const media = fake.media.get(match[1] ?? '');
      if (!media) return metaError(400, 100, 'Invalid parameter', 'OAuthException');
      return {
        status: 200,
        json: {
          messaging_product: 'whatsapp',
          url: `${origin}/${GRAPH_VERSION}/media-download/${media.id}`,
          mime_type: media.mimeType,
          sha256: createHash('sha256').update(media.bytes).digest('hex'),
          file_size: media.bytes.length,
          id: media.id,
        },
      };
    },
  },
];

/** The route of a call: one that names the object of a shared path first, else the first whose method and path match. */
function routeOf(fake: FakeGraph, method: string, path: string): { route: GraphRoute; match: RegExpExecArray } | undefined {
  const matching = ROUTES.flatMap((route) => {
    const match = route.method === method ? route.path.exec(path) : null;
    return match ? [{ route, match }] : [];
  });
  return matching.find(({ route, match }) => route.names?.(fake, match[1] ?? '') === true) ?? matching.find(({ route }) => route.names === undefined);
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const pending: { failure: GraphFailure; route: string | undefined }[] = [];
  let origin = '';
  const fake: FakeGraph = {
    baseUrl: '',
    accessToken: `EAAG${randomBytes(24).toString('base64url')}`,
    calls: [],
    phoneNumbers: new Map(),
    media: new Map(),
    subscriptions: new Map(),
    sent: [],
    templates: new Map(),
    addTemplate(businessAccountId, name, body, extra = {}) {
      const template: GraphTemplate = { id: digits(15), name, language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: body }], ...extra };
      fake.templates.set(businessAccountId, [...(fake.templates.get(businessAccountId) ?? []), template]);
      return template;
    },
    addPhoneNumber(displayPhoneNumber = `+55 11 9${digits(4)}-${digits(4)}`) {
      const number = { phoneNumberId: digits(15), businessAccountId: digits(15), displayPhoneNumber, verifiedName: 'Atende Testes' };
      fake.phoneNumbers.set(number.phoneNumberId, number);
      fake.templates.set(number.businessAccountId, []);
      return number;
    },
    addMedia(bytes, mimeType) {
      const id = digits(16);
      fake.media.set(id, { id, bytes, mimeType });
      return id;
    },
    failNext(failure, route) {
      pending.push({ failure, route });
    },
    stop: async () => undefined,
  };

  async function answerTo(call: GraphCall): Promise<Answer> {
    if (call.headers.authorization !== `Bearer ${fake.accessToken}`) return FAILURES.invalidToken;
    const found = routeOf(fake, call.method, call.path);
    if (!found) return metaError(400, 100, `Unknown path components: ${call.path}`);
    const failing = pending.findIndex((failure) => failure.route === undefined || failure.route === found.route.name);
    if (failing >= 0) {
      const [failure] = pending.splice(failing, 1);
      if (failure) return FAILURES[failure.failure];
    }
    return found.route.answer({ fake, match: found.match, call, origin });
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        json = undefined;
      }
      const url = new URL(request.url ?? '/', 'http://fake');
      const prefix = `/${GRAPH_VERSION}`;
      const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
      const call: GraphCall = { method: request.method ?? 'GET', path, query: url.searchParams, headers: request.headers, json, raw: Buffer.concat(chunks) };
      fake.calls.push(call);
      answerTo(call).then(
        (answer) => {
          if (response.destroyed) return;
          if (answer.bytes) {
            response.writeHead(answer.status, { 'content-type': answer.bytes.contentType, 'content-length': answer.bytes.data.length });
            response.end(answer.bytes.data);
            return;
          }
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
        },
        () => {
          response.writeHead(500);
          response.end();
        },
      );
    });
  });
  // Keep-alive sockets would hold stop() until they time out.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    baseUrl: `${origin}/${GRAPH_VERSION}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
