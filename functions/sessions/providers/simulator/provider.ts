/**
 * The simulator provider: a fake phone network for development, demos and tests (docs/architecture.md §3). It
 * behaves like a WhatsApp session seen from the host: it offers QR codes until one is "scanned" with
 * `npm run simulate -- scan` (or, when the admin links by phone number, until the phone enters the
 * 8-character code the simulator issues for it: `npm run simulate -- pair --code <code>`), then pairs and opens; simulated contacts' messages, edits, deletions,
 * calls and read receipts arrive from the network's table partition
 * (functions/sessions/stores/simulator.ts), polled while the session is open, and stay there until the
 * host has put their events on the wa-events queue (then the session confirms them), so a host killed
 * in between leaves them to be delivered again; what the session sends
 * is recorded there with its acks (2 taken by the server, 3 delivered, 4 read by the contact), for the
 * command and tests to read.
 *
 * Offered only where the stage enables it (config.simulatorEnabled; always locally).
 */
import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import type { ChatAddress, InboundEvent, OpenOptions, OutgoingMessage, ProviderSession, SessionContext, SessionListener, WhatsAppProvider } from '../provider';
import { PAIRING_CODE_ALPHABET } from '../../../../shared/connections';
import {
  ackSimulatedInbound,
  advanceSimulatedAck,
  clearSimulatedPairing,
  getSimulatedPhone,
  markSimulatedOutboundDeleted,
  putSimulatedPhone,
  recordSimulatedOutbound,
  readSimulatedInbound,
  takeSimulatedScan,
  type SimulatedInbound,
} from '../../stores/simulator';
import { locationBody, vcardBody } from '../../../../shared/whatsapp-content';
import { logger } from '../../../core/logger';

export interface SimulatorOptions {
  /** How often the network's partition is read for scans and inbound events. */
  readonly pollMs?: number;
  /** How long a QR code is offered before the next one (WhatsApp's is about 20 s). */
  readonly qrIntervalMs?: number;
  /** Delay between "sent" and "delivered" acks of an outgoing message. */
  readonly deliveryDelayMs?: number;
}

/** The QR codes the simulator offers: recognisable, and unguessable so only the shown one pairs. */
export const SIMULATOR_QR_PREFIX = 'SIMULATOR:';

/** A pairing code as WhatsApp makes them: 8 characters of its alphabet, from 5 random bytes. */
export function simulatedPairingCode(bytes: Buffer = randomBytes(5)): string {
  let value = 0n;
  for (const byte of bytes.subarray(0, 5)) value = (value << 8n) | BigInt(byte);
  let code = '';
  for (let index = 7; index >= 0; index -= 1) code += PAIRING_CODE_ALPHABET.charAt(Number((value >> BigInt(index * 5)) & 31n));
  return code;
}

const nextId = monotonicFactory();

export function createSimulatorProvider(options: SimulatorOptions = {}): WhatsAppProvider {
  const pollMs = options.pollMs ?? 250;
  const qrIntervalMs = options.qrIntervalMs ?? 20_000;
  const deliveryDelayMs = options.deliveryDelayMs ?? 150;

  return {
    name: 'simulator',
    clearPairing: (context) => clearSimulatedPairing(context.companyId, context.whatsappId),
    async open(context, listener, openOptions: OpenOptions = {}) {
      const session = new SimulatedSession(context, listener, { pollMs, qrIntervalMs, deliveryDelayMs }, openOptions.pairWith);
      await session.start();
      return session;
    },
  };
}

class SimulatedSession implements ProviderSession {
  private closed = false;
  private phone: string | undefined;
  private qrcode = '';
  private qrOfferedAt = 0;
  /** The code issued for `pairWith`, once the first QR code was offered (as Baileys asks for it then). */
  private pairingCode = '';
  private timer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(
    private readonly context: SessionContext,
    private readonly listener: SessionListener,
    private readonly options: Required<SimulatorOptions>,
    private readonly pairWith: string | undefined,
  ) {}

  async start(): Promise<void> {
    this.phone = await getSimulatedPhone(this.context.companyId, this.context.whatsappId);
    if (this.phone !== undefined) this.listener.onOpen({ number: this.phone });
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    try {
      if (this.phone === undefined) await this.offerOrPair();
      else await this.deliverInbound();
    } catch (error) {
      logger.warn('simulator poll failed', { whatsappId: this.context.whatsappId, error });
    }
    this.schedule(this.options.pollMs);
  }

  private async offerOrPair(): Promise<void> {
    const { companyId, whatsappId } = this.context;
    const scan = await takeSimulatedScan(companyId, whatsappId);
    const pairedNumber =
      scan === undefined
        ? undefined
        : 'pairingCode' in scan
          ? this.pairingCode !== '' && normalisedCode(scan.pairingCode) === this.pairingCode
            ? this.pairWith
            : undefined
          : this.qrcode !== '' && scan.qrcode === this.qrcode
            ? scan.number
            : undefined;
    if (pairedNumber !== undefined) {
      this.listener.onPairing();
      await putSimulatedPhone(companyId, whatsappId, pairedNumber);
      this.phone = pairedNumber;
      if (!this.closed) this.listener.onOpen({ number: pairedNumber });
      return;
    }
    if (this.qrcode === '' || Date.now() - this.qrOfferedAt >= this.options.qrIntervalMs) {
      this.qrcode = `${SIMULATOR_QR_PREFIX}${whatsappId}:${randomBytes(12).toString('base64url')}`;
      this.qrOfferedAt = Date.now();
      this.listener.onQr(this.qrcode);
      if (this.pairWith !== undefined && this.pairingCode === '') {
        this.pairingCode = simulatedPairingCode();
        this.listener.onPairingCode(this.pairingCode);
      }
    }
  }

  /**
   * Delivers the waiting events in order and confirms each to the network once the host has it on the
   * wa-events queue; one not queued stays and comes again on the next poll (or to the next host).
   */
  private async deliverInbound(): Promise<void> {
    const { companyId, whatsappId } = this.context;
    const waiting = await readSimulatedInbound(companyId, whatsappId, (sortKey, error) =>
      logger.warn('simulator event dropped: invalid', { whatsappId, sortKey, error }),
    );
    const confirmations: Promise<void>[] = [];
    for (const { sortKey, event } of waiting) {
      if (this.closed) break;
      // Handed over one after the other (the host keeps their order); confirmed as each is queued. Stamped
      // with the time the host takes it, a redelivery too (scripts/bench-inbound.ts reads it so).
      const queued = (await this.inboundOf(event, Date.now())).map((inbound) => this.listener.onEvent(inbound));
      confirmations.push(
        Promise.all(queued).then(async (answers) => {
          if (answers.every(Boolean)) await ackSimulatedInbound(companyId, whatsappId, sortKey);
        }),
      );
    }
    for (const result of await Promise.allSettled(confirmations)) {
      if (result.status === 'rejected') logger.warn('simulator event not confirmed; it comes again', { whatsappId, error: result.reason });
    }
  }

  /** What the host hears of a contact's action (a read receipt is heard as the acks it moves). */
  private async inboundOf(event: SimulatedInbound, at: number): Promise<InboundEvent[]> {
    const contact: ChatAddress = { id: event.from, isGroup: false };
    switch (event.kind) {
      case 'message': {
        const media = event.media;
        return [
          {
            kind: 'message',
            whatsappMessageId: event.whatsappMessageId,
            chat: event.group ? { id: event.group.id, isGroup: true } : contact,
            pushName: event.name,
            ...(event.group ? { participant: { ...contact, name: event.name } } : {}),
            fromMe: false,
            timestamp: at,
            mediaType: event.mediaType,
            body: event.body,
            ...(media
              ? { media: { mimeType: media.mimeType, fileName: media.fileName, download: () => Promise.resolve(Buffer.from(media.dataBase64, 'base64')) } }
              : {}),
            ...(event.quotedWhatsappMessageId ? { quotedWhatsappMessageId: event.quotedWhatsappMessageId } : {}),
          },
        ];
      }
      case 'edit':
        return [{ kind: 'edit', whatsappMessageId: event.whatsappMessageId, chat: contact, body: event.body, timestamp: at }];
      case 'revoke':
        return [{ kind: 'revoke', whatsappMessageId: event.whatsappMessageId, chat: contact }];
      case 'call':
        return [{ kind: 'call', callId: event.callId, chat: contact, isVideo: event.isVideo, timestamp: at }];
      case 'read': {
        const acks: InboundEvent[] = [];
        for (const id of event.whatsappMessageIds) {
          if (await advanceSimulatedAck(this.context.companyId, this.context.whatsappId, id, 4)) {
            acks.push({ kind: 'ack', whatsappMessageId: id, chat: contact, ack: 4 });
          }
        }
        return acks;
      }
    }
  }

  private requireOpen(): void {
    if (this.closed || this.phone === undefined) throw new Error('The simulated session is not open');
  }

  async sendMessage(message: OutgoingMessage): Promise<{ whatsappMessageId: string }> {
    this.requireOpen();
    const whatsappMessageId = message.whatsappMessageId ?? `SIM${nextId()}`;
    const body = message.location ? locationBody(message.location) : message.contactCard ? vcardBody(message.contactCard) : message.body;
    await recordSimulatedOutbound(this.context.companyId, this.context.whatsappId, {
      whatsappMessageId,
      to: message.chat.id,
      body,
      mediaType: message.media?.mediaType ?? (message.location ? 'locationMessage' : message.contactCard ? 'vcard' : 'chat'),
      fileName: message.media?.fileName ?? null,
      quotedWhatsappMessageId: message.quoted?.whatsappMessageId ?? null,
      ack: 2,
      deleted: false,
      readReceiptsFor: [],
      sentAt: new Date().toISOString(),
    });
    // Like the network: the server takes the message (2), and it reaches the phone a moment later (3).
    void this.listener.onEvent({ kind: 'ack', whatsappMessageId, chat: message.chat, ack: 2 });
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      void advanceSimulatedAck(this.context.companyId, this.context.whatsappId, whatsappMessageId, 3)
        .then((moved) => {
          if (moved && !this.closed) void this.listener.onEvent({ kind: 'ack', whatsappMessageId, chat: message.chat, ack: 3 });
        })
        .catch((error: unknown) => logger.warn('simulator delivery ack failed', { whatsappMessageId, error }));
    }, this.options.deliveryDelayMs);
    this.pending.add(timer);
    return { whatsappMessageId };
  }

  async deleteMessage(_chat: ChatAddress, whatsappMessageId: string): Promise<void> {
    this.requireOpen();
    await markSimulatedOutboundDeleted(this.context.companyId, this.context.whatsappId, whatsappMessageId);
  }

  async markRead(chat: ChatAddress, whatsappMessageIds: readonly string[]): Promise<void> {
    this.requireOpen();
    await recordSimulatedOutbound(this.context.companyId, this.context.whatsappId, {
      whatsappMessageId: `SIM${nextId()}`,
      to: chat.id,
      body: '',
      mediaType: 'receipt',
      fileName: null,
      quotedWhatsappMessageId: null,
      ack: 1,
      deleted: false,
      readReceiptsFor: [...whatsappMessageIds],
      sentAt: new Date().toISOString(),
    });
  }

  checkNumber(number: string): Promise<{ exists: boolean; chat?: ChatAddress }> {
    this.requireOpen();
    // Every well-formed number "has WhatsApp" on the simulated network.
    const exists = /^\d{8,20}$/.test(number);
    return Promise.resolve(exists ? { exists, chat: { id: number, isGroup: false } } : { exists });
  }

  profilePictureUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  async logout(): Promise<void> {
    await clearSimulatedPairing(this.context.companyId, this.context.whatsappId);
    this.phone = undefined;
    await this.close();
    this.listener.onClose('loggedOut');
  }

  close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    return Promise.resolve();
  }
}

/** A code as typed on a phone: upper case, without the dash WhatsApp shows in the middle or spaces. */
function normalisedCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}
