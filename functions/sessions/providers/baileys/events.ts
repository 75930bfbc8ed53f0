/**
 * The socket's events to the session listener. Everything goes through one serial queue, so the
 * listener hears events in the order the network gave them, a close only after the events before it,
 * and a `restartRequired` close only after the credentials of the pairing were stored.
 *
 * The provider never reconnects: a close is reported once, with its reason, and the session manager
 * decides (a replaced connection, 440, must not be reopened blindly).
 */
import { DisconnectReason, type BaileysEventMap, type ConnectionState } from 'baileys';
import { logger } from '../../../core/logger';
import type { CloseReason, InboundEvent, SessionListener } from '../provider';
import { phoneOf } from './jids';
import { mapCalls, mapUpdates, mapUpsert, type MappingDeps } from './message-mapping';

/** The part of Baileys' event emitter we use (a Node EventEmitter has the same shape, for tests). */
export interface SocketEvents {
  on<T extends keyof BaileysEventMap>(event: T, listener: (data: BaileysEventMap[T]) => void): unknown;
}

export interface SocketEventDeps extends MappingDeps {
  /** Whether the connection is paired (Baileys' creds.me is set). */
  isRegistered(): boolean;
  /** The paired account's JID once open (Baileys' sock.user.id). */
  userJid(): string | undefined;
  /** Stores the credentials after Baileys applied a creds.update. */
  saveCreds(): Promise<void>;
  /** Log fields of the session (company and connection ids). */
  readonly logFields?: Record<string, unknown>;
}

export interface BoundSocket {
  /**
   * Reports a close now (unless one was reported) and stops reporting anything after it: for closes
   * the provider decides itself (a fenced write).
   */
  close(reason: CloseReason, detail?: string): void;
  /** Stops reporting anything (the manager closed or logged the session out itself). */
  detach(): void;
  /** Settles when everything queued so far was handled. */
  idle(): Promise<void>;
}

/** The status code Baileys closed with (a Boom's output.statusCode), if any. */
export function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const output = (error as { output?: { statusCode?: unknown } }).output;
  return typeof output?.statusCode === 'number' ? output.statusCode : undefined;
}

/** What the socket had got to when it closed. */
export interface CloseContext {
  /** Paired (Baileys' creds.me is set). */
  readonly registered: boolean;
  /** At least one QR code was offered on this socket. */
  readonly qrOffered: boolean;
}

/**
 * Why the socket closed. 408 is Baileys' `timedOut` and `connectionLost` and also what it makes of
 * network errors (ECONNREFUSED, ETIMEDOUT, carried as the Boom's `data`): it is the QR codes running out
 * only on an unpaired socket that offered codes and did not fail on the network.
 */
export function closeReasonOf(error: unknown, context: CloseContext): { reason: CloseReason; detail?: string } {
  const code = statusCodeOf(error);
  const networkFailure = typeof error === 'object' && error !== null && (error as { data?: unknown }).data instanceof Error;
  switch (code) {
    case DisconnectReason.loggedOut:
      return { reason: 'loggedOut' };
    case DisconnectReason.connectionReplaced:
      return { reason: 'replaced' };
    case DisconnectReason.restartRequired:
      return { reason: 'restartRequired' };
    case DisconnectReason.timedOut:
      return !context.registered && context.qrOffered && !networkFailure ? { reason: 'qrTimeout' } : { reason: 'connectionLost', detail: String(code) };
    default:
      return { reason: 'connectionLost', detail: code === undefined ? (error instanceof Error ? error.message : 'closed') : String(code) };
  }
}

export function bindSocketEvents(ev: SocketEvents, listener: SessionListener, deps: SocketEventDeps): BoundSocket {
  let queue: Promise<void> = Promise.resolve();
  let active = true;
  let qrOffered = false;
  const fields = deps.logFields ?? {};

  const enqueue = (what: string, work: () => Promise<void> | void) => {
    queue = queue
      .then(async () => {
        if (active) await work();
      })
      .catch((error: unknown) => logger.error('whatsapp session event failed', { ...fields, event: what, error }));
  };
  // Handed over in order and not awaited: the manager queues them in that order, and credentials saved
  // after them must not wait on the queue. WhatsApp needs nothing back: Baileys sent the delivery receipt
  // before it emitted the message, and cannot be held back from here. A message the network delivers
  // again (the offline messages of a reconnect come as 'append') keeps its WhatsApp id, so SQS's
  // deduplication and the inbound worker's claim store it once.
  const forward = (events: readonly InboundEvent[]) => {
    for (const event of events) if (active) void listener.onEvent(event);
  };
  const reportClose = (reason: CloseReason, detail?: string) => {
    if (!active) return;
    active = false;
    listener.onClose(reason, detail);
  };

  ev.on('connection.update', (update: Partial<ConnectionState>) =>
    enqueue('connection.update', () => {
      if (update.qr) {
        qrOffered = true;
        listener.onQr(update.qr);
      }
      if (update.isNewLogin) listener.onPairing();
      if (update.connection === 'open') listener.onOpen({ number: phoneOf(deps.userJid()) ?? '' });
      if (update.connection === 'close') {
        const { reason, detail } = closeReasonOf(update.lastDisconnect?.error, { registered: deps.isRegistered(), qrOffered });
        reportClose(reason, detail);
      }
    }),
  );
  ev.on('creds.update', () => enqueue('creds.update', () => deps.saveCreds()));
  ev.on('messages.upsert', (upsert) => enqueue('messages.upsert', async () => forward(await mapUpsert(upsert, deps))));
  ev.on('messages.update', (updates) => enqueue('messages.update', async () => forward(await mapUpdates(updates, deps))));
  ev.on('call', (calls) => enqueue('call', async () => forward(await mapCalls(calls, deps))));

  return {
    close: (reason, detail) => reportClose(reason, detail),
    detach: () => {
      active = false;
    },
    idle: () => queue,
  };
}
