/** The signed-in user as the ticket lists see them (queues, allTicket, profile), from GET /auth/me. */
import { useMemo } from 'react';
import type { MeUser, QueueSummary } from '../../../shared/sign-in';
import { mayWorkTicket } from '../../../shared/ticket-rules';
import type { TicketDto } from '../../../shared/tickets';
import { isAdmin } from '../sign-in/me';
import type { CurrentUser } from '../sign-in/me';
import { useMe } from '../sign-in/me-context';
import type { TicketViewer } from './ticket-lists';

export interface TicketUser extends TicketViewer {
  readonly name: string;
  readonly queues: readonly QueueSummary[];
  /** The user's default connection, or null. */
  readonly whatsappId: string | null;
}

/**
 * The web's `Me` types only the fields the shell reads; GET /auth/me answers the whole MeUser
 * (shared/session.ts), so the rest is read here with safe defaults.
 */
export function ticketUserOf(user: CurrentUser): TicketUser {
  const full = user as CurrentUser & Partial<Pick<MeUser, 'queues' | 'allTicket' | 'whatsappId'>>;
  const queues: MeUser['queues'] = Array.isArray(full.queues) ? (full.queues as MeUser['queues']) : [];
  return {
    userId: user.id,
    name: user.name,
    profile: user.profile,
    queues,
    queueIds: queues.map((queue) => queue.id),
    allTicket: full.allTicket === 'enabled' ? 'enabled' : 'desabled',
    whatsappId: typeof full.whatsappId === 'string' ? full.whatsappId : null,
  };
}

export function useTicketUser(): TicketUser {
  const { user } = useMe();
  return useMemo(() => ticketUserOf(user), [user]);
}

/**
 * Whether the user may work the ticket (send, return, finish, transfer): not while another user attends
 * it, unless they are an admin. The server's rule (shared/tickets.ts); the web only hides what it refuses.
 */
export function mayWorkOn(user: Pick<TicketUser, 'userId' | 'profile'>, ticket: Pick<TicketDto, 'status' | 'userId'>): boolean {
  return mayWorkTicket({ userId: user.userId, isAdmin: isAdmin(user) }, ticket);
}
