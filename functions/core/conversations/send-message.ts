/**
 * Sends an outgoing message on a ticket: what an agent writes (POST /messages/{ticketId}) and what the
 * server writes itself (greeting on accept, transfer notice, closing and rating messages: `bot`).
 * Whether the caller may write to the ticket is the caller's check (post-message.ts for agents).
 *
 * Steps: read the ticket (strongly consistent; missing: ERR_NO_TICKET_FOUND) and, when quoting, the
 * quoted message, which must belong to the same contact (else ERR_NO_MESSAGE_FOUND); store the message
 * (ack 0, fromMe, read) and move the ticket to it in one transaction (store-message.ts; a failure is
 * ERR_CREATING_MESSAGE); index its
 * words; when the ticket has a connection, enqueue the `sendMessage` command on the connection's queue
 * (its shard's, or the Cloud API commands' for a cloud connection: sessions/commands.ts; the connection
 * is read alongside the contact unless the caller passes it; a ticket without connection keeps the
 * message and sends nothing: there is no session to send it through); publish `appMessage` create, and the ticket update when the ticket moved. Failures of
 * the word index or of the realtime publish are logged, not answered: the message is stored and on its
 * way, and a retry by the user would send it twice.
 */
import { monotonicFactory } from 'ulid';
import type { MediaType, MessageDto, QuotedMessageDto } from '../../../shared/messages';
import type { TicketDto } from '../../../shared/tickets';
import type { TemplateMessage } from '../../../shared/whatsapp-cloud';
import { AppError } from '../errors';
import { logger } from '../logger';
import { publishNewMessage } from '../realtime/ticket-rooms';
import { getConnection, type Connection } from '../repositories/connections';
import { getContact, type Contact } from '../repositories/contacts';
import { getMessage, messageIdOf, type StoredMessage } from '../repositories/messages';
import { getTicket, type Ticket } from '../repositories/tickets';
import { indexWords } from '../repositories/word-index';
import { enqueueSessionCommand, type SessionChat } from '../sessions/commands';
import { messageContactOf, presentMessage, ticketMessageContact } from './present-message';
import type { KnownRecords } from './legacy-ticket-rows';
import { presentTicket } from './present-ticket';
import { MessageExistsError, storeMessage, type StoreOutcome } from './store-message';

export interface OutgoingMedia {
  /** The object in the private media bucket, under the ticket's prefix. */
  readonly key: string;
  /** The safe file name (spaces as underscores). */
  readonly name: string;
  /** The content type told by the file's bytes. */
  readonly mimeType: string;
  readonly mediaType: MediaType;
}

export interface OutgoingMessageInput {
  readonly companyId: string;
  readonly ticketId: string;
  readonly body: string;
  /** The agent who wrote it; null for messages of the server itself. */
  readonly userId: string | null;
  readonly bot: boolean;
  /** The id (`<ticketId>.<ulid>`) of the message replied to. */
  readonly quotedMessageId?: string | null;
  readonly media?: OutgoingMedia | null;
  /**
   * A message that must go out at most once however often its sender runs (a campaign's): its id (the
   * ulid part) and the WhatsApp id the session sends it under, both derived by the sender. A message
   * already stored under that id is not stored again; its send command is enqueued again (the session
   * queue drops a repeat within five minutes, and WhatsApp shows one message per id).
   */
  readonly fixedId?: { readonly ulid: string; readonly whatsappMessageId: string };
  /**
   * false: the ticket was just made for this message and nobody has it open (a campaign's closed ticket
   * for a new contact): it is stored and sent, and lists show it when they next load, without one
   * realtime announcement per recipient of a bulk send.
   */
  readonly announce?: boolean;
  /** The ticket's contact, when the caller has just read or made it (a campaign's send): not read again. */
  readonly contact?: Contact;
  /** The ticket's connection, when the caller has just read it (an agent's send checks its session): not read again. */
  readonly connection?: Connection;
  /**
   * A Cloud API connection's approved template, checked by the caller (whatsapp-cloud/template-send.ts);
   * `body` is then its filled text, as stored and shown.
   */
  readonly template?: TemplateMessage;
}

/** The quoted text kept with a reply: enough to recognise the message, small enough for a frame. */
const QUOTED_BODY_MAX = 300;

/** Ids of messages sent by this process keep growing even within one millisecond. */
const nextUlid = monotonicFactory();

export async function sendOutgoingMessage(input: OutgoingMessageInput, now = new Date()): Promise<MessageDto> {
  const ticket = await getTicket(input.companyId, input.ticketId, true);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  return sendOnTicket(ticket, input, now);
}

/** sendOutgoingMessage for a ticket the caller has just read (and checked). */
export async function sendOnTicket(ticket: Ticket, input: Omit<OutgoingMessageInput, 'companyId' | 'ticketId'>, now = new Date()): Promise<MessageDto> {
  const companyId = ticket.companyId;
  const whatsappId = ticket.whatsappId;
  const [quoted, contact, connection] = await Promise.all([
    input.quotedMessageId ? quotedSummary(ticket, input.quotedMessageId) : null,
    whatsappId ? (input.contact?.id === ticket.contactId ? input.contact : getContact(companyId, ticket.contactId)) : undefined,
    whatsappId ? (input.connection?.id === whatsappId ? input.connection : getConnection(companyId, whatsappId)) : undefined,
  ]);

  const at = now.toISOString();
  const media = input.media ?? null;
  const message: StoredMessage = {
    id: messageIdOf(ticket.id, input.fixedId?.ulid ?? nextUlid(now.getTime())),
    companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    body: input.body,
    fromMe: true,
    mediaType: media?.mediaType ?? 'chat',
    mediaKey: media?.key ?? null,
    mediaName: media?.name ?? null,
    mediaContentType: media?.mimeType ?? null,
    quotedMsg: quoted?.summary ?? null,
    isDeleted: false,
    isEdited: false,
    ack: 0,
    read: true,
    bot: input.bot,
    userId: input.userId,
    whatsappMessageId: null,
    createdAt: at,
    updatedAt: at,
  };
  const outcome = await storeOrRefuse(message, ticket, input.fixedId !== undefined);

  if (outcome.kind !== 'stored') await bestEffort('word index', message.id, () => indexWords(ticket, message.body, at));

  // A connection deleted meanwhile has no session either: the message stays stored, as without one.
  if (whatsappId && contact && connection) {
    const chat: SessionChat = { contactId: contact.id, number: contact.number, isGroup: contact.isGroup };
    try {
      await enqueueSessionCommand({
        type: 'sendMessage',
        commandId: `send:${message.id}`,
        companyId,
        whatsappId,
        issuedAt: at,
        ticketId: ticket.id,
        messageId: message.id,
        chat,
        body: message.body,
        media: media ? { key: media.key, name: media.name, mimeType: media.mimeType, mediaType: media.mediaType } : null,
        ...(message.mediaType === 'locationMessage' || message.mediaType === 'vcard' ? { bodyType: message.mediaType } : {}),
        quoted: quoted ? { messageId: quoted.summary.id, whatsappMessageId: quoted.whatsappMessageId } : null,
        ...(input.fixedId ? { whatsappMessageId: input.fixedId.whatsappMessageId } : {}),
        ...(input.template ? { template: input.template } : {}),
      }, connection.provider);
    } catch (error) {
      // Stored with ack 0 (the clock tick): the agent sees it was not sent and may send it again.
      logger.error('session command not enqueued', { messageId: message.id, error });
      throw new AppError('ERR_SENDING_WAPP_MSG');
    }
  }

  // Stored by an earlier run of the same sender: announced then (or not at all, when it said so).
  if (outcome.kind === 'stored' || input.announce === false) return presentMessage(message, ticketMessageContact(ticket));
  return announceStoredMessage(message, ticket, outcome);
}

/**
 * storeMessage for a new outgoing message, whose failure the sender is told as the catalogue's
 * ERR_CREATING_MESSAGE (spec 1 §8: a database error), like a ticket's ERR_CREATING_TICKET. Our own
 * answers (the ticket gone, a write conflict) keep their code. Nothing was stored and nothing was
 * enqueued: sending again is safe.
 */
async function storeOrRefuse(message: StoredMessage, ticket: Ticket, fixedId: boolean): Promise<StoreOutcome | { readonly kind: 'stored' }> {
  try {
    return await storeMessage(message, ticket);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (fixedId && error instanceof MessageExistsError) return { kind: 'stored' };
    logger.error('message not stored', { messageId: message.id, error });
    throw new AppError('ERR_CREATING_MESSAGE');
  }
}

/**
 * Tells the ticket's rooms about a message just stored (outgoing or inbound): `appMessage` create, and
 * the ticket's update when the message became its last one. A realtime failure is logged only: the
 * message is stored, and clients refetch after reconnecting.
 */
export async function announceStoredMessage(message: StoredMessage, ticket: Ticket, outcome: StoreOutcome, known: KnownRecords = {}): Promise<MessageDto> {
  const companyId = ticket.companyId;
  const knownContact = known.contacts?.find((contact) => contact.id === message.contactId);
  const dto = await presentMessage(message, knownContact ? messageContactOf(knownContact) : ticketMessageContact(ticket));
  await bestEffort('realtime', message.id, async () => {
    const after = outcome.kind === 'latest' ? outcome.ticket : ((await getTicket(companyId, ticket.id)) ?? ticket);
    const ticketDto: TicketDto = await presentTicket(companyId, after, known);
    await publishNewMessage(companyId, dto, ticketDto, outcome.kind === 'latest');
  });
  return dto;
}

/** The summary of the quoted message, which must be a message of the ticket's contact. */
async function quotedSummary(ticket: Ticket, quotedMessageId: string): Promise<{ summary: QuotedMessageDto; whatsappMessageId: string | null }> {
  const quoted = await getMessage(ticket.companyId, quotedMessageId);
  if (!quoted || quoted.contactId !== ticket.contactId) {
    throw new AppError('ERR_NO_MESSAGE_FOUND', { message: 'Quoted message not found', fields: [{ path: 'quotedMsg', message: 'Quoted message not found' }] });
  }
  return { summary: quotedSummaryOf(quoted), whatsappMessageId: quoted.whatsappMessageId };
}

/** What a reply keeps of the message it quotes (outgoing replies and inbound ones alike). */
export function quotedSummaryOf(quoted: StoredMessage): QuotedMessageDto {
  const body = quoted.body.length > QUOTED_BODY_MAX ? quoted.body.slice(0, QUOTED_BODY_MAX) : quoted.body;
  return { id: quoted.id, body, fromMe: quoted.fromMe, mediaType: quoted.mediaType };
}

async function bestEffort(what: string, messageId: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    logger.warn(`${what} failed after storing a message`, { messageId, error });
  }
}
