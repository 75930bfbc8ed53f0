/** The new-ticket modal's rules as plain functions (spec 1 §2.8, §5, §8); its contact search is components/ContactSearch.tsx's. */
import type { ConnectionDto } from '../../../shared/connections';
import type { OtherOpenTicketDetails } from '../../../shared/tickets';

/** The connection offered first: the user's default when it still exists, else the company's default. */
export function defaultConnectionId(connections: readonly Pick<ConnectionDto, 'id' | 'isDefault'>[], userDefault: string | null): string | null {
  if (userDefault !== null && connections.some((connection) => connection.id === userDefault)) return userDefault;
  return connections.find((connection) => connection.isDefault)?.id ?? null;
}

/** The ticket that holds the contact, from the body of ERR_OTHER_OPEN_TICKET (null when it names none). */
export function otherOpenTicketOf(body: unknown): OtherOpenTicketDetails | null {
  if (typeof body !== 'object' || body === null) return null;
  const details = (body as { details?: unknown }).details;
  if (typeof details !== 'object' || details === null) return null;
  const candidate = details as Partial<Record<keyof OtherOpenTicketDetails, unknown>>;
  if (typeof candidate.ticketId !== 'string' || typeof candidate.uuid !== 'string') return null;
  const status = (candidate.status ?? 'open') as OtherOpenTicketDetails['status'];
  return { ticketId: candidate.ticketId, uuid: candidate.uuid, status, user: namedOf(candidate.user), queue: namedOf(candidate.queue) };
}

/** A user or queue of that body: its id, and its name ('' when it has none); null without an id. */
function namedOf(value: unknown): { readonly id: string; readonly name: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name } = value as { id?: unknown; name?: unknown };
  return typeof id === 'string' ? { id, name: typeof name === 'string' ? name : '' } : null;
}
