/**
 * Ticket numbers people can say on the phone (README, behaviour notes; docs/architecture.md §8): each
 * company numbers its tickets 1, 2, 3, ... in the order they were created. `#123` in the list and the
 * conversation, `{{protocol}}` in texts (shared/templates.ts ticketProtocol), and a search for `#123` or
 * `123` finds the ticket (conversations/list-tickets.ts).
 *
 * A new ticket takes its number when it is created (`nextTicketNumber`: an ADD on the company's counter,
 * then the ticket and its number pointer in the creation transaction). The counter never goes down, so
 * a number is never given again, even after its ticket is deleted; a number taken by a creation that
 * then fails (it lost the race for the contact's open-ticket slot) is skipped, never reused. We chose
 * that ADD over a counter condition inside the creation transaction: concurrent creations in a busy
 * company each get a number at once instead of retrying each other's transactions.
 *
 * Tickets stored before numbers existed get theirs once, in creation order (`ensureTicketNumbers`, the
 * backfill of one company). Where it runs:
 * - for every company, by the one-off migration (migrations/backfill-ticket-numbers.ts: at `npm start`,
 *   and once on a deployed stage after the deploy);
 * - lazily per company, whenever a ticket is created while the company's counter is missing or not
 *   marked backfilled (a stage whose step has not run yet), and before a text fills `{{protocol}}` for a
 *   ticket without a number. Reads (the ticket list) never write: until then they show no number.
 * It is safe to run twice and concurrently with itself: every batch of numbers moves the counter on
 * condition that it is where the batch read it, in the same transaction, and gives each ticket its
 * number only if it has none; a batch that loses reads again and continues after the winner. It is safe
 * concurrently with new tickets: they cannot take a number until the counter is marked backfilled,
 * which happens only when a full read of the company's tickets finds none without a number, on
 * condition that no number was given since that read. A new ticket that finds the backfill unfinished
 * runs it itself, so nothing waits on a step that may never come.
 */
import { conflict, isConflict } from '../errors';
import {
  advanceTicketCounterAction,
  finishTicketBackfillAction,
  getTicketCounter,
  putTicketNumberAction,
  setTicketNumberAction,
  takeTicketNumber,
  ticketsToNumber,
  type NumberingEntry,
} from '../repositories/ticket-numbers';
import { getTicket, type Ticket } from '../repositories/tickets';
import { Steps } from '../repositories/transaction';

/** Tickets numbered per transaction: the counter and two actions per ticket stay under DynamoDB's 100. */
export const BACKFILL_BATCH = 45;
/** Lost races in a row (no number given by anyone meanwhile) after which the backfill gives up with ERR_CONFLICT. */
const STALLED_ROUNDS_MAX = 20;

/** Creation order: the creation instant, then the id (a ULID, itself in creation order within a millisecond). */
export function byCreation(a: Pick<NumberingEntry, 'createdAt' | 'id'>, b: Pick<NumberingEntry, 'createdAt' | 'id'>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The number a new ticket of the company gets; runs the company's backfill first when it has not run. */
export async function nextTicketNumber(companyId: string): Promise<number> {
  const taken = await takeTicketNumber(companyId);
  if (taken !== undefined) return taken;
  await ensureTicketNumbers(companyId);
  const next = await takeTicketNumber(companyId);
  if (next === undefined) throw conflict(`The ticket counter of company ${companyId}`);
  return next;
}

/** The ticket with its number: as given, or read again after the company's backfill when it has none yet. */
export async function numberedTicket(ticket: Ticket): Promise<Ticket> {
  if (ticket.number !== undefined) return ticket;
  await ensureTicketNumbers(ticket.companyId);
  return (await getTicket(ticket.companyId, ticket.id, true)) ?? ticket;
}

/**
 * The backfill of one company (see the file's comment): answers how many tickets this run numbered
 * (0 when the company was done already, or another run numbered them).
 */
export async function ensureTicketNumbers(companyId: string): Promise<number> {
  let numbered = 0;
  let stalled = 0;
  let lastSeen: number | undefined;
  for (;;) {
    const counter = await getTicketCounter(companyId);
    if (counter?.backfilled === true) return numbered;
    if (counter?.last !== lastSeen) stalled = 0;
    lastSeen = counter?.last;
    if (stalled >= STALLED_ROUNDS_MAX) throw conflict(`The ticket numbers of company ${companyId}`);

    const missing = (await ticketsToNumber(companyId)).filter((entry) => entry.number === undefined).sort(byCreation);
    if (missing.length === 0) {
      const steps = new Steps<'counter'>();
      steps.add('counter', finishTicketBackfillAction(companyId, counter?.last));
      if (await committed(steps)) return numbered;
      stalled += 1;
      await pause(stalled);
      continue;
    }

    let last = counter?.last;
    for (let start = 0; start < missing.length; start += BACKFILL_BATCH) {
      const batch = missing.slice(start, start + BACKFILL_BATCH);
      const from = last ?? 0;
      const steps = new Steps<'counter' | 'ticket' | 'number'>();
      steps.add('counter', advanceTicketCounterAction(companyId, last, from + batch.length));
      batch.forEach((entry, index) => {
        steps.add('ticket', setTicketNumberAction(companyId, entry.id, from + index + 1));
        steps.add('number', putTicketNumberAction({ companyId, id: entry.id, number: from + index + 1 }));
      });
      if (!(await committed(steps))) {
        // Another run numbered some of these, or one of them was deleted: read everything again.
        stalled += 1;
        await pause(stalled);
        break;
      }
      last = from + batch.length;
      numbered += batch.length;
    }
  }
}

/** A short random pause, longer after each lost race, so that concurrent runs stop colliding. */
const pause = (round: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(round, 10)));

/** Runs the steps; answers whether they were written (a failed condition or a conflicting transaction: not). */
async function committed(steps: Steps): Promise<boolean> {
  try {
    return (await steps.run()).size === 0;
  } catch (error) {
    if (isConflict(error)) return false;
    throw error;
  }
}
