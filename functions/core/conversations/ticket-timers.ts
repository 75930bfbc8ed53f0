/**
 * The connection's ticket timers (spec 2 §3 connection fields; decisions in the README):
 * - transfer: a pending ticket without queue and without user that waited `timeToTransfer` minutes since
 *   it was created moves to the connection's `transferQueueId` (still pending, for the agents of that
 *   queue), with the transfer notice when `sendMsgTransfTicket` is enabled;
 * - expiry: a pending or open ticket without any change (message, either way, or transition) for
 *   `expiresTicket` hours is closed by the company, sending the connection's `expiresInactiveMessage`
 *   (no closing message, no rating prompt).
 *
 * Each is one EventBridge one-shot schedule per ticket, not a sweep over every ticket: armed when a
 * ticket is created or reopened, for the instant the rule would act. When it fires it reads the ticket
 * and the connection as they are then: the rule no longer applies (taken, closed, setting off): it
 * stops; the ticket changed meanwhile so the instant moved (a new message): it re-arms itself for the
 * new instant; otherwise it acts. The ticket stores the instant of its running timer, so a stale or
 * repeated delivery (SQS at-least-once, a re-arm that raced another) is recognised and ignored, and
 * at most one chain runs per timer and ticket.
 */
import { AppError } from '../errors';
import { logger } from '../logger';
import { getConnection, type Connection } from '../repositories/connections';
import { setTicketTimer, type TicketTimerField } from '../repositories/ticket-changes';
import { getTicket, type Ticket } from '../repositories/tickets';
import { TICKET_TIMERS, type TicketTimer, type TicketTimerDue } from '../scheduling/due-messages';
import { scheduleOnce } from '../scheduling/one-shot';
import type { TicketTransition } from './ticket-transitions';
import { applyTicketChange } from './change-ticket';

const FIELD: Readonly<Record<TicketTimer, TicketTimerField>> = { transfer: 'transferDueAt', expiry: 'expiryDueAt' };

/** A re-armed timer waits at least this long, so a ticket changing at the edge never spins. */
const MIN_REARM_MS = 30_000;
/** A timer is never scheduled in the past (a ticket stored late, a clock behind): it fires right away instead. */
const MIN_ARM_MS = 1_000;
/** A timer delivered this much before its instant still acts (clocks of the scheduler and of Lambda differ). */
const EARLY_TOLERANCE_MS = 1_000;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** When the timer's rule acts on the ticket under the connection's settings; undefined when it does not apply. */
export function timerDue(timer: TicketTimer, ticket: Ticket, connection: Connection): Date | undefined {
  switch (timer) {
    case 'transfer': {
      const minutes = connection.timeToTransfer ?? 0;
      const applies = ticket.status === 'pending' && ticket.queueId === null && ticket.userId === null;
      if (!applies || !connection.transferQueueId || minutes <= 0) return undefined;
      return new Date(Date.parse(ticket.createdAt) + minutes * MINUTE_MS);
    }
    case 'expiry': {
      if (ticket.status === 'closed' || connection.expiresTicket <= 0) return undefined;
      return new Date(Date.parse(ticket.updatedAt) + connection.expiresTicket * HOUR_MS);
    }
  }
}

/**
 * Arms the timers that apply to a ticket just created or reopened and are not already running. Never
 * fails its caller: a ticket stored without a timer is logged, not undone.
 */
export async function armTicketTimers(ticket: Ticket, now: Date): Promise<void> {
  if (!ticket.whatsappId) return;
  try {
    const settings = await getConnection(ticket.companyId, ticket.whatsappId);
    if (!settings) return;
    for (const timer of TICKET_TIMERS) {
      const due = timerDue(timer, ticket, settings);
      const running = ticket[FIELD[timer]];
      if (!due || (running && running > now.toISOString())) continue;
      await arm(ticket, timer, due, null, now);
    }
  } catch (error) {
    logger.error('ticket timer not armed', { ticketId: ticket.id, error });
  }
}

/**
 * Schedules first, then records it on the ticket: a schedule without the record fires and is ignored,
 * while a record without a schedule would leave the ticket without a timer for good.
 */
async function arm(ticket: Ticket, timer: TicketTimer, due: Date, replacing: string | null, now: Date): Promise<void> {
  const at = new Date(Math.max(due.getTime(), now.getTime() + (replacing ? MIN_REARM_MS : MIN_ARM_MS)));
  // The schedule fires at whole seconds; the ticket records the same instant so that the two match.
  const dueAt = new Date(Math.ceil(at.getTime() / 1000) * 1000);
  const name = `ticket-${timer}-${ticket.id}-${dueAt.getTime() / 1000}`;
  await scheduleOnce(name, dueAt, { kind: 'ticketTimer', timer, companyId: ticket.companyId, ticketId: ticket.id, dueAt: dueAt.toISOString() });
  await setTicketTimer(ticket.companyId, ticket.id, FIELD[timer], dueAt.toISOString(), { replacing, now });
}

export type TimerOutcome = 'acted' | 'rearmed' | 'stale';

/** A ticket timer fell due (delivered by workers/schedule-due). */
export async function fireTicketTimer(due: TicketTimerDue, now = new Date()): Promise<TimerOutcome> {
  const ticket = await getTicket(due.companyId, due.ticketId, true);
  if (!ticket || ticket[FIELD[due.timer]] !== due.dueAt || !ticket.whatsappId) return 'stale';
  const connection = await getConnection(ticket.companyId, ticket.whatsappId);
  if (!connection) return 'stale';
  const actsAt = timerDue(due.timer, ticket, connection);
  if (!actsAt) return 'stale';
  if (actsAt.getTime() > now.getTime() + EARLY_TOLERANCE_MS) {
    await arm(ticket, due.timer, actsAt, due.dueAt, now);
    return 'rearmed';
  }
  try {
    const { ticket: after } = await applyTicketChange(
      {
        companyId: ticket.companyId,
        ticketId: ticket.id,
        read: async () => {
          const current = await getTicket(ticket.companyId, ticket.id, true);
          if (!current) throw new AppError('ERR_NO_TICKET_FOUND');
          return current;
        },
        // Decided again on every read: a message that arrives meanwhile keeps the ticket as it is.
        decide: (current) => transitionOf(due.timer, current, connection, now),
        caller: null,
        ...(due.timer === 'expiry' ? { reason: 'inactivity' as const } : {}),
      },
      now,
    );
    if (due.timer === 'expiry' && after.status !== 'closed') {
      // Kept open by a change that raced the close: wait for the new instant.
      const fresh = await getTicket(ticket.companyId, ticket.id, true);
      const next = fresh ? timerDue('expiry', fresh, connection) : undefined;
      if (fresh && next) await arm(fresh, 'expiry', next, due.dueAt, now);
      return next ? 'rearmed' : 'stale';
    }
    return after.status === ticket.status && after.queueId === ticket.queueId ? 'stale' : 'acted';
  } catch (error) {
    // The transfer queue or the ticket was deleted meanwhile: nothing left to do, and retrying cannot help.
    if (error instanceof AppError && (error.code === 'ERR_NO_QUEUE_FOUND' || error.code === 'ERR_NO_TICKET_FOUND')) {
      logger.info('ticket timer dropped', { ticketId: ticket.id, timer: due.timer, code: error.code });
      return 'stale';
    }
    throw error;
  }
}

function transitionOf(timer: TicketTimer, ticket: Ticket, connection: Connection, now: Date): TicketTransition {
  const actsAt = timerDue(timer, ticket, connection);
  if (!actsAt || actsAt.getTime() > now.getTime() + EARLY_TOLERANCE_MS) return { kind: 'none' };
  if (timer === 'expiry') return { kind: 'finish', edits: {} };
  return connection.transferQueueId ? { kind: 'transfer', queueId: connection.transferQueueId, userId: null, edits: {} } : { kind: 'none' };
}
