/**
 * The one interface every WhatsApp provider implements (docs/architecture.md §3): Baileys (`beta`, the real
 * network) and the simulator (the fake phone network of development and tests). A running session
 * (functions/sessions/running-session.ts) drives a provider through it and never sees a provider's own
 * types: statuses, QR codes, closes with a reason, and normalised inbound events go up through
 * `SessionListener`; sends, deletes, read receipts and checks go down through `ProviderSession`.
 *
 * Identities: a chat is named by `ChatAddress`: the digits of a phone number, or a group id, plus the
 * WhatsApp privacy id (`lid`) when the network uses one for that person. Providers translate to and
 * from their own addressing (Baileys JIDs `<digits>@s.whatsapp.net`, `<id>@lid`, `<id>@g.us`).
 */
import type { ConnectionProvider } from '../../../shared/connections';
import type { MediaType } from '../../../shared/messages';
import type { ContactCard, LocationContent } from '../../../shared/whatsapp-content';

/** Who a chat is with. For a group `id` is the group id (digits and '-') and `isGroup` is true. */
export interface ChatAddress {
  readonly id: string;
  readonly isGroup: boolean;
  /** The person's WhatsApp privacy id (without '@lid') when known. */
  readonly lid?: string;
}

/** A file the provider can fetch on demand; the host uploads it to S3 and events carry only the key. */
export interface InboundMedia {
  readonly mimeType: string;
  /** The sender's file name, or one made from the type; sanitised by the host before use. */
  readonly fileName: string;
  download(): Promise<Buffer>;
}

/** A message that appeared in a chat: written by the contact, or by the phone's owner (`fromMe`). */
export interface InboundMessage {
  readonly kind: 'message';
  /** WhatsApp's message id: the idempotency key of the inbound pipeline. */
  readonly whatsappMessageId: string;
  readonly chat: ChatAddress;
  /** The contact's profile name (push name) when WhatsApp sends one. */
  readonly pushName?: string;
  /** In a group: who wrote the message. */
  readonly participant?: ChatAddress & { readonly name?: string };
  readonly fromMe: boolean;
  /** Epoch milliseconds as WhatsApp reports it. */
  readonly timestamp: number;
  readonly mediaType: MediaType;
  /**
   * Text, caption, or the content of a non-file message in its stored form: see shared/whatsapp-content.ts
   * for locationMessage, vcard and call_log bodies.
   */
  readonly body: string;
  readonly media?: InboundMedia;
  /** The WhatsApp id of the message replied to. */
  readonly quotedWhatsappMessageId?: string;
}

export interface AckUpdate {
  readonly kind: 'ack';
  readonly whatsappMessageId: string;
  readonly chat: ChatAddress;
  readonly ack: 1 | 2 | 3 | 4 | 5;
}

export interface EditUpdate {
  readonly kind: 'edit';
  readonly whatsappMessageId: string;
  readonly chat: ChatAddress;
  readonly body: string;
  readonly timestamp: number;
}

export interface RevokeUpdate {
  readonly kind: 'revoke';
  readonly whatsappMessageId: string;
  readonly chat: ChatAddress;
}

/** An incoming call offer (stored as a call log, and maybe answered by the `call` setting). */
export interface CallOffer {
  readonly kind: 'call';
  readonly callId: string;
  readonly chat: ChatAddress;
  readonly isVideo: boolean;
  readonly timestamp: number;
}

export type InboundEvent = InboundMessage | AckUpdate | EditUpdate | RevokeUpdate | CallOffer;

/**
 * Why a socket closed. `loggedOut`: the phone removed the device (pairing state is void); `replaced`:
 * another client opened the same session (never reconnect blindly); `qrTimeout`: nobody scanned;
 * `restartRequired`: the network asks for a new socket at once (after pairing); `connectionLost`:
 * anything else, retried with backoff.
 */
export type CloseReason = 'loggedOut' | 'replaced' | 'qrTimeout' | 'restartRequired' | 'connectionLost';

export interface SessionListener {
  /** A new QR code to show; the manager counts them and gives up after a bound. */
  onQr(qrcode: string): void;
  /** The code for linking by phone number (`OpenOptions.pairWith`), once per socket that asked for one. */
  onPairingCode(code: string): void;
  /** The QR code was scanned and the devices are pairing. */
  onPairing(): void;
  /** The session is open; `number` is the paired phone's number (digits). */
  onOpen(info: { readonly number: string }): void;
  onClose(reason: CloseReason, detail?: string): void;
  /**
   * Events in the order the network gave them; the manager forwards them to wa-events. Settles true once
   * the event is on the queue, false when it could not be put there (never rejects). A provider
   * confirms an event to its source only on true (docs/architecture.md §1.4): what a host took but had
   * not queued when it died is then still at the source, which delivers it again, and the inbound
   * worker's claim of the WhatsApp id stores it once.
   */
  onEvent(event: InboundEvent): Promise<boolean>;
}

/** One of text (body alone), a file (body is its caption), a location or a contact card. */
export interface OutgoingMessage {
  readonly chat: ChatAddress;
  readonly body: string;
  readonly media?: { readonly data: Buffer; readonly mimeType: string; readonly fileName: string; readonly mediaType: MediaType };
  readonly location?: LocationContent;
  readonly contactCard?: ContactCard;
  /** The message replied to, when it is known to WhatsApp. */
  readonly quoted?: { readonly whatsappMessageId: string; readonly fromMe: boolean; readonly body: string };
  /** The id to send it under (a campaign's message, derived so that a repeat is the same message); else the provider's own. */
  readonly whatsappMessageId?: string;
}

export interface ProviderSession {
  sendMessage(message: OutgoingMessage): Promise<{ readonly whatsappMessageId: string }>;
  deleteMessage(chat: ChatAddress, whatsappMessageId: string): Promise<void>;
  markRead(chat: ChatAddress, whatsappMessageIds: readonly string[]): Promise<void>;
  /** Whether a phone number has WhatsApp; answers the chat to use (with its lid when known). */
  checkNumber(number: string): Promise<{ readonly exists: boolean; readonly chat?: ChatAddress }>;
  profilePictureUrl(chat: ChatAddress): Promise<string | null>;
  /** Logs the device out (the phone forgets it) and closes; the pairing state is then void. */
  logout(): Promise<void>;
  /** Closes the socket and keeps the pairing state (shard lost or released, host stopping). */
  close(): Promise<void>;
}

export interface SessionContext {
  readonly companyId: string;
  readonly whatsappId: string;
  /**
   * The shard lease's fencing token (functions/sessions/leases.ts) under which the session runs: stored
   * pairing state is written only on the condition that no newer owner has written it.
   */
  readonly fencingToken: number;
}

export interface OpenOptions {
  /**
   * Link by phone number: digits with the country code. A socket that is not paired asks the network
   * for a pairing code for it as soon as it can (reported through `onPairingCode`), besides offering
   * QR codes; a paired one ignores it.
   */
  readonly pairWith?: string;
}

export interface WhatsAppProvider {
  readonly name: ConnectionProvider;
  /**
   * Opens a socket for the connection, resuming its stored pairing state or offering QR codes. The
   * listener hears everything from then on; the answer is usable once `onOpen` was called.
   */
  open(context: SessionContext, listener: SessionListener, options?: OpenOptions): Promise<ProviderSession>;
  /** Forgets the connection's stored pairing state (a new QR is wanted, or the connection was deleted). */
  clearPairing(context: SessionContext): Promise<void>;
}
