/**
 * `npx tsx scripts/backfill-ticket-rows.ts`: the one-off migrations of what ticket rows carry, on a
 * deployed stage, run once after the deploy that brings them:
 * - row copies (functions/core/migrations/backfill-ticket-rows.ts): every ticket stored before copies existed gets
 *   those of its contact, queue, connection and user, so a list page stops reading them; until then
 *   such tickets are still listed whole (the presenter reads what they lack);
 * - the contact-name index (migrations/build-name-index.ts): tickets stored before it get their
 *   entries, so a search by a contact's name finds them; once per company;
 * - word marks (migrations/build-word-marks.ts): tickets stored before them get a mark per word of
 *   their messages, so a search of several words finds them; once per company.
 * Safe to run twice, and while the stage serves. The target comes from the environment, as for the
 * Lambdas: TABLE_NAME, with AWS credentials and region from the usual AWS chain.
 */
import './quiet-sdk-notice';
import { backfillAllTicketRows } from '../functions/core/migrations/backfill-ticket-rows';
import { buildAllNameIndexes } from '../functions/core/migrations/build-name-index';
import { buildAllWordMarks } from '../functions/core/migrations/build-word-marks';

async function main(): Promise<void> {
  const filled = await backfillAllTicketRows();
  process.stdout.write(`Ticket rows: ${filled} ticket(s) given their copies.\n`);
  const indexed = await buildAllNameIndexes();
  process.stdout.write(`Contact-name index: ${indexed} ticket(s) given their entries.\n`);
  const marked = await buildAllWordMarks();
  process.stdout.write(`Word marks: ${marked} ticket(s) given theirs.\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Backfill failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
