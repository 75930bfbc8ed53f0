/**
 * Socket tickets: single-use passes to open a WebSocket (docs/architecture.md, "Realtime"). The browser
 * asks the HTTP API for one (POST /realtime/ticket answers `{ ticket }`, the spec's field), then opens the
 * socket with `?ticket=...`, so the long-lived Cognito token never appears in a URL. A socket ticket is
 * `<companyId>.<secret>`; only the secret's SHA-256 is stored. Not to be confused with a support ticket.
 */
import { createHash, randomBytes } from 'node:crypto';
import { consumeSocketTicket, putSocketTicket, type SocketTicketOwner } from '../repositories/socket-tickets';

export const SOCKET_TICKET_TTL_SECONDS = 60;

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function mintSocketTicket(owner: SocketTicketOwner, now = new Date()): Promise<{ ticket: string; expiresIn: number }> {
  const secret = randomBytes(32).toString('base64url');
  await putSocketTicket(hash(secret), owner, new Date(now.getTime() + SOCKET_TICKET_TTL_SECONDS * 1000));
  return { ticket: `${owner.companyId}.${secret}`, expiresIn: SOCKET_TICKET_TTL_SECONDS };
}

const SOCKET_TICKET_FORMAT = /^([0-9A-Za-z]{1,64})\.([A-Za-z0-9_-]{43})$/;

/** Answers the socket ticket's owner and makes it unusable, or undefined for a bad or used one. */
export async function redeemSocketTicket(socketTicket: string, now = new Date()): Promise<SocketTicketOwner | undefined> {
  const match = SOCKET_TICKET_FORMAT.exec(socketTicket);
  if (!match) return undefined;
  const [, companyId, secret] = match as unknown as [string, string, string];
  return consumeSocketTicket(companyId, hash(secret), now);
}
