/**
 * The one-off step that numbers the tickets stored before ticket numbers existed, every company one
 * after the other, each by its own backfill (conversations/ticket-numbers.ts `ensureTicketNumbers`, which
 * a new ticket of a company not done yet also runs, so nothing waits on this step). Where it runs: at
 * `npm start` after the demo seed, and on a deployed stage once after the deploy that brings the numbers
 * (scripts/backfill-ticket-numbers.ts). A company done before costs one read of its counter.
 */
import { ensureTicketNumbers } from '../conversations/ticket-numbers';
import { forEveryCompany } from './company-walks';

/** Every company's backfill, one company after the other. Answers the tickets numbered. */
export const backfillAllTicketNumbers = (): Promise<number> => forEveryCompany('ticket numbers backfilled', ensureTicketNumbers);
