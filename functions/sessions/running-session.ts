/**
 * One WhatsApp session of a shard while it runs on this host (shard-sessions.ts holds them): opens it
 * through its provider, carries out its commands, reports its statuses, and forwards what the network
 * says to the `wa-events` queue, telling the provider when each event is on it (only then may the
 * provider confirm it to its source).
 *
 * Session lifecycle (spec 2 §2 statuses):
 * - start: OPENING, then `qrcode` with each code offered; after MAX_QR_CODES codes nobody scanned, the
 *   attempt ends DISCONNECTED (the admin asks again). Scanned: PAIRING, then CONNECTED.
 * - link by phone number (requestPairingCode): as a new QR code, and the provider's pairing code is
 *   reported with every `qrcode` status of the attempt, until the phone enters it or the codes run out.
 * - a lost connection: TIMEOUT, and a new socket after an exponential backoff with full jitter
 *   (2 s doubling up to 5 minutes), until it opens again, is logged out or replaced;
 * - `restartRequired` (WhatsApp asks for a new socket after pairing): reopened at once;
 * - `loggedOut` (the phone removed the device): pairing state cleared, DISCONNECTED, not reopened;
 * - `replaced` (another client took the session, 440): DISCONNECTED and never reopened by itself, so two
 *   hosts or two products can never fight over one session in a loop.
 */
import { ulid } from 'ulid';
import { MESSAGE_MEDIA_MAX_BYTES, type MediaType } from '../../shared/messages';
import type { SessionStatusReport } from '../core/connections/session-status';
import { logger } from '../core/logger';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType, UNKNOWN_CONTENT_TYPE } from '../core/media/files';
import { putMediaObject, readMediaObject } from '../core/media/storage';
import { getMessage } from '../core/repositories/messages';
import type { SessionCommand } from '../core/sessions/commands';
import type { EventChat, WhatsAppEvent } from '../core/sessions/events';
import type { ChatAddress, CloseReason, InboundEvent, ProviderSession, SessionContext, WhatsAppProvider } from './providers/provider';
import { BUSINESS_METRICS } from '../../infra/resources/metrics';
import { countMetric } from '../core/metrics';

/** QR codes offered in one attempt before giving up (about 100 s with WhatsApp's 20 s codes). */
export const MAX_QR_CODES = 5;
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** Profile pictures are fetched at most this often per chat. */
const PROFILE_PICTURE_TTL_MS = 6 * 60 * 60_000;

/** Full jitter: a random wait between 0 and the exponential bound of the attempt. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const bound = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(random() * bound);
}

export interface RunningDeps {
  readonly random: () => number;
  readonly publish: (event: WhatsAppEvent) => Promise<void>;
  readonly report: (report: SessionStatusReport) => Promise<void>;
  /** The session ended for good (logged out, replaced, QR expired): no host should reopen it. */
  readonly forget: () => Promise<void>;
}

type Phase = 'opening' | 'open' | 'waiting' | 'stopped';

export class RunningSession {
  private phase: Phase = 'opening';
  private socket: ProviderSession | undefined;
  private qrCodes = 0;
  /** The last QR code and pairing code offered, reported together. */
  private qrcode = '';
  private pairingCode = '';
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private openWaiters: ((socket: ProviderSession | undefined) => void)[] = [];
  /** Events leave in the order the network gave them. */
  private outbox: Promise<void> = Promise.resolve();
  private readonly pictures = new Map<string, { url: string | null; at: number }>();
  /** WhatsApp ids of messages this session sent, for deletions that follow before the worker stored them. */
  private readonly sentIds = new Map<string, string>();

  constructor(
    private readonly context: SessionContext,
    private readonly provider: WhatsAppProvider,
    /** Digits of the number to link by pairing code, when the admin asked for one. */
    private readonly pairWith: string | undefined,
    private readonly deps: RunningDeps,
  ) {}

  isActive(): boolean {
    return this.phase !== 'stopped';
  }

  start(): void {
    this.phase = 'opening';
    void this.deps.report({ status: 'OPENING' });
    void this.openSocket();
  }

  private async openSocket(): Promise<void> {
    const generation = { closedBy: undefined as CloseReason | undefined };
    try {
      const socket = await this.provider.open(
        this.context,
        {
        onQr: (qrcode) => this.onQr(qrcode),
        onPairingCode: (code) => this.onPairingCode(code),
        onPairing: () => void this.deps.report({ status: 'PAIRING' }),
        onOpen: () => this.onOpen(),
        onClose: (reason, detail) => {
          generation.closedBy = reason;
          void this.onClose(reason, detail);
        },
        onEvent: (event) => this.enqueueEvent(event),
        },
        this.pairWith === undefined ? {} : { pairWith: this.pairWith },
      );
      if (this.phase === 'stopped') {
        await socket.close();
        return;
      }
      this.socket = socket;
      if (this.phase === 'open') this.releaseWaiters(socket);
    } catch (error) {
      logger.warn('session could not be opened', { whatsappId: this.context.whatsappId, error });
      if (generation.closedBy === undefined) void this.onClose('connectionLost', 'open failed');
    }
  }

  private onQr(qrcode: string): void {
    if (this.phase === 'stopped') return;
    this.qrCodes += 1;
    if (this.qrCodes > MAX_QR_CODES) {
      void this.giveUp('qr codes not scanned');
      return;
    }
    this.qrcode = qrcode;
    void this.deps.report({ status: 'qrcode', qrcode, pairingCode: this.pairingCode, retries: this.qrCodes });
  }

  /** Shown at once, beside the QR code of the moment (it stays valid while the codes are offered). */
  private onPairingCode(code: string): void {
    if (this.phase === 'stopped') return;
    this.pairingCode = code;
    void this.deps.report({ status: 'qrcode', qrcode: this.qrcode, pairingCode: code, retries: this.qrCodes });
  }

  private onOpen(): void {
    if (this.phase === 'stopped') return;
    this.phase = 'open';
    countMetric(BUSINESS_METRICS.sessionsConnected);
    this.attempt = 0;
    this.qrCodes = 0;
    this.qrcode = '';
    this.pairingCode = '';
    void this.deps.report({ status: 'CONNECTED' });
    if (this.socket) this.releaseWaiters(this.socket);
  }

  private async onClose(reason: CloseReason, detail?: string): Promise<void> {
    if (this.phase === 'stopped') return;
    logger.info('session closed', { whatsappId: this.context.whatsappId, reason, detail });
    countMetric(BUSINESS_METRICS.sessionsDisconnected);
    this.socket = undefined;
    switch (reason) {
      case 'restartRequired':
        this.phase = 'opening';
        void this.openSocket();
        return;
      case 'loggedOut':
        await this.provider.clearPairing(this.context).catch((error: unknown) => logger.warn('pairing not cleared', { error }));
        await this.giveUp('logged out');
        return;
      case 'replaced':
      case 'qrTimeout':
        await this.giveUp(reason);
        return;
      case 'connectionLost': {
        this.phase = 'waiting';
        this.attempt += 1;
        countMetric(BUSINESS_METRICS.sessionReconnects);
        const delay = backoffDelay(this.attempt, this.deps.random);
        void this.deps.report({ status: 'TIMEOUT' });
        this.retryTimer = setTimeout(() => {
          if (this.phase !== 'waiting') return;
          this.phase = 'opening';
          void this.openSocket();
        }, delay);
        return;
      }
    }
  }

  /** The attempt is over: DISCONNECTED, and no host reopens it until the admin asks. */
  private async giveUp(why: string): Promise<void> {
    logger.info('session given up', { whatsappId: this.context.whatsappId, why });
    const socket = this.socket;
    this.halt();
    await socket?.close().catch(() => undefined);
    await this.deps.forget();
    await this.deps.report({ status: 'DISCONNECTED' });
  }

  private halt(): void {
    this.phase = 'stopped';
    this.socket = undefined;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.releaseWaiters(undefined);
  }

  /** Closes the socket and keeps the pairing (shard lost or released, a new QR asked for). */
  async stop(): Promise<void> {
    const socket = this.socket;
    this.halt();
    await socket?.close().catch((error: unknown) => logger.warn('socket not closed cleanly', { error }));
    await this.outbox;
  }

  async logout(): Promise<void> {
    const socket = this.socket;
    this.halt();
    await socket?.logout().catch((error: unknown) => logger.warn('logout failed; pairing cleared anyway', { error }));
  }

  whenOpen(timeoutMs: number): Promise<ProviderSession | undefined> {
    if (this.phase === 'open' && this.socket) return Promise.resolve(this.socket);
    if (this.phase === 'stopped') return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.openWaiters = this.openWaiters.filter((waiter) => waiter !== done);
        resolve(undefined);
      }, timeoutMs);
      const done = (socket: ProviderSession | undefined) => {
        clearTimeout(timer);
        resolve(socket);
      };
      this.openWaiters.push(done);
    });
  }

  private releaseWaiters(socket: ProviderSession | undefined): void {
    const waiters = this.openWaiters;
    this.openWaiters = [];
    for (const waiter of waiters) waiter(socket);
  }

  async carryOut(
    command: Extract<SessionCommand, { type: 'sendMessage' | 'deleteMessage' | 'markRead' | 'refreshContact' | 'checkListNumbers' }>,
    socket: ProviderSession,
  ): Promise<void> {
    if (command.type === 'checkListNumbers') return this.checkListNumbers(command, socket);
    const chat: ChatAddress = { id: command.chat.number, isGroup: command.chat.isGroup };
    switch (command.type) {
      case 'sendMessage': {
        const media = command.media ? await this.mediaFor(command.media) : undefined;
        const { whatsappMessageId } = await socket
          .sendMessage({
            chat,
            body: command.body,
            ...(media ? { media } : {}),
            ...(command.quoted?.whatsappMessageId ? { quoted: { whatsappMessageId: command.quoted.whatsappMessageId, fromMe: false, body: '' } } : {}),
            ...(command.whatsappMessageId ? { whatsappMessageId: command.whatsappMessageId } : {}),
          })
          .catch((error: unknown) => {
            // Counted per failed try: the command is left on its queue and tried again.
            countMetric(BUSINESS_METRICS.sendFailures);
            throw error;
          });
        this.rememberSent(command.messageId, whatsappMessageId);
        await this.deps.publish({
          type: 'sent',
          companyId: command.companyId,
          whatsappId: command.whatsappId,
          chat: eventChat(chat),
          messageId: command.messageId,
          ticketId: command.ticketId,
          whatsappMessageId,
        });
        return;
      }
      case 'deleteMessage': {
        const whatsappMessageId =
          command.whatsappMessageId ?? this.sentIds.get(command.messageId) ?? (await getMessage(command.companyId, command.messageId, true))?.whatsappMessageId;
        if (!whatsappMessageId) {
          logger.warn('message not deleted on WhatsApp: it was never sent', { messageId: command.messageId });
          return;
        }
        await socket.deleteMessage(chat, whatsappMessageId);
        return;
      }
      case 'markRead':
        await socket.markRead(
          chat,
          command.messages.map((message) => message.whatsappMessageId),
        );
        return;
      case 'refreshContact': {
        const checked = await socket.checkNumber(command.chat.number);
        const found = checked.chat ?? chat;
        await this.deps.publish({
          type: 'contact',
          companyId: command.companyId,
          whatsappId: command.whatsappId,
          chat: eventChat(found),
          contactId: command.chat.contactId,
          refreshId: command.commandId,
          exists: checked.exists,
          profilePicUrl: checked.exists ? await this.pictureOf(found) : null,
        });
        return;
      }
    }
  }

  /**
   * One number after the other (WhatsApp limits how fast a session may ask); a number that could not be
   * asked is logged and left unchecked, the others go on.
   */
  private async checkListNumbers(command: Extract<SessionCommand, { type: 'checkListNumbers' }>, socket: ProviderSession): Promise<void> {
    for (const { itemId, number } of command.items) {
      let checked: Awaited<ReturnType<ProviderSession['checkNumber']>>;
      try {
        checked = await socket.checkNumber(number);
      } catch (error) {
        logger.warn('list number not checked', { whatsappId: command.whatsappId, itemId, error });
        continue;
      }
      await this.deps.publish({
        type: 'listNumber',
        companyId: command.companyId,
        whatsappId: command.whatsappId,
        chat: eventChat(checked.chat ?? { id: number, isGroup: false }),
        itemId,
        number,
        checkId: command.commandId,
        exists: checked.exists,
      });
    }
  }

  private async mediaFor(media: { key: string; name: string; mimeType: string; mediaType: MediaType }) {
    const data = await readMediaObject(media.key);
    if (!data) throw new Error(`Media ${media.key} is missing`);
    return { data: Buffer.from(data), mimeType: media.mimeType, fileName: media.name, mediaType: media.mediaType };
  }

  private rememberSent(messageId: string, whatsappMessageId: string): void {
    this.sentIds.set(messageId, whatsappMessageId);
    if (this.sentIds.size > 1000) this.sentIds.delete(this.sentIds.keys().next().value as string);
  }

  /** Settles true once the event is on wa-events, false when it could not be put there (see SessionListener.onEvent). */
  private enqueueEvent(event: InboundEvent): Promise<boolean> {
    const queued = this.outbox
      .then(() => this.forward(event))
      .then(
        () => true,
        (error: unknown) => {
          // The provider does not confirm it: a source that keeps what is not confirmed delivers it again.
          logger.error('whatsapp event not queued', { kind: event.kind, error });
          return false;
        },
      );
    this.outbox = queued.then(() => undefined);
    return queued;
  }

  /** Turns a provider event into a wa-events message: media uploaded first, a picture when useful. */
  private async forward(event: InboundEvent): Promise<void> {
    const base = { companyId: this.context.companyId, whatsappId: this.context.whatsappId, chat: eventChat(event.chat) };
    let out: WhatsAppEvent;
    switch (event.kind) {
      case 'message':
        out = {
          type: 'message',
          ...base,
          whatsappMessageId: event.whatsappMessageId,
          fromMe: event.fromMe,
          ...(event.pushName ? { pushName: event.pushName.slice(0, 256) } : {}),
          ...(event.participant ? { participant: { ...eventChat(event.participant), ...(event.participant.name ? { name: event.participant.name.slice(0, 256) } : {}) } } : {}),
          profilePicUrl: event.fromMe ? null : await this.pictureOf(event.chat),
          timestamp: event.timestamp,
          mediaType: event.mediaType,
          body: event.body,
          media: event.media ? await this.upload(event.media) : null,
          quotedWhatsappMessageId: event.quotedWhatsappMessageId ?? null,
        };
        break;
      case 'ack':
        out = { type: 'ack', ...base, whatsappMessageId: event.whatsappMessageId, ack: event.ack };
        break;
      case 'edit':
        out = { type: 'edit', ...base, whatsappMessageId: event.whatsappMessageId, body: event.body, timestamp: event.timestamp };
        break;
      case 'revoke':
        out = { type: 'revoke', ...base, whatsappMessageId: event.whatsappMessageId };
        break;
      case 'call':
        out = { type: 'call', ...base, callId: event.callId, isVideo: event.isVideo, timestamp: event.timestamp };
        break;
    }
    await withRetries(() => this.deps.publish(out));
  }

  private async upload(media: NonNullable<Extract<InboundEvent, { kind: 'message' }>['media']>) {
    try {
      const bytes = await media.download();
      if (bytes.length > MESSAGE_MEDIA_MAX_BYTES) {
        logger.warn('inbound media too large; stored without the file', { bytes: bytes.length });
        return null;
      }
      const name = safeFileName(media.fileName);
      // The bytes tell the type; what the sender claimed only fills in when they do not.
      const told = contentTypeOf(sniffMediaType(bytes), name);
      const mimeType = told === UNKNOWN_CONTENT_TYPE ? media.mimeType : told;
      const key = objectKey('companies', this.context.companyId, 'whatsapp', this.context.whatsappId, `${ulid()}-${name}`);
      await putMediaObject(key, bytes, mimeType);
      return { key, name, mimeType };
    } catch (error) {
      logger.warn('inbound media not downloaded', { whatsappId: this.context.whatsappId, error });
      return null;
    }
  }

  private async pictureOf(chat: ChatAddress): Promise<string | null> {
    const cached = this.pictures.get(chat.id);
    if (cached && Date.now() - cached.at < PROFILE_PICTURE_TTL_MS) return cached.url;
    let url: string | null = null;
    try {
      url = (await this.socket?.profilePictureUrl(chat)) ?? null;
    } catch {
      url = null;
    }
    this.pictures.set(chat.id, { url, at: Date.now() });
    if (this.pictures.size > 5000) this.pictures.delete(this.pictures.keys().next().value as string);
    return url;
  }
}

function eventChat(chat: ChatAddress): EventChat {
  return { id: chat.id, isGroup: chat.isGroup, ...(chat.lid ? { lid: chat.lid } : {}) };
}

async function withRetries(action: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await action();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}
