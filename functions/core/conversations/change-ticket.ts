/**
 * Applies one change to a ticket (a transition of spec 1 §4.1 or a plain edit), for an agent
 * (PUT /tickets/{id}, update-ticket.ts) or for the company itself (ticket-timers.ts, the external API).
 *
 * Steps: read the ticket strongly consistent, as the caller may see it (for an agent, ticket-access.ts:
 * another company's is not found, one outside the agent's queues is 'Acesso não permitido'); decide the transition against it; for a transfer check the queue and the user
 * are of the company; then one transaction:
 * - the ticket's changed fields and list indexes, on the condition that status, queue, user and
 *   connection are still as read, so of two agents accepting at once one wins and the other, reading
 *   again, gets ERR_TICKET_ALREADY_ACCEPTED;
 * - the contact's open-ticket slot: released on finish, claimed again on reopen (another open ticket of
 *   the contact on that connection: ERR_OTHER_OPEN_TICKET), moved when the connection changes;
 * - the attendance cycle (a new one on reopen) and the dashboard counters by its difference.
 * A condition that failed because the ticket changed meanwhile starts over from the read. Then rewrite
 * the word index's copies when the ticket left a queue or user (refresh-word-copies.ts), publish
 * the ticket (with `delete` to the lists it left) and send the notices (greeting, transfer notice,
 * rating prompt) the company's settings ask for.
 */
import type { SettingKey } from '../../../shared/settings';
import type { TicketDto } from '../../../shared/tickets';
import { AppError, conflict } from '../errors';
import { publishTicketUpdate } from '../realtime/ticket-rooms';
import { putNewAttendanceAction, replaceAttendanceAction, type Attendance } from '../repositories/attendances';
import { counterActions } from '../repositories/dashboard';
import { getConnection, type Connection } from '../repositories/connections';
import { getQueue, type Queue } from '../repositories/queues';
import { changeTicketAction } from '../repositories/ticket-changes';
import { claimOpenTicketAction, releaseOpenTicketAction, type Ticket } from '../repositories/tickets';
import { Steps, type TransactItem } from '../repositories/transaction';
import { getUser } from '../repositories/users';
import { otherOpenTicket } from './other-open-ticket';
import { attendanceDeltas } from '../dashboard/dashboard-counters';
import { presentTicket } from './present-ticket';
import { refreshWordCopies } from './refresh-word-copies';
import { advanceAttendance, beginAttendance, currentAttendance, RATING_WAIT_MS } from './record-attendance';
import { enabledSettings, sendNotices, type Notice } from './ticket-notices';
import { changesOf, type Actor, type TicketTransition } from './ticket-transitions';
import { rowCopiesFor } from './ticket-rows';

/** Rounds when the ticket changed between our read and our write. */
const ATTEMPTS = 4;

type StepName = 'ticket' | 'attendance' | 'releaseSlot' | 'claimSlot' | 'counters';

/**
 * A change of one ticket, by an agent or by the company itself. The company (`caller` null) finishes and
 * transfers tickets for its timers and the external API: the ticket keeps the user it had.
 */
export interface TicketChange {
  readonly companyId: string;
  readonly ticketId: string;
  /** The ticket as the caller may see it, read strongly consistent. */
  read(): Promise<Ticket>;
  decide(ticket: Ticket): TicketTransition;
  readonly caller: Actor | null;
  /**
   * Why the company finishes the ticket. `inactivity` (connection `expiresTicket`) sends the
   * connection's `expiresInactiveMessage` instead of its closing message.
   */
  readonly reason?: 'inactivity';
}

export interface AppliedChange {
  readonly kind: TicketTransition['kind'];
  /** The ticket as stored after the change. */
  readonly ticket: Ticket;
  readonly dto: TicketDto;
}

/** Applies a ticket change (see the file's comment). */
export async function applyTicketChange(change: TicketChange, now = new Date()): Promise<AppliedChange> {
  const { companyId, caller } = change;
  // A slot the ticket should hold but does not (data written by hand) must not block the change.
  let releaseHeldSlot = true;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const ticket = await change.read();
    const transition = change.decide(ticket);
    if (transition.kind === 'none') return { kind: 'none', ticket, dto: await presentTicket(companyId, ticket) };

    const transfer = transition.kind === 'transfer' ? await transferTarget(companyId, transition) : null;
    const target = transfer?.user ?? null;
    const settings = await enabledSettings(companyId, settingsFor(transition));
    // Only a ticket an agent finishes asks for a rating: when the company closes it, nobody attended.
    const rating = transition.kind === 'finish' && caller !== null && settings.has('userRating') && !ticket.isGroup;
    const changes = changesOf(transition, {
      caller,
      target,
      now,
      ratingUntil: rating ? new Date(now.getTime() + RATING_WAIT_MS).toISOString() : null,
    });
    const changed: Ticket = { ...ticket, ...changes };
    // The row's copies of the queue, connection and user the ticket now names, in the same write (ticket-rows.ts).
    const copies = await rowCopiesFor(ticket, changed, {
      ...(transfer ? { queue: transfer.queue } : {}),
      user: changed.userId === target?.id ? target : changed.userId === caller?.id ? caller : undefined,
    });
    const moved: Ticket = { ...changed, ...copies };
    const cycle = await cycleChange(ticket, moved, transition.kind === 'reopen', now);
    const after: Ticket = cycle?.newId ? { ...moved, attendanceId: cycle.newId } : moved;

    const steps = new Steps<StepName>();
    steps.add(
      'ticket',
      changeTicketAction(ticket, { ...changes, ...copies, ...(cycle?.newId ? { attendanceId: cycle.newId } : {}) }, { reorder: transition.kind !== 'edit' }),
    );
    if (cycle) {
      steps.add('attendance', cycle.action);
      for (const action of counterActions(after.companyId, attendanceDeltas(cycle.before, cycle.after))) steps.add('counters', action);
    }
    addSlotSteps(steps, ticket, after, releaseHeldSlot);

    const failed = await steps.run();
    if (failed.has('claimSlot') && !failed.has('ticket')) throw await otherOpenTicket(after.companyId, after.contactId, after.whatsappId);
    if (failed.has('releaseSlot') && failed.size === 1) releaseHeldSlot = false;
    if (failed.size > 0) continue;

    await refreshWordCopies(ticket, after);
    const dto = await presentTicket(companyId, after);
    await publishTicketUpdate(companyId, dto, ticket);
    const connection = transition.kind === 'finish' && after.whatsappId ? await getConnection(after.companyId, after.whatsappId) : undefined;
    await sendNotices(after, noticesOf(transition, { settings, caller, target, dto, rating, connection, reason: change.reason }), now);
    return { kind: transition.kind, ticket: after, dto };
  }
  throw conflict(`Ticket ${change.ticketId}`);
}

function settingsFor(transition: TicketTransition): SettingKey[] {
  switch (transition.kind) {
    case 'accept':
      return ['sendGreetingAccepted'];
    case 'transfer':
      return ['sendMsgTransfTicket'];
    case 'finish':
      return ['userRating'];
    default:
      return [];
  }
}

/** The queue (of the company) and the user (of the company, if any) a transfer goes to. */
async function transferTarget(
  companyId: string,
  transition: Extract<TicketTransition, { kind: 'transfer' }>,
): Promise<{ readonly queue: Queue; readonly user: (Actor & { readonly updatedAt: string }) | null }> {
  const [queue, user] = await Promise.all([
    getQueue(companyId, transition.queueId),
    transition.userId ? getUser(companyId, transition.userId) : Promise.resolve(null),
  ]);
  if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
  if (user === undefined) throw new AppError('ERR_NO_USER_FOUND');
  return { queue, user: user ? { id: user.id, name: user.name, updatedAt: user.updatedAt } : null };
}

interface CycleChange {
  readonly before: Attendance | undefined;
  readonly after: Attendance;
  readonly action: TransactItem;
  /** The id of a cycle that begins with this change, to be set on the ticket. */
  readonly newId?: string;
}

/**
 * How the change moves the ticket's attendance cycle, if it does (a change of status, user or queue): a
 * reopen begins a new cycle; otherwise the current one advances. A ticket stored without a cycle gets
 * one begun at the ticket's creation, counted from this change on.
 */
async function cycleChange(before: Ticket, after: Ticket, reopen: boolean, now: Date): Promise<CycleChange | undefined> {
  if (after.status === before.status && after.userId === before.userId && after.queueId === before.queueId) return undefined;
  if (reopen) {
    const next = beginAttendance(after, now);
    return { before: undefined, after: next, action: putNewAttendanceAction(next), newId: next.id };
  }
  const current = await currentAttendance(before);
  if (current) {
    const next = { ...advanceAttendance(current, after, now), version: current.version + 1 };
    return { before: current, after: next, action: replaceAttendanceAction(current, next) };
  }
  const next = advanceAttendance(beginAttendance(before, new Date(before.createdAt)), after, now);
  return { before: undefined, after: next, action: putNewAttendanceAction(next), newId: next.id };
}

/** Keeps the one-open-ticket-per-contact-and-connection slot right. */
function addSlotSteps(steps: Steps<StepName>, before: Ticket, after: Ticket, release: boolean): void {
  const heldBefore = before.status !== 'closed';
  const heldAfter = after.status !== 'closed';
  const moved = before.whatsappId !== after.whatsappId;
  if (release && heldBefore && (!heldAfter || moved)) steps.add('releaseSlot', releaseOpenTicketAction(before));
  if (heldAfter && (!heldBefore || moved)) steps.add('claimSlot', claimOpenTicketAction(after));
}

interface NoticeContext {
  readonly settings: ReadonlySet<SettingKey>;
  readonly caller: Actor | null;
  readonly target: Actor | null;
  readonly dto: TicketDto;
  readonly rating: boolean;
  readonly connection: Connection | undefined;
  readonly reason: TicketChange['reason'];
}

function noticesOf(transition: TicketTransition, { settings, caller, target, dto, rating, connection, reason }: NoticeContext): Notice[] {
  switch (transition.kind) {
    case 'accept':
      return settings.has('sendGreetingAccepted') && caller ? [{ kind: 'greeting', agent: caller.name }] : [];
    case 'transfer':
      return settings.has('sendMsgTransfTicket') ? [{ kind: 'transfer', queue: dto.queue?.name ?? '', agent: target?.name ?? null }] : [];
    case 'finish': {
      if (reason === 'inactivity') {
        return connection?.expiresInactiveMessage ? [{ kind: 'closing', text: connection.expiresInactiveMessage }] : [];
      }
      return [
        ...(connection?.completionMessage ? [{ kind: 'closing' as const, text: connection.completionMessage }] : []),
        ...(rating ? [{ kind: 'rating' as const, text: connection?.ratingMessage ?? '' }] : []),
      ];
    }
    default:
      return [];
  }
}
