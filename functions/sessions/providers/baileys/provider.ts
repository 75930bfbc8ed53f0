/**
 * The Baileys provider (`beta`, the real WhatsApp network; docs/architecture.md §3 "WhatsApp sessions"): one
 * socket per open connection, its pairing state in DynamoDB written only under the session's fencing
 * token (auth-state.ts), sent messages kept for the network's retry requests, inbound events mapped
 * by message-mapping.ts and reported in order by events.ts.
 *
 * It never reconnects by itself: every close is reported once to the session manager, which decides.
 * After the manager calls `close()` or `logout()` the listener hears nothing more from that socket.
 * A write refused by the fence (a newer host owns the connection) closes the socket and is reported as
 * onClose('connectionLost', 'fenced').
 *
 * Linking by phone number (`pairWith`): Baileys' `requestPairingCode` needs the socket connected to the
 * network, which its first QR update tells; so on the first QR code of a socket that is not paired the
 * provider asks for the code once and reports it through `onPairingCode`, and the QR codes keep coming
 * (the session manager bounds them, and the code stays valid meanwhile).
 */
import makeWASocket, {
  downloadMediaMessage,
  makeCacheableSignalKeyStore,
  proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  type WASocket,
} from 'baileys';
import { APP_VERSION } from '../../../../shared/version';
import { logger } from '../../../core/logger';
import { clearSessionAuth, getSentMessage, putSentMessage } from '../../stores/session-auth';
import type { ChatAddress, OutgoingMessage, ProviderSession, SessionContext, SessionListener, WhatsAppProvider } from '../provider';
import { loadAuthState } from './auth-state';
import { bindSocketEvents, statusCodeOf } from './events';
import { addressOf, isIgnoredJid, jidOf, type LidResolver } from './jids';
import { baileysLogger } from './logger';
import { outgoingContent, quotedMessage } from './outgoing';

/** The parts of a Baileys socket the provider uses. */
export type BaileysSocket = Pick<
  WASocket,
  | 'ev'
  | 'user'
  | 'sendMessage'
  | 'readMessages'
  | 'onWhatsApp'
  | 'profilePictureUrl'
  | 'logout'
  | 'end'
  | 'updateMediaMessage'
  | 'signalRepository'
  | 'requestPairingCode'
>;

export interface BaileysProviderOptions {
  /** Makes the socket; Baileys' makeWASocket unless a test hands in another. */
  readonly makeSocket?: (config: UserFacingSocketConfig) => BaileysSocket;
  /** Baileys' own log level ('warn' unless debugging the protocol). */
  readonly logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

/** How the linked device is named on the phone (Settings > Linked devices). */
const BROWSER: [string, string, string] = ['Atende', 'Chrome', APP_VERSION];

/** Status codes of a profile-picture query that mean "no picture for you", not a failure. */
const NO_PICTURE_CODES = [401, 403, 404];

export function createBaileysProvider(options: BaileysProviderOptions = {}): WhatsAppProvider {
  const makeSocket = options.makeSocket ?? ((config: UserFacingSocketConfig): BaileysSocket => makeWASocket(config));
  return {
    name: 'beta',
    open: (context, listener, openOptions = {}) => openSession(context, listener, makeSocket, options.logLevel ?? 'warn', openOptions.pairWith),
    clearPairing: (context) => clearSessionAuth(context.companyId, context.whatsappId),
  };
}

async function openSession(
  context: SessionContext,
  listener: SessionListener,
  makeSocket: (config: UserFacingSocketConfig) => BaileysSocket,
  logLevel: NonNullable<BaileysProviderOptions['logLevel']>,
  pairWith: string | undefined,
): Promise<ProviderSession> {
  const { companyId, whatsappId } = context;
  const logFields = { companyId, whatsappId };
  const log = baileysLogger(logFields, logLevel);
  // Set once the socket exists; a fence refusal can only come from the socket's own writes.
  let onFenced: () => void = () => undefined;
  const auth = await loadAuthState(context, () => onFenced());

  const socket = makeSocket({
    auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, log) },
    logger: log,
    browser: BROWSER,
    markOnlineOnConnect: false,
    // Tickets start from live traffic: the phone's full history is not asked for, and the recent history
    // Baileys still processes (by its default filter) is not forwarded; it is kept because it carries
    // the privacy-id to phone-number mappings Baileys needs.
    syncFullHistory: false,
    // Messages this socket sends are stored by the send path itself; echoing them back as inbound
    // events would race with it.
    emitOwnEvents: false,
    shouldIgnoreJid: isIgnoredJid,
    getMessage: async (key: WAMessageKey) => {
      if (!key.id) return undefined;
      const content = await getSentMessage(companyId, whatsappId, key.id);
      return content === undefined ? undefined : proto.Message.decode(content);
    },
  });

  const resolver: LidResolver = {
    pnForLid: (lidJid) => socket.signalRepository.lidMapping.getPNForLID(lidJid),
  };
  // Asked once per socket, and only by one that is not paired (a resumed session has nothing to link).
  let pairingAsked = pairWith === undefined || isPaired(auth.state.creds);
  const linkingListener: SessionListener = {
    ...listener,
    onQr: (qrcode) => {
      listener.onQr(qrcode);
      if (pairingAsked || pairWith === undefined) return;
      pairingAsked = true;
      socket.requestPairingCode(pairWith).then(
        (code) => listener.onPairingCode(code),
        (error: unknown) => logger.warn('whatsapp pairing code not obtained', { ...logFields, error }),
      );
    },
  };
  const bound = bindSocketEvents(socket.ev, linkingListener, {
    resolver,
    download: (message: WAMessage) =>
      downloadMediaMessage(message, 'buffer', {}, { logger: log, reuploadRequest: (stale) => socket.updateMediaMessage(stale) }),
    isRegistered: () => isPaired(auth.state.creds),
    userJid: () => socket.user?.id ?? auth.state.creds.me?.id,
    saveCreds: () => auth.saveCreds(),
    logFields,
  });
  onFenced = () => {
    logger.warn('whatsapp session fenced: a newer host owns the connection', logFields);
    bound.close('connectionLost', 'fenced');
    void socket.end(undefined);
  };

  return {
    async sendMessage(message: OutgoingMessage) {
      const jid = jidOf(message.chat);
      const quoted = quotedMessage(message, jid);
      const sent = await socket.sendMessage(jid, outgoingContent(message), {
        ...(quoted === undefined ? {} : { quoted }),
        ...(message.whatsappMessageId ? { messageId: message.whatsappMessageId } : {}),
      });
      const whatsappMessageId = sent?.key.id;
      if (!whatsappMessageId) throw new Error('WhatsApp did not answer an id for the sent message');
      if (sent.message) {
        // A retry request answered without the content would leave the contact with "waiting for this
        // message"; losing this write only costs that, so it does not fail the send.
        await putSentMessage(companyId, whatsappId, whatsappMessageId, proto.Message.encode(sent.message).finish()).catch((error: unknown) =>
          logger.warn('sent whatsapp message not kept for retries', { ...logFields, whatsappMessageId, error }),
        );
      }
      return { whatsappMessageId };
    },

    async deleteMessage(chat: ChatAddress, whatsappMessageId: string) {
      const jid = jidOf(chat);
      await socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe: true, id: whatsappMessageId } });
    },

    async markRead(chat: ChatAddress, whatsappMessageIds: readonly string[]) {
      if (whatsappMessageIds.length === 0) return;
      const jid = jidOf(chat);
      await socket.readMessages(whatsappMessageIds.map((id) => ({ remoteJid: jid, id, fromMe: false })));
    },

    async checkNumber(number: string) {
      const digits = number.replace(/\D/g, '');
      if (digits === '') return { exists: false };
      const [result] = (await socket.onWhatsApp(`${digits}@s.whatsapp.net`)) ?? [];
      if (!result?.exists) return { exists: false };
      const lid = await socket.signalRepository.lidMapping.getLIDForPN(result.jid).catch(() => null);
      const chat = await addressOf(result.jid, lid, resolver);
      return chat === null ? { exists: false } : { exists: true, chat };
    },

    async profilePictureUrl(chat: ChatAddress) {
      try {
        return (await socket.profilePictureUrl(jidOf(chat), 'image')) ?? null;
      } catch (error) {
        const code = statusCodeOf(error);
        if (code !== undefined && NO_PICTURE_CODES.includes(code)) return null;
        throw error;
      }
    },

    async logout() {
      bound.detach();
      try {
        await socket.logout();
      } finally {
        // logout() ends the socket once the network took the request; if it could not, end it anyway.
        await socket.end(undefined);
      }
    },

    async close() {
      bound.detach();
      await socket.end(undefined);
    },
  };
}

/**
 * Whether the credentials are paired. Asking for a pairing code already sets `me` (the number being
 * linked), so `me` alone means paired only when no code was asked for; a code that was entered sets
 * `registered`.
 */
function isPaired(creds: { readonly me?: unknown; readonly pairingCode?: string; readonly registered?: boolean }): boolean {
  return creds.registered === true || (Boolean(creds.me) && creds.pairingCode === undefined);
}
