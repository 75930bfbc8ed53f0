/**
 * Baileys addressing (JIDs) to and from the provider's ChatAddress. A person is named on the network
 * by a phone number (`<digits>@s.whatsapp.net`) or by a privacy id (`<id>@lid`); Baileys 7 gives the
 * other form beside it when the network sent it (key.remoteJidAlt, participantAlt, callerPn) and keeps
 * the pairs it learnt in its LID mapping store. We name a chat by the phone number whenever one is
 * known and keep the privacy id next to it; without a number, the privacy id stands in for both.
 */
import { jidDecode, type JidServer } from 'baileys';
import type { ChatAddress } from '../provider';

/** Finds the phone-number JID of a privacy id (Baileys' LID mapping store); null when unknown. */
export interface LidResolver {
  pnForLid(lidJid: string): Promise<string | null>;
}

const PHONE_SERVERS: readonly JidServer[] = ['s.whatsapp.net', 'c.us', 'hosted'];
const LID_SERVERS: readonly JidServer[] = ['lid', 'hosted.lid'];

type PersonJid = { readonly kind: 'pn' | 'lid'; readonly user: string };

function personOf(jid: string | null | undefined): PersonJid | undefined {
  const decoded = jidDecode(jid ?? undefined);
  if (!decoded?.user) return undefined;
  if (PHONE_SERVERS.includes(decoded.server)) return { kind: 'pn', user: decoded.user };
  if (LID_SERVERS.includes(decoded.server)) return { kind: 'lid', user: decoded.user };
  return undefined;
}

/**
 * The address of a person or group JID, or null for what we do not serve (status updates, broadcast
 * lists, newsletters, bots). `alt` is the other form of the same person when Baileys gave one.
 */
export async function addressOf(jid: string | null | undefined, alt: string | null | undefined, resolver: LidResolver): Promise<ChatAddress | null> {
  const decoded = jidDecode(jid ?? undefined);
  if (!decoded?.user) return null;
  if (decoded.server === 'g.us') return { id: decoded.user, isGroup: true };
  const person = personOf(jid);
  if (person === undefined) return null;
  const other = personOf(alt);
  if (person.kind === 'pn') {
    return other?.kind === 'lid' ? { id: person.user, isGroup: false, lid: other.user } : { id: person.user, isGroup: false };
  }
  const phone = other?.kind === 'pn' ? other.user : personOf(await resolver.pnForLid(`${person.user}@lid`))?.user;
  return { id: phone ?? person.user, isGroup: false, lid: person.user };
}

/**
 * The JID to send to: the group, the phone number, or the privacy id when no number is known (then
 * `id` is the privacy id itself). Baileys 7 routes a phone-number JID to the privacy id by itself.
 */
export function jidOf(chat: ChatAddress): string {
  if (chat.isGroup) return `${chat.id}@g.us`;
  if (chat.lid !== undefined && chat.lid === chat.id) return `${chat.lid}@lid`;
  return `${chat.id}@s.whatsapp.net`;
}

/** The digits of a phone-number JID (the paired phone's `user.id` carries a device suffix). */
export function phoneOf(jid: string | null | undefined): string | undefined {
  const person = personOf(jid);
  return person?.kind === 'pn' ? person.user : undefined;
}

/** Chats whose messages Baileys need not even decrypt for us. */
export function isIgnoredJid(jid: string): boolean {
  const server = jidDecode(jid)?.server;
  return server === 'broadcast' || server === 'newsletter' || server === 'bot';
}
