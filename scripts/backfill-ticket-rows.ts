/**
 * `npx tsx scripts/backfill-ticket-rows.ts`: the one-off migration of ticket row copies on a deployed
 * stage, run once after the deploy that brings them (conversations/backfill-ticket-rows.ts): every
 * ticket stored before copies existed gets those of its contact, queue, connection and user, so a list
 * page stops reading them. Until it has run such tickets are still listed whole (the presenter reads
 * what they lack). Safe to run twice, and while the stage serves. The target comes from the environment,
 * as for the Lambdas: TABLE_NAME, with AWS credentials and region from the usual AWS chain.
 */
import './quiet-sdk-notice';
import { backfillAllTicketRows } from '../functions/core/conversations/backfill-ticket-rows';

backfillAllTicketRows()
  .then((filled) => {
    process.stdout.write(`Ticket rows: ${filled} ticket(s) given their copies.\n`);
  })
  .catch((error: unknown) => {
    process.stderr.write(`Backfill failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
