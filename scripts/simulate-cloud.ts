/**
 * `npm run simulate` on a Cloud API connection (issue 32): the customers of the local Graph API simulator
 * (infra/local/graph-simulator.ts), played through its control API on the local cloud's GRAPH_PORT. The
 * connection's stored `cloudPhoneNumberId` names the simulated account; what the customer does reaches
 * the product as Meta's signed webhooks, exactly as from Meta.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { INBOUND_MEDIA_MAX_BYTES, type InboundMediaKind } from '../infra/local/graph-messages';
import { DEMO_CLOUD_ACCOUNT, type SimulatedAccountKeys } from '../infra/local/graph-simulator';
import { contentTypeOf, sniffMediaType } from '../functions/core/media/files';
import { portsFromEnv } from './ports';
import type { parseSimulateArgs } from './simulate-args';

type Options = ReturnType<typeof parseSimulateArgs>['values'];

/** The simulator's root under `npm start` (its control API is under `/_simulator`). */
export const graphSimulatorUrl = (env: NodeJS.ProcessEnv = process.env): string => `http://127.0.0.1:${portsFromEnv(env).graph}`;

/** A failure to tell the developer as it is. */
export class SimulateCloudError extends Error {}

/** A file a customer sends, as read from disk. */
export interface CustomerFile {
  readonly bytes: Buffer;
  readonly fileName: string;
  readonly mimeType: string;
}

/** How WhatsApp shows a file of this type: a photo, a video, an audio, a sticker, else a document. */
export function mediaKindOf(mimeType: string): InboundMediaKind {
  if (mimeType === 'image/webp') return 'sticker';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * The control API's body of a customer's message, from the command line's options: `--text` (a caption
 * with an image, video or document), `--file`, `--location lat,lng[,description]`, `--vcard name:number`,
 * `--reply <wamid>`.
 */
export function customerMessageBody(from: string, options: Options, file: CustomerFile | undefined): Record<string, unknown> {
  const common = { from, ...(options.name ? { name: options.name } : {}), ...(options.reply ? { replyTo: options.reply } : {}) };
  if (file) {
    const kind = mediaKindOf(file.mimeType);
    const caption = options.text !== undefined && (kind === 'image' || kind === 'video' || kind === 'document') ? { text: options.text } : {};
    return { ...common, ...caption, [kind]: { base64: file.bytes.toString('base64'), mime: file.mimeType, filename: file.fileName } };
  }
  if (options.location) {
    const [latitude, longitude, ...description] = options.location.split(',');
    const name = description.join(',').trim();
    return { ...common, location: { latitude: Number(latitude), longitude: Number(longitude), ...(name ? { name } : {}) } };
  }
  if (options.vcard) {
    const [name = '', number = ''] = options.vcard.split(':');
    return { ...common, contacts: [{ name: name.trim(), phone: number.replace(/\D/g, '') }] };
  }
  if (!options.text) throw new SimulateCloudError('Say what the customer writes with --text, or send --file, --location or --vcard.');
  return { ...common, text: options.text };
}

/** One call of the simulator's control API; its refusal becomes the error's message. */
async function control(baseUrl: string, path: string, json?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/_simulator${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      ...(json === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
    });
  } catch (error) {
    throw new SimulateCloudError(`The Graph API simulator does not answer at ${baseUrl} (${String(error)}). Is \`npm start\` running?`);
  }
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new SimulateCloudError(`The Graph API simulator refused (${response.status}): ${body?.error?.message ?? 'no reason given'}`);
  return body;
}

/** `cloud-account [--new]`: the demo account's four values, or a new account's. */
export async function cloudAccountCommand(options: Options, baseUrl = graphSimulatorUrl()): Promise<string> {
  const account = options.new ? ((await control(baseUrl, '/accounts', {})) as SimulatedAccountKeys) : DEMO_CLOUD_ACCOUNT;
  return [
    options.new ? 'A new account of the Graph API simulator:' : "The Graph API simulator's demo account:",
    `  Phone number ID                ${account.phoneNumberId}`,
    `  WhatsApp Business Account ID   ${account.wabaId}`,
    `  Access token                   ${account.accessToken}`,
    `  App secret                     ${account.appSecret}`,
    '',
  ].join('\n');
}

interface OutboxAnswer {
  readonly messages: readonly { id: string; to: string; type: string; summary: string; sentAt: string; status: string; error: { code: number; title: string } | null }[];
  readonly readReceipts: readonly { messageId: string; from: string; at: string }[];
}

/**
 * `send`, `read`, `outbox` and `advance` on a cloud connection's simulated account; answers what to print.
 * `from` reads and checks `--from` (it fails the command when missing).
 */
export async function runCloudCommand(
  command: string | undefined,
  options: Options,
  context: { readonly connectionName: string; readonly phoneNumberId: string; readonly from: () => string; readonly baseUrl?: string },
): Promise<string> {
  const baseUrl = context.baseUrl ?? graphSimulatorUrl();
  const account = `/accounts/${encodeURIComponent(context.phoneNumberId)}`;
  switch (command) {
    case 'send': {
      const from = context.from();
      let file: CustomerFile | undefined;
      if (options.file) {
        const bytes = await readFile(options.file);
        if (bytes.length > INBOUND_MEDIA_MAX_BYTES) throw new SimulateCloudError(`A simulated customer sends files up to ${INBOUND_MEDIA_MAX_BYTES / 1024 / 1024} MB.`);
        const fileName = basename(options.file);
        file = { bytes, fileName, mimeType: contentTypeOf(sniffMediaType(bytes), fileName) };
      }
      const sent = (await control(baseUrl, `${account}/inbound`, customerMessageBody(from, options, file))) as { id: string };
      return `Sent ${sent.id} from ${from} to ${context.connectionName}.\n`;
    }
    case 'read': {
      const from = context.from();
      const read = (await control(baseUrl, `${account}/read`, { from })) as { read: number };
      return `${read.read} message(s) read by ${from}.\n`;
    }
    case 'outbox': {
      const query = options.from ? `?to=${encodeURIComponent(options.from.replace(/\D/g, ''))}` : '';
      const outbox = (await control(baseUrl, `${account}/outbox${query}`)) as OutboxAnswer;
      const messages = outbox.messages.map(
        (record) => `${record.sentAt}  to ${record.to}  ${record.status}${record.error ? ` (${record.error.code} ${record.error.title})` : ''}  ${record.id}  ${record.type}: ${record.summary}`,
      );
      const receipts = outbox.readReceipts.map((receipt) => `${receipt.at}  read receipt for ${receipt.messageId} (from ${receipt.from})`);
      return [...messages, ...receipts].map((line) => `${line}\n`).join('');
    }
    case 'advance': {
      const hours = Number(options.hours);
      if (!(hours > 0)) throw new SimulateCloudError('Say how far to move the clock with --hours <n> (e.g. --hours 25 closes the 24-hour window).');
      const moved = (await control(baseUrl, `${account}/advance`, { hours })) as { now: string };
      return `The clock of ${context.connectionName}'s simulated account now reads ${moved.now}.\n`;
    }
    default:
      throw new SimulateCloudError('On a Cloud API connection: send, read, outbox, advance (and cloud-account); see scripts/simulate.ts.');
  }
}
