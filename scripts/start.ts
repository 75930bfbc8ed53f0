/**
 * `npm start`: the whole product on this machine. Starts the local cloud with data under `.data/`,
 * seeds the demo company, numbers the tickets stored before ticket numbers existed, and serves the web
 * app; Ctrl-C stops every part cleanly.
 */
import './quiet-sdk-notice';
import { backfillAllTicketNumbers } from '../functions/core/migrations/backfill-ticket-numbers';
import { buildAllNameIndexes } from '../functions/core/migrations/build-name-index';
import { buildAllWordMarks } from '../functions/core/migrations/build-word-marks';
import { recoverScheduledMessages } from '../functions/core/scheduled-messages/recover-scheduled-messages';
import { recoverCampaigns } from '../functions/core/campaigns/recover-campaigns';
import { startLocalCloud } from '../infra/local/cloud';
import { DATA_DIR } from './paths';
import { portsFromEnv } from './ports';
import { DEMO_LOGIN, seedDemo } from './seed-demo';
import { startSessionHostProcess } from './session-host-process';

/** Set on Ctrl-C: the startup steps still running then fail as the cloud goes away, which is no failure. */
let stopping = false;

async function main(): Promise<void> {
  const startedAt = Date.now();
  const cloud = await startLocalCloud({
    dataDir: DATA_DIR,
    ports: portsFromEnv(),
    web: true,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    // The local DynamoDB on a thread of its own, as DynamoDB is a service of its own: the backend's
    // handlers and the stand-ins share the main thread, and together they would halve its throughput.
    dynamoThread: true,
  });

  const sessionHost = startSessionHostProcess(process.env);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping...\n`);
    // The host releases its leases in DynamoDB, so it stops before the cloud does.
    await sessionHost.stop();
    await cloud.stop();
    process.stdout.write('Stopped.\n');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const seeded = await seedDemo();
  // The one-off migration of ticket numbers: tickets stored before numbers existed get theirs, once per
  // company (a no-op read of each company's counter afterwards; migrations/backfill-ticket-numbers.ts).
  await backfillAllTicketNumbers();
  // The one-off build of the contact-name index for tickets stored before it (a read per company afterwards).
  await buildAllNameIndexes();
  // Likewise the word marks of tickets stored before them (a read per company afterwards).
  await buildAllWordMarks();
  // Schedules delivered to the in-memory queue just before the last stop, or cut off mid-send by it.
  const recovered = await recoverScheduledMessages({ orphanedBefore: new Date(startedAt) });
  if (recovered.rearmed + recovered.failed > 0) {
    process.stdout.write(`Scheduled messages: ${recovered.rearmed} overdue sent again, ${recovered.failed} cut off mid-send marked ERRO.\n`);
  }
  // Campaigns whose hop messages were in the in-memory queue at the last stop go on where they were.
  const campaigns = await recoverCampaigns();
  if (campaigns.resumed + campaigns.started > 0) {
    process.stdout.write(`Campaigns: ${campaigns.resumed} running taken up again, ${campaigns.started} overdue started.\n`);
  }
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  process.stdout.write(
    [
      '',
      `Atende is running (ready in ${seconds} s, demo data ${seeded === 'created' ? 'created' : 'already present'}).`,
      '',
      `  Web app          ${cloud.urls.web}`,
      `  HTTP API         ${cloud.urls.api}          (try ${cloud.urls.api}/version)`,
      `  WebSocket API    ${cloud.urls.ws}`,
      `  Runtime config   ${cloud.urls.web}/config.json`,
      '',
      `  Session host    child process, holding the WhatsApp session shards`,
      `  Cloud API       ${cloud.urls.graph}   (Meta's Graph API, simulated: npm run simulate -- cloud-account)`,
      '',
      `  Local AWS: DynamoDB ${cloud.urls.dynamodb}  S3 ${cloud.urls.s3}  SQS ${cloud.urls.sqs}`,
      `             Cognito ${cloud.urls.cognito}  Scheduler ${cloud.urls.scheduler}`,
      '',
      `  Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`,
      '',
      'Data is kept in .data/ (npm run reset wipes it). Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (stopping) return;
  process.stderr.write(`npm start failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
