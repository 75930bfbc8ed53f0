/**
 * The Graph API simulator: Meta's WhatsApp Cloud API on this machine, so a `cloud` connection (issue 32)
 * runs end to end under `npm start` without a Meta account. A development tool like the simulator provider
 * of the session host, not a mock: the product calls it exactly as it calls graph.facebook.com, at the
 * root the local cloud puts in WHATSAPP_CLOUD_API_URL (`<endpoint>/v21.0`).
 *
 * It holds simulated business accounts (graph-simulator-store.ts; the demo account's values are fixed,
 * DEMO_CLOUD_ACCOUNT) and speaks Meta's documented shapes, checking the bearer token of each call
 * (a token it does not know: 401, OAuthException code 190):
 * - `GET /{phone-number-id}` and `GET /{waba-id}` (with `fields`), `GET /{waba-id}/phone_numbers`,
 *   `POST /{phone-number-id}/register`;
 * - `POST|GET|DELETE /{waba-id}/subscribed_apps`: the POST with `override_callback_uri` and
 *   `verify_token` first makes Meta's verification GET on the callback and keeps it only when the
 *   challenge comes back;
 * - `POST /{phone-number-id}/messages`: a message (validated as Meta does) answered with its wamid, then
 *   `sent` and, a moment later, `delivered` status webhooks; a template that is not an approved one of
 *   the account is refused (132001); a free-form message outside the customer's 24-hour window is taken
 *   and then `failed` with 131047, as Meta does. With `status: 'read'`, a read receipt;
 * - `POST /{phone-number-id}/media` (multipart), `GET|DELETE /{media-id}`, and the media's `url`;
 * - `GET /{waba-id}/message_templates` with Meta's cursor paging.
 * Webhooks are signed with the account's app secret and retried (graph-webhooks.ts).
 *
 * The control API under `/_simulator/` plays the customers and the clock: create an account, a
 * customer's message or read, the account's outbox, and moving the account's clock so the 24-hour
 * window closes without waiting. `npm run simulate` (scripts/simulate.ts) drives it.
 *
 * It imports nothing of the backend: it stands where Meta stands.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import busboy from 'busboy';
import { z } from 'zod';
import { countTemplateVariables, fillTemplate, REPLY_WINDOW_HOURS } from '../../shared/whatsapp-cloud';
import {
  CustomerReadBody,
  displayDigits,
  InboundBody,
  INBOUND_MEDIA_KINDS,
  INBOUND_MEDIA_MAX_BYTES,
  metaCodeOfIssue,
  metaTimestamp,
  ReadReceiptBody,
  SendMessageBody,
  statusEntry,
  summaryOf,
  webhookEnvelope,
  type DeliveryStatus,
  type MediaObject,
} from './graph-messages';
import { GraphSimulatorStore, TemplateInput, templateInMetaShape, type OutboxRecord, type StoredAccount, type StoredMedia } from './graph-simulator-store';
import { WebhookDeliveries } from './graph-webhooks';
import { closeServer, listen, reachableUrlHost } from './net';

export { DEMO_CLOUD_ACCOUNT, type SimulatedAccountKeys } from './graph-simulator-store';

/** The Graph API version of the root the local cloud hands the product (Meta's paths carry one). */
export const GRAPH_API_VERSION = 'v21.0';

export interface StartGraphSimulatorOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** Where accounts, conversations and media persist; without it, memory only. */
  readonly dataDir?: string;
  readonly log?: (entry: Record<string, unknown>) => void;
  /** How long after `sent` the `delivered` status follows; 1 s unless said. */
  readonly deliveredAfterMs?: number;
  /** The pauses before a failed webhook's retries; 1, 2, 4 and 8 s unless said. */
  readonly webhookRetryDelaysMs?: readonly number[];
}

export interface GraphSimulator {
  /** The server's root, e.g. http://127.0.0.1:8083 (the control API is under `/_simulator`). */
  readonly endpoint: string;
  /** The Graph API root with its version, what WHATSAPP_CLOUD_API_URL names. */
  readonly apiUrl: string;
  readonly port: number;
  /** Resolves once every webhook queued so far was delivered or given up. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const JSON_MAX_BYTES = 1024 * 1024;
/** The control API's customer messages carry their media inline, base64. */
const CONTROL_JSON_MAX_BYTES = Math.ceil((INBOUND_MEDIA_MAX_BYTES * 4) / 3) + 64 * 1024;
const WINDOW_MS = REPLY_WINDOW_HOURS * 3_600_000;
const VERIFICATION_TIMEOUT_MS = 5_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

/** The media types Meta's Cloud API takes, by kind, with each kind's size cap. */
const UPLOAD_TYPES: readonly { readonly types: readonly string[]; readonly maxBytes: number }[] = [
  { types: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024 },
  { types: ['image/webp'], maxBytes: 500 * 1024 },
  { types: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'], maxBytes: 16 * 1024 * 1024 },
  { types: ['video/mp4', 'video/3gpp'], maxBytes: 16 * 1024 * 1024 },
  {
    types: [
      'text/plain',
      'application/pdf',
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    maxBytes: 100 * 1024 * 1024,
  },
];
const UPLOAD_MAX_BYTES = Math.max(...UPLOAD_TYPES.map((kind) => kind.maxBytes));

/** An error in Meta's shape: `{ error: { message, type, code, error_subcode?, error_data?, fbtrace_id } }`. */
class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    readonly subcode?: number,
  ) {
    super(message);
  }
}

/** A refusal of the control API (not Meta's: the simulator's own), `{ error: { message } }`. */
class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const invalidParameter = (details: string) => new GraphError(400, 131009, 'Parameter value is not valid', details);
const unknownObject = (method: string, id: string) =>
  new GraphError(400, 100, `Unsupported ${method.toLowerCase()} request: object ${id} is unknown, or this access token may not use it`, undefined, 33);

const newWamid = (): string => `wamid.HBgM${randomBytes(24).toString('hex').toUpperCase()}`;

export async function startGraphSimulator(options: StartGraphSimulatorOptions): Promise<GraphSimulator> {
  const store = new GraphSimulatorStore(options.dataDir);
  await store.load();
  const simulator = new Simulator(options, store);
  return simulator.start();
}

class Simulator {
  private readonly server: Server;
  private readonly log: (entry: Record<string, unknown>) => void;
  private readonly webhooks: WebhookDeliveries;
  private readonly timers = new Set<NodeJS.Timeout>();
  private endpoint = '';
  private stopped: Promise<void> | undefined;
  /** Set by stop: statuses still being worked out are dropped rather than written after the last save. */
  private stopping = false;

  constructor(
    private readonly options: StartGraphSimulatorOptions,
    private readonly store: GraphSimulatorStore,
  ) {
    this.log = options.log ?? (() => undefined);
    this.webhooks = new WebhookDeliveries({
      retryDelaysMs: options.webhookRetryDelaysMs ?? [1_000, 2_000, 4_000, 8_000],
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      log: this.log,
    });
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async start(): Promise<GraphSimulator> {
    const host = this.options.host ?? '127.0.0.1';
    const port = await listen(this.server, this.options.port, host);
    this.endpoint = `http://${reachableUrlHost(host)}:${port}`;
    return {
      endpoint: this.endpoint,
      apiUrl: `${this.endpoint}/${GRAPH_API_VERSION}`,
      port,
      idle: () => this.webhooks.idle(),
      stop: () => (this.stopped ??= this.shutdown()),
    };
  }

  private async shutdown(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await closeServer(this.server);
    await this.webhooks.stop();
    await this.store.flushed();
  }

  // ---- HTTP ------------------------------------------------------------------------------------------

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://graph.local');
    const method = request.method ?? 'GET';
    const path = url.pathname.split('/').filter((part) => part !== '').map((part) => decodeURIComponent(part));
    try {
      if (path[0] === '_simulator') {
        await this.control(method, path.slice(1), url.searchParams, request, response);
      } else if (path[0] === 'whatsapp_business' && path[1] === 'attachments' && method === 'GET') {
        await this.download(url.searchParams.get('mid') ?? '', request, response);
      } else if (path[0] !== undefined && /^v\d+\.\d+$/.test(path[0])) {
        await this.graph(method, path.slice(1), url.searchParams, request, response);
      } else {
        throw new GraphError(400, 100, `Unknown path components: ${url.pathname}`);
      }
    } catch (error) {
      if (error instanceof GraphError) {
        send(response, error.status, {
          error: {
            message: error.message,
            type: 'OAuthException',
            code: error.code,
            ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
            ...(error.details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details: error.details } }),
            fbtrace_id: randomBytes(12).toString('base64url'),
          },
        });
      } else if (error instanceof ControlError) {
        send(response, error.status, { error: { message: error.message } });
      } else {
        this.log({ level: 'error', message: 'graph simulator request failed', method, path: url.pathname, error: String(error) });
        send(response, 500, { error: { message: 'An unexpected error of the Graph simulator', type: 'OAuthException', code: 1 } });
      }
    }
    // The path only: a query could carry an access token.
    this.log({ level: 'debug', message: 'graph simulator request', method, path: url.pathname, status: response.statusCode });
  }

  // ---- Graph API -------------------------------------------------------------------------------------

  private async graph(method: string, path: readonly string[], query: URLSearchParams, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const account = this.authenticate(request);
    const [id = '', edge, ...rest] = path;
    if (rest.length > 0) throw new GraphError(400, 100, `Unknown path components: /${rest.join('/')}`);
    const isPhone = id === account.phoneNumberId;
    const isWaba = id === account.wabaId;
    const medium = this.store.mediaOf(id);
    const isMedia = medium !== undefined && medium.phoneNumberId === account.phoneNumberId;
    if (!isPhone && !isWaba && !isMedia) throw unknownObject(method, id);

    const route = `${method} ${isPhone ? 'phone' : isWaba ? 'waba' : 'media'}${edge === undefined ? '' : `/${edge}`}`;
    switch (route) {
      case 'GET phone':
        send(response, 200, pickFields(phoneNumberFields(account), query, ['id', 'display_phone_number', 'verified_name', 'quality_rating']));
        return;
      case 'GET waba':
        send(response, 200, pickFields(wabaFields(account), query, ['id', 'name']));
        return;
      case 'GET waba/phone_numbers':
        send(response, 200, { data: [pickFields(phoneNumberFields(account), query, ['id', 'display_phone_number', 'verified_name', 'quality_rating'])] });
        return;
      case 'POST waba/subscribed_apps':
        send(response, 200, await this.subscribe(account, await readJson(request, JSON_MAX_BYTES)));
        return;
      case 'GET waba/subscribed_apps':
        send(response, 200, { data: account.callback === null ? [] : [subscribedApp(account)] });
        return;
      case 'DELETE waba/subscribed_apps':
        await this.store.update(account, (changed) => {
          changed.callback = null;
        });
        send(response, 200, { success: true });
        return;
      case 'GET waba/message_templates':
        send(response, 200, this.templates(account, query));
        return;
      case 'POST phone/register':
        // Registering the number for the Cloud API (with its two-step PIN): a simulated number always is.
        send(response, 200, this.register(await readJson(request, JSON_MAX_BYTES)));
        return;
      case 'POST phone/messages':
        send(response, 200, await this.message(account, await readJson(request, JSON_MAX_BYTES)));
        return;
      case 'POST phone/media':
        send(response, 200, await this.upload(account, request));
        return;
      case 'GET media':
        if (medium === undefined) break;
        if (query.has('phone_number_id') && query.get('phone_number_id') !== account.phoneNumberId) throw unknownObject(method, id);
        send(response, 200, {
          messaging_product: 'whatsapp',
          url: `${this.endpoint}/whatsapp_business/attachments/?mid=${medium.id}`,
          mime_type: medium.mimeType,
          sha256: medium.sha256,
          file_size: medium.fileSize,
          id: medium.id,
        });
        return;
      case 'DELETE media':
        await this.store.deleteMedia(id);
        send(response, 200, { success: true });
        return;
    }
    throw new GraphError(400, 100, `Unsupported ${method.toLowerCase()} request on ${id}${edge === undefined ? '' : `/${edge}`}`);
  }

  /** The account whose access token the request carries; Meta's 401 (code 190) for any other. */
  private authenticate(request: IncomingMessage): StoredAccount {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const account = token === undefined ? undefined : this.store.accountByToken(token);
    if (account === undefined) throw new GraphError(401, 190, 'Invalid OAuth access token: the token is unknown, expired or malformed');
    return account;
  }

  /** Meta's override of the callback for one WABA: verified with the callback's own handshake first. */
  private async subscribe(account: StoredAccount, body: unknown): Promise<{ success: true }> {
    const parsed = z
      .object({ override_callback_uri: z.url({ protocol: /^https?$/ }).optional(), verify_token: z.string().min(1).max(256).optional() })
      .refine((value) => (value.override_callback_uri === undefined) === (value.verify_token === undefined), 'override_callback_uri and verify_token go together')
      .safeParse(body);
    if (!parsed.success) throw new GraphError(400, 100, 'Invalid parameter', z.prettifyError(parsed.error));
    const { override_callback_uri: url, verify_token: verifyToken } = parsed.data;
    // Without an override the app's own callback would stand; the simulator has none, so nothing changes.
    if (url === undefined || verifyToken === undefined) return { success: true };
    const challenge = String(randomInt(1_000_000_000, 2_000_000_000));
    const verification = new URL(url);
    verification.searchParams.set('hub.mode', 'subscribe');
    verification.searchParams.set('hub.challenge', challenge);
    verification.searchParams.set('hub.verify_token', verifyToken);
    let failure: string | undefined;
    try {
      const answer = await fetch(verification, { signal: AbortSignal.timeout(VERIFICATION_TIMEOUT_MS) });
      const text = await answer.text();
      if (answer.status !== 200) failure = `the callback answered HTTP ${answer.status}`;
      else if (text.trim() !== challenge) failure = 'the callback did not answer with the challenge';
    } catch (error) {
      failure = `the callback could not be reached (${error instanceof Error ? error.message : String(error)})`;
    }
    if (failure !== undefined) throw new GraphError(400, 2200, `Callback verification failed: ${failure}`);
    await this.store.update(account, (changed) => {
      changed.callback = { url, verifyToken };
    });
    return { success: true };
  }

  private register(body: unknown): { success: true } {
    const parsed = z.object({ messaging_product: z.literal('whatsapp'), pin: z.string().regex(/^\d{6}$/, 'six digits') }).safeParse(body);
    if (!parsed.success) throw invalidParameter(z.prettifyError(parsed.error));
    return { success: true };
  }

  /** `message_templates`: the account's templates, filtered by `status` and `name`, in pages of `limit` after the cursor `after`. */
  private templates(account: StoredAccount, query: URLSearchParams): Record<string, unknown> {
    const limit = query.has('limit') ? Number(query.get('limit')) : 25;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new GraphError(400, 100, 'Invalid parameter', 'limit must be an integer from 1 to 1000');
    const status = query.get('status');
    const name = query.get('name');
    const matching = account.templates.filter((template) => (status === null || template.status === status) && (name === null || template.name.includes(name)));
    const after = query.get('after');
    let start = 0;
    if (after !== null) {
      const index = matching.findIndex((template) => cursorOf(template.id) === after);
      if (index < 0) throw new GraphError(400, 100, 'Invalid parameter', 'after is not a cursor of this list');
      start = index + 1;
    }
    const page = matching.slice(start, start + limit);
    const data = page.map((template) => pickFields(templateInMetaShape(template), query, ['id', 'name', 'language', 'status', 'category', 'parameter_format', 'components']));
    const first = page[0];
    const last = page.at(-1);
    if (first === undefined || last === undefined) return { data };
    const next = new URL(`${this.endpoint}/${GRAPH_API_VERSION}/${account.wabaId}/message_templates`);
    for (const [key, value] of query) if (key !== 'after' && key !== 'before') next.searchParams.set(key, value);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('after', cursorOf(last.id));
    return {
      data,
      paging: {
        cursors: { before: cursorOf(first.id), after: cursorOf(last.id) },
        ...(start + page.length < matching.length ? { next: next.toString() } : {}),
      },
    };
  }

  /** `POST /{phone-number-id}/messages`: a read receipt, or a message to send. */
  private async message(account: StoredAccount, body: unknown): Promise<Record<string, unknown>> {
    if (typeof body === 'object' && body !== null && 'status' in body) return this.readReceipt(account, body);
    const parsed = SendMessageBody.safeParse(body, { reportInput: true });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const code = issue === undefined ? 131009 : metaCodeOfIssue(issue);
      throw new GraphError(400, code, code === 131008 ? 'Required parameter is missing' : 'Parameter value is not valid', z.prettifyError(parsed.error));
    }
    const message = parsed.data;
    const media: MediaObject | undefined = message.type === 'image' || message.type === 'audio' || message.type === 'video' || message.type === 'document' || message.type === 'sticker' ? message[message.type] : undefined;
    if (media?.id !== undefined && this.store.mediaOf(media.id)?.phoneNumberId !== account.phoneNumberId) {
      throw invalidParameter(`media id ${media.id} is not a medium uploaded to this phone number`);
    }
    const template = message.template === undefined ? undefined : this.approvedTemplate(account, message.template);

    const now = this.store.now(account);
    const to = message.to;
    const customer = account.customers[to];
    const lastInboundAt = customer?.lastInboundAt ?? null;
    // Meta's rule: free-form only within 24 hours of the customer's last message; a template any time.
    const windowOpen = template !== undefined || (lastInboundAt !== null && now - lastInboundAt < WINDOW_MS);
    const record: OutboxRecord = {
      id: newWamid(),
      to,
      type: message.type,
      summary: summaryOf(message, template?.filled ?? null),
      request: body,
      sentAt: now,
      category: template?.category ?? 'service',
      statuses: [],
      error: null,
    };
    await this.store.update(account, (changed) => {
      changed.customers[to] ??= { name: '', lastInboundAt: null };
      changed.outbox.push(record);
    });

    // After the answer, as Meta's statuses come: never before the wamid they name.
    this.later(0, async () => {
      if (!windowOpen) {
        await this.status(account, record, 'failed', {
          code: 131047,
          title: 'Re-engagement message',
          details: `More than ${REPLY_WINDOW_HOURS} hours passed since the customer last wrote (or they never did): send a template.`,
        });
        return;
      }
      await this.status(account, record, 'sent');
      this.later(this.options.deliveredAfterMs ?? 1_000, async () => {
        if (record.statuses.every((entry) => entry.status === 'sent')) await this.status(account, record, 'delivered');
      });
    });

    const input = (body as { to: string }).to;
    return { messaging_product: 'whatsapp', contacts: [{ input, wa_id: to }], messages: [{ id: record.id }] };
  }

  /** The account's approved template the send names, with its body filled; Meta's template errors otherwise. */
  private approvedTemplate(account: StoredAccount, wanted: NonNullable<SendMessageBody['template']>): { category: string; filled: string } {
    const template = account.templates.find((candidate) => candidate.name === wanted.name && candidate.language === wanted.language.code);
    if (template?.status === 'PAUSED') throw new GraphError(400, 132015, 'Template is paused', `${wanted.name} (${wanted.language.code}) is paused`);
    if (template?.status === 'DISABLED') throw new GraphError(400, 132016, 'Template is disabled', `${wanted.name} (${wanted.language.code}) is disabled`);
    if (template === undefined || template.status !== 'APPROVED') {
      throw new GraphError(404, 132001, 'Template does not exist', `${wanted.name} (${wanted.language.code}) is not an approved template of this account`);
    }
    const textParameters = (type: string) =>
      wanted.components.filter((component) => component.type === type).flatMap((component) => component.parameters.map((parameter) => parameter.text ?? ''));
    const body = textParameters('body');
    const header = textParameters('header');
    const expectedHeader = template.header === null ? 0 : countTemplateVariables(template.header);
    if (body.length !== countTemplateVariables(template.body) || header.length !== expectedHeader) {
      throw new GraphError(400, 132000, 'Number of parameters does not match the expected number of params', `${wanted.name} takes ${countTemplateVariables(template.body)} body parameter(s), got ${body.length}`);
    }
    return { category: template.category.toLowerCase(), filled: fillTemplate(template.body, body) };
  }

  /** The business read a customer's message. */
  private async readReceipt(account: StoredAccount, body: unknown): Promise<{ success: true }> {
    const parsed = ReadReceiptBody.safeParse(body);
    if (!parsed.success) throw invalidParameter(z.prettifyError(parsed.error));
    const inbound = account.inbound.find((record) => record.id === parsed.data.message_id);
    if (inbound === undefined) throw invalidParameter(`message_id ${parsed.data.message_id} is not a message this phone number received`);
    await this.store.update(account, () => {
      inbound.readByBusinessAt ??= this.store.now(account);
    });
    return { success: true };
  }

  /** `POST /{phone-number-id}/media`: multipart `file`, `type` (its MIME type) and `messaging_product`. */
  private async upload(account: StoredAccount, request: IncomingMessage): Promise<{ id: string }> {
    const form = await readMultipart(request, UPLOAD_MAX_BYTES);
    if (form.fields.messaging_product === undefined) throw new GraphError(400, 131008, 'Required parameter is missing', 'messaging_product');
    if (form.fields.messaging_product !== 'whatsapp') throw invalidParameter('messaging_product must be whatsapp');
    if (form.file === undefined) throw new GraphError(400, 131008, 'Required parameter is missing', 'file');
    const type = form.fields.type ?? form.file.mimeType;
    const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
    const kind = UPLOAD_TYPES.find((candidate) => candidate.types.includes(base));
    if (kind === undefined) throw invalidParameter(`type ${type} is not a media type the Cloud API takes`);
    if (form.file.bytes.length === 0) throw invalidParameter('file is empty');
    if (form.file.bytes.length > kind.maxBytes) throw new GraphError(400, 131053, 'Media upload error', `a ${base} file may have up to ${kind.maxBytes} bytes`);
    const medium = await this.store.putMedia(account.phoneNumberId, form.file.bytes, type, form.file.fileName);
    return { id: medium.id };
  }

  /** A medium's bytes at the `url` `GET /{media-id}` answered, for its account's token only. */
  private async download(id: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const account = this.authenticate(request);
    const medium = this.store.mediaOf(id);
    const bytes = medium?.phoneNumberId === account.phoneNumberId ? await this.store.mediaBytesOf(id) : undefined;
    if (medium === undefined || bytes === undefined) throw new GraphError(404, 100, 'Media not found', `no medium ${id} for this access token`);
    response.writeHead(200, { 'content-type': medium.mimeType, 'content-length': bytes.length });
    response.end(bytes);
  }

  // ---- control API -----------------------------------------------------------------------------------

  private async control(method: string, path: readonly string[], query: URLSearchParams, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const [collection, phoneNumberId, action, ...rest] = path;
    if (collection !== 'accounts' || rest.length > 0) throw new ControlError(404, 'Unknown control path');
    if (phoneNumberId === undefined) {
      if (method !== 'POST') throw new ControlError(405, 'POST /_simulator/accounts creates an account');
      send(response, 201, await this.createAccount(await readJson(request, JSON_MAX_BYTES)));
      return;
    }
    const account = this.store.account(phoneNumberId);
    if (account === undefined) throw new ControlError(404, `No simulated account has the phone number id ${phoneNumberId}`);
    const route = `${method} ${action ?? ''}`;
    switch (route) {
      case 'GET ':
        send(response, 200, accountView(account, this.store.now(account)));
        return;
      case 'POST advance':
        send(response, 200, await this.advance(account, await readJson(request, JSON_MAX_BYTES)));
        return;
      case 'POST inbound':
        send(response, 200, await this.inbound(account, await readJson(request, CONTROL_JSON_MAX_BYTES)));
        return;
      case 'POST read':
        send(response, 200, await this.customerRead(account, await readJson(request, JSON_MAX_BYTES)));
        return;
      case 'GET outbox':
        send(response, 200, outboxView(account, query.get('to')));
        return;
    }
    throw new ControlError(404, 'Unknown control path');
  }

  private async createAccount(body: unknown): Promise<Record<string, string>> {
    const parsed = z.object({ verifiedName: z.string().min(1).max(100).optional(), templates: z.array(TemplateInput).max(200).optional() }).safeParse(body);
    if (!parsed.success) throw new ControlError(400, z.prettifyError(parsed.error));
    const account = await this.store.createAccount(parsed.data);
    return { phoneNumberId: account.phoneNumberId, wabaId: account.wabaId, accessToken: account.accessToken, appSecret: account.appSecret };
  }

  private async advance(account: StoredAccount, body: unknown): Promise<{ now: string }> {
    const parsed = z.object({ hours: z.number().positive().max(24 * 366) }).safeParse(body);
    if (!parsed.success) throw new ControlError(400, z.prettifyError(parsed.error));
    await this.store.update(account, (changed) => {
      changed.clockOffsetMs += Math.round(parsed.data.hours * 3_600_000);
    });
    return { now: new Date(this.store.now(account)).toISOString() };
  }

  /** A customer writes: Meta's inbound message webhook, signed, to the registered callback. */
  private async inbound(account: StoredAccount, body: unknown): Promise<{ id: string; timestamp: string }> {
    const parsed = InboundBody.safeParse(body);
    if (!parsed.success) throw new ControlError(400, z.prettifyError(parsed.error));
    const input = parsed.data;
    const callback = account.callback;
    if (callback === null) {
      throw new ControlError(409, 'Nothing is subscribed to this account\'s webhooks yet: create the cloud connection with its values and start it (Tentar novamente)');
    }
    const now = this.store.now(account);
    const id = newWamid();
    const message: Record<string, unknown> = { from: input.from, id, timestamp: metaTimestamp(now) };
    if (input.replyTo !== undefined) {
      const quotedOutbound = account.outbox.some((record) => record.id === input.replyTo);
      const quotedInbound = account.inbound.find((record) => record.id === input.replyTo);
      if (!quotedOutbound && quotedInbound === undefined) throw new ControlError(400, `replyTo: ${input.replyTo} is no message of this account`);
      message.context = { from: quotedOutbound ? displayDigits(account) : quotedInbound?.from, id: input.replyTo };
    }
    const kind = INBOUND_MEDIA_KINDS.find((candidate) => input[candidate] !== undefined);
    const attachment = kind === undefined ? undefined : input[kind];
    if (kind !== undefined && attachment !== undefined) {
      const bytes = Buffer.from(attachment.base64, 'base64');
      if (bytes.length === 0 || bytes.length > INBOUND_MEDIA_MAX_BYTES) throw new ControlError(400, `${kind}: from 1 byte to ${INBOUND_MEDIA_MAX_BYTES} bytes`);
      const medium = await this.store.putMedia(account.phoneNumberId, bytes, attachment.mime, attachment.filename ?? null);
      message.type = kind;
      message[kind] = inboundMedia(kind, medium, input.text);
    } else if (input.location !== undefined) {
      message.type = 'location';
      message.location = input.location;
    } else if (input.contacts !== undefined) {
      message.type = 'contacts';
      message.contacts = input.contacts.map((card) => ({
        name: { formatted_name: card.name, first_name: card.name.split(' ')[0] ?? card.name },
        phones: [{ phone: `+${card.phone}`, wa_id: card.phone, type: 'CELL' }],
      }));
    } else {
      message.type = 'text';
      message.text = { body: input.text ?? '' };
    }
    const name = input.name ?? account.customers[input.from]?.name ?? '';
    const profileName = name === '' ? `Cliente ${input.from.slice(-4)}` : name;
    await this.store.update(account, (changed) => {
      changed.customers[input.from] = { name: profileName, lastInboundAt: now };
      changed.inbound.push({ id, from: input.from, at: now, readByBusinessAt: null });
    });
    void this.webhooks.deliver(account.phoneNumberId, { url: callback.url, appSecret: account.appSecret }, webhookEnvelope(account, {
      contacts: [{ profile: { name: profileName }, wa_id: input.from }],
      messages: [message],
    }));
    return { id, timestamp: metaTimestamp(now) };
  }

  /** A customer opens the chat: every message the business sent them not yet read is read (delivered first if it was not yet). */
  private async customerRead(account: StoredAccount, body: unknown): Promise<{ read: number }> {
    const parsed = CustomerReadBody.safeParse(body);
    if (!parsed.success) throw new ControlError(400, z.prettifyError(parsed.error));
    const unread = account.outbox.filter(
      (record) => record.to === parsed.data.from && record.statuses.some((entry) => entry.status === 'sent') && !record.statuses.some((entry) => entry.status === 'read' || entry.status === 'failed'),
    );
    for (const record of unread) {
      if (!record.statuses.some((entry) => entry.status === 'delivered')) await this.status(account, record, 'delivered');
      await this.status(account, record, 'read');
    }
    return { read: unread.length };
  }

  // ---- statuses --------------------------------------------------------------------------------------

  /** Records a status of a sent message and sends its webhook (when someone subscribed). */
  private async status(account: StoredAccount, record: OutboxRecord, status: DeliveryStatus, error?: { code: number; title: string; details: string }): Promise<void> {
    if (this.stopping) return;
    const at = this.store.now(account);
    await this.store.update(account, () => {
      record.statuses.push({ status, timestamp: at });
      if (error !== undefined) record.error = { code: error.code, title: error.title };
    });
    const callback = account.callback;
    if (callback === null) return;
    const entry = statusEntry({ messageId: record.id, status, at, recipient: record.to, category: record.category, ...(error === undefined ? {} : { error }) });
    void this.webhooks.deliver(account.phoneNumberId, { url: callback.url, appSecret: account.appSecret }, webhookEnvelope(account, { statuses: [entry] }));
  }

  /** Runs `work` after `ms`, unless the simulator stops first; a failure is logged, never thrown. */
  private later(ms: number, work: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work().catch((error: unknown) => this.log({ level: 'error', message: 'graph simulator status failed', error: String(error) }));
    }, ms);
    this.timers.add(timer);
  }
}

// ---- shapes ----------------------------------------------------------------------------------------------

function phoneNumberFields(account: StoredAccount): Record<string, unknown> {
  return {
    id: account.phoneNumberId,
    display_phone_number: account.displayPhoneNumber,
    verified_name: account.verifiedName,
    quality_rating: 'GREEN',
    code_verification_status: 'VERIFIED',
    name_status: 'APPROVED',
    platform_type: 'CLOUD_API',
    throughput: { level: 'STANDARD' },
    messaging_limit_tier: 'TIER_1K',
    status: 'CONNECTED',
    account_mode: 'LIVE',
    is_official_business_account: false,
    is_pin_enabled: false,
  };
}

function wabaFields(account: StoredAccount): Record<string, unknown> {
  return {
    id: account.wabaId,
    name: account.verifiedName,
    currency: 'BRL',
    timezone_id: '25',
    message_template_namespace: `sim_${account.wabaId}`,
    account_review_status: 'APPROVED',
    business_verification_status: 'verified',
  };
}

function subscribedApp(account: StoredAccount): Record<string, unknown> {
  return {
    whatsapp_business_api_data: { id: `9${account.wabaId.slice(1)}`, name: 'Atende (simulated app)', link: 'https://example.com/' },
    ...(account.callback === null ? {} : { override_callback_uri: account.callback.url }),
  };
}

/**
 * The fields `fields` asks for (Meta's `a,b,c{x}` syntax: nested selections take the whole field), with
 * `id` always; the defaults without it. A field the object lacks is refused, as Meta refuses it.
 */
function pickFields(all: Record<string, unknown>, query: URLSearchParams, defaults: readonly string[]): Record<string, unknown> {
  const asked = query.get('fields');
  const names = asked === null || asked.trim() === '' ? defaults : asked.replace(/\{[^}]*\}/g, '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  for (const name of names) if (!Object.hasOwn(all, name)) throw new GraphError(400, 100, `Tried accessing nonexisting field (${name})`);
  return Object.fromEntries(['id', ...names.filter((name) => name !== 'id')].map((name) => [name, all[name]]));
}

const cursorOf = (id: string): string => Buffer.from(`t:${id}`).toString('base64url');

function inboundMedia(kind: (typeof INBOUND_MEDIA_KINDS)[number], medium: StoredMedia, caption: string | undefined): Record<string, unknown> {
  const common = { id: medium.id, mime_type: medium.mimeType, sha256: medium.sha256 };
  switch (kind) {
    case 'image':
    case 'video':
      return { ...common, ...(caption === undefined ? {} : { caption }) };
    case 'document':
      return { ...common, filename: medium.fileName ?? 'document', ...(caption === undefined ? {} : { caption }) };
    case 'audio':
      // An Opus voice note is what WhatsApp records; anything else came as an audio file.
      return { ...common, voice: medium.mimeType.startsWith('audio/ogg') };
    case 'sticker':
      return { ...common, animated: false };
  }
}

function accountView(account: StoredAccount, now: number): Record<string, unknown> {
  return {
    phoneNumberId: account.phoneNumberId,
    wabaId: account.wabaId,
    accessToken: account.accessToken,
    appSecret: account.appSecret,
    displayPhoneNumber: account.displayPhoneNumber,
    verifiedName: account.verifiedName,
    callbackUrl: account.callback?.url ?? null,
    now: new Date(now).toISOString(),
    clockOffsetHours: account.clockOffsetMs / 3_600_000,
  };
}

function outboxView(account: StoredAccount, to: string | null): Record<string, unknown> {
  const customer = to === null ? null : to.replace(/\D/g, '');
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    messages: account.outbox
      .filter((record) => customer === null || record.to === customer)
      .map((record) => ({
        id: record.id,
        to: record.to,
        type: record.type,
        summary: record.summary,
        sentAt: iso(record.sentAt),
        status: record.statuses.at(-1)?.status ?? 'accepted',
        statuses: record.statuses.map((entry) => ({ status: entry.status, at: iso(entry.timestamp) })),
        error: record.error,
        request: record.request,
      })),
    readReceipts: account.inbound
      .filter((record) => record.readByBusinessAt !== null && (customer === null || record.from === customer))
      .map((record) => ({ messageId: record.id, from: record.from, at: iso(record.readByBusinessAt ?? 0) })),
  };
}

// ---- plumbing --------------------------------------------------------------------------------------------

async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) throw new GraphError(413, 100, 'Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

async function readJson(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const text = (await readBody(request, maxBytes)).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new GraphError(400, 100, 'The request body is not valid JSON');
  }
}

interface MultipartForm {
  readonly fields: Readonly<Record<string, string>>;
  readonly file: { readonly bytes: Buffer; readonly mimeType: string; readonly fileName: string | null } | undefined;
}

/** A multipart/form-data body with one file part named `file` and a few text fields. */
async function readMultipart(request: IncomingMessage, maxBytes: number): Promise<MultipartForm> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new GraphError(400, 100, 'Invalid parameter', 'the body must be multipart/form-data');
  const body = await readBody(request, maxBytes + 64 * 1024);
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: MultipartForm['file'];
    const parts: Promise<void>[] = [];
    const parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { files: 1, fields: 10, fileSize: maxBytes + 1 } });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('limit', () => reject(new GraphError(400, 131053, 'Media upload error', `a file may have up to ${maxBytes} bytes`)));
      parts.push(
        new Promise((done, broken) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', broken);
          stream.on('end', () => {
            file = { bytes: Buffer.concat(chunks), mimeType: info.mimeType, fileName: info.filename === '' ? null : info.filename };
            done();
          });
        }),
      );
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('error', () => reject(new GraphError(400, 100, 'Invalid parameter', 'malformed multipart body')));
    parser.on('close', () => {
      Promise.all(parts).then(
        () => resolve({ fields, file }),
        () => reject(new GraphError(400, 100, 'Invalid parameter', 'malformed multipart body')),
      );
    });
    parser.end(body);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
