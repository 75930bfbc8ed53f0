/**
 * Single-use WebSocket tickets (DESIGN.md §3): the browser asks the HTTP API for a ticket, then opens
 * the socket with `?ticket=...`. The long-lived Cognito token never appears in a URL. The ticket is
 * `<companyId>.<secret>`; only the secret's SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { consumeWsTicket, putWsTicket, type WsTicketOwner } from '../repositories/realtime';

export const WS_TICKET_TTL_SECONDS = 60;

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function mintWsTicket(owner: WsTicketOwner, now = new Date()): Promise<{ ticket: string; expiresIn: number }> {
  const secret = randomBytes(32).toString('base64url');
  await putWsTicket(hash(secret), owner, new Date(now.getTime() + WS_TICKET_TTL_SECONDS * 1000));
  return { ticket: `${owner.companyId}.${secret}`, expiresIn: WS_TICKET_TTL_SECONDS };
}

const TICKET_FORMAT = /^([0-9A-Za-z]{1,64})\.([A-Za-z0-9_-]{43})$/;

/** Answers the ticket's owner and makes the ticket unusable, or undefined for a bad or used ticket. */
export async function redeemWsTicket(ticket: string, now = new Date()): Promise<WsTicketOwner | undefined> {
  const match = TICKET_FORMAT.exec(ticket);
  if (!match) return undefined;
  const [, companyId, secret] = match as unknown as [string, string, string];
  return consumeWsTicket(companyId, hash(secret), now);
}
