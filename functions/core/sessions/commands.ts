/**
 * The contract between the backend and the session host (docs/architecture.md §3): commands the backend puts on
 * the host's SQS FIFO queues, one queue per shard, grouped by WhatsApp connection so a connection's
 * commands are carried out in order. The host validates every command with `SessionCommand` before
 * acting on it, and owns the shards `shardOf` assigns (functions/sessions/leases.ts).
 *
 * Commands carry what the host needs to act without reading the table for the common case (the chat
 * to write to, the text, the media key), plus our ids so it can report back (acks, WhatsApp ids).
 * A ticket without a connection (`whatsappId` null) has no session to talk to: its messages are stored
 * and nothing is enqueued (the callers check).
 *
 * A Cloud API connection (issue 32) has no session host: its commands go to the `cloud-commands` FIFO
 * queue instead (same group, same deduplication), whose Lambda carries them out through Meta's Graph API
 * (core/whatsapp-cloud/run-cloud-command.ts) and answers with the same events. Which queue is decided
 * here only, from the provider the caller passes: every caller has the connection at hand or reads it
 * alongside what it reads anyway (the ticket's contact), so routing costs no read of its own.
 */
import { SendMessageCommand as SqsSendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { CLOUD_COMMANDS_QUEUE_ID, SESSION_SHARDS, sessionCommandQueueId } from '../../../infra/resources/queues';
import { CONNECTION_PROVIDERS, type ConnectionProvider } from '../../../shared/connections';
import { TemplateMessage } from '../../../shared/whatsapp-cloud';
import { MEDIA_TYPES } from '../../../shared/messages';
import { sqs } from '../aws/clients';
import { config } from '../config';

const id = z.string().min(1).max(128);

/** Who the host writes to: the contact's number (digits) or group id, as stored on the contact. */
const Chat = z.object({ contactId: id, number: z.string().min(1).max(128), isGroup: z.boolean() });

const common = {
  /** Also the SQS deduplication id: the same command enqueued twice within 5 minutes is carried out once. */
  commandId: z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/),
  companyId: id,
  /** The connection; also the FIFO group, so its commands keep their order. */
  whatsappId: id,
  issuedAt: z.iso.datetime(),
};

/** Send a stored outgoing message (ack 0); the host reports the WhatsApp id and the acks. */
export const SendMessageCommand = z.object({
  type: z.literal('sendMessage'),
  ...common,
  ticketId: id,
  messageId: id,
  chat: Chat,
  body: z.string(),
  /** A file in the private media bucket; `body` is its caption. */
  media: z
    .object({ key: z.string().min(1).max(1024), name: z.string().min(1).max(255), mimeType: z.string().min(1).max(255), mediaType: z.enum(MEDIA_TYPES) })
    .nullable(),
  /**
   * What a message without a file is (the stored message's type): a location or a contact card keeps its
   * content in `body` (shared/whatsapp-content.ts); absent: text.
   */
  bodyType: z.enum(['chat', 'locationMessage', 'vcard']).optional(),
  /** The message replied to; its WhatsApp id when known (inbound ones always have one). */
  quoted: z.object({ messageId: id, whatsappMessageId: z.string().min(1).max(256).nullable() }).nullable(),
  /**
   * The WhatsApp id to send it under, when the sender derived one (a campaign's message): sent twice
   * after a crash, it is still one message on the phone.
   */
  whatsappMessageId: z.string().regex(/^[0-9A-F]{16,64}$/).optional(),
  /**
   * A Cloud API connection's approved template (issue 32) instead of the text: `body` is then the filled
   * text as stored, for the record; Meta is sent the template's name, language and variables.
   */
  template: TemplateMessage.optional(),
});

/**
 * Delete an outgoing message for everyone. `whatsappMessageId` is null when the message had not been
 * sent yet when deleted: the send command before it in the same group then gives the host the id.
 */
export const DeleteMessageCommand = z.object({
  type: z.literal('deleteMessage'),
  ...common,
  ticketId: id,
  messageId: id,
  whatsappMessageId: z.string().min(1).max(256).nullable(),
  chat: Chat,
});

/** Send read receipts for inbound messages an agent has read (never automatically, docs/architecture.md §7). */
export const MarkReadCommand = z.object({
  type: z.literal('markRead'),
  ...common,
  ticketId: id,
  chat: Chat,
  messages: z.array(z.object({ messageId: id, whatsappMessageId: z.string().min(1).max(256) })).min(1).max(100),
});

/**
 * Check a contact's number on WhatsApp and fetch its profile picture (a contact made by hand or by
 * number change, which no message introduced); the host answers with a `contact` event.
 */
export const RefreshContactCommand = z.object({
  type: z.literal('refreshContact'),
  ...common,
  chat: Chat,
});

/** The most numbers one `checkListNumbers` command carries. */
export const LIST_CHECK_BATCH = 100;

/**
 * Check the numbers of a contact list's items on WhatsApp, a batch at a time (issue 28: the list page's
 * validity icon, and the numbers a campaign skips); the host answers one `listNumber` event per number.
 */
export const CheckListNumbersCommand = z.object({
  type: z.literal('checkListNumbers'),
  ...common,
  items: z
    .array(z.object({ itemId: id, number: z.string().regex(/^\d{8,20}$/) }))
    .min(1)
    .max(LIST_CHECK_BATCH),
});

/**
 * Open the connection's session with its provider (POST /whatsappsession/{id}, and after a creation
 * the admin starts it). The host reports the statuses (OPENING, qrcode with the code, PAIRING, CONNECTED)
 * back as events; a session already open is left as it is.
 */
export const StartSessionCommand = z.object({
  type: z.literal('startSession'),
  ...common,
  provider: z.enum(CONNECTION_PROVIDERS),
});

/**
 * Close the session's socket and open it again with its pairing kept: POST /whatsappsession/{id} on a
 * connection waiting to reconnect (TIMEOUT) reconnects now instead of after its backoff.
 */
export const RestartSessionCommand = z.object({
  type: z.literal('restartSession'),
  ...common,
  provider: z.enum(CONNECTION_PROVIDERS),
});

/** Drop the session's pairing state and offer a new QR code (PUT /whatsappsession/{id}). */
export const RequestQrCommand = z.object({
  type: z.literal('requestQr'),
  ...common,
  provider: z.enum(CONNECTION_PROVIDERS),
});

/**
 * Drop the session's pairing state and link it by phone number instead of a QR code
 * (POST /whatsappsession/{id}/pairing-code): the host opens a new socket and, once it is up and not
 * paired, asks the provider for WhatsApp's 8-character code for `number` (digits with the country code),
 * which it reports with the `qrcode` status like a QR code.
 */
export const RequestPairingCodeCommand = z.object({
  type: z.literal('requestPairingCode'),
  ...common,
  provider: z.enum(CONNECTION_PROVIDERS),
  number: z.string().regex(/^\d{10,15}$/),
});

/**
 * Log the session out and close its socket (DELETE /whatsappsession/{id}, and the connection's
 * deletion, `deleted` true: the host then also removes the auth state kept under the connection).
 */
export const LogoutCommand = z.object({
  type: z.literal('logout'),
  ...common,
  deleted: z.boolean(),
});

export const SessionCommand = z.discriminatedUnion('type', [
  SendMessageCommand,
  DeleteMessageCommand,
  MarkReadCommand,
  RefreshContactCommand,
  CheckListNumbersCommand,
  StartSessionCommand,
  RestartSessionCommand,
  RequestQrCommand,
  RequestPairingCodeCommand,
  LogoutCommand,
]);
export type SessionCommand = z.output<typeof SessionCommand>;
export type SessionChat = z.output<typeof Chat>;

/**
 * The shard of a connection: FNV-1a of its id modulo SESSION_SHARDS. Stable across processes and
 * releases, since the backend and every host must agree on it.
 */
export function shardOf(whatsappId: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(whatsappId, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % SESSION_SHARDS;
}

/** The commands a Cloud API connection takes; the session controls (start, QR, logout) are not among them. */
export const CLOUD_COMMAND_TYPES = ['sendMessage', 'deleteMessage', 'markRead', 'refreshContact', 'checkListNumbers'] as const satisfies readonly SessionCommand['type'][];

/** The queue of a connection's commands: its shard's, or the Cloud API commands' for a `cloud` connection. */
export const commandQueueId = (provider: ConnectionProvider, whatsappId: string): string =>
  provider === 'cloud' ? CLOUD_COMMANDS_QUEUE_ID : sessionCommandQueueId(shardOf(whatsappId));

/**
 * Puts the command on its connection's queue (commandQueueId), `provider` being the connection's. An
 * invalid command is a bug and throws, and so is a session control for a cloud connection (it has no
 * session to start or log out: core/connections/ decides those without a command).
 */
export async function enqueueSessionCommand(command: SessionCommand, provider: ConnectionProvider): Promise<void> {
  const valid = SessionCommand.parse(command);
  if (provider === 'cloud' && !(CLOUD_COMMAND_TYPES as readonly string[]).includes(valid.type)) {
    throw new Error(`${valid.type} is not a command of a cloud connection`);
  }
  await sqs().send(
    new SqsSendMessageCommand({
      QueueUrl: config.queueUrl(commandQueueId(provider, valid.whatsappId)),
      MessageBody: JSON.stringify(valid),
      MessageGroupId: valid.whatsappId,
      MessageDeduplicationId: valid.commandId,
    }),
  );
}
