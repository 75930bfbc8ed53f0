/**
 * `npx tsx scripts/backfill-ticket-numbers.ts`: the one-off migration of ticket numbers on a deployed
 * stage, run once after the deploy that brings them: every company's tickets stored before numbers
 * existed get theirs, in creation order. `npm start` runs the same step locally; new tickets would run
 * it for their own company anyway (conversations/ticket-numbers.ts), this spares the first of them the
 * wait and numbers the companies that create none. Safe to run twice, and while the stage serves. The
 * target comes from the environment, as for the Lambdas: TABLE_NAME, with AWS credentials and region
 * from the usual AWS chain.
 */
import './quiet-sdk-notice';
import { backfillAllTicketNumbers } from '../functions/core/migrations/backfill-ticket-numbers';

backfillAllTicketNumbers()
  .then((numbered) => {
    process.stdout.write(`Ticket numbers: ${numbered} ticket(s) numbered.\n`);
  })
  .catch((error: unknown) => {
    process.stderr.write(`Backfill failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
