/**
 * `npm run simulate -- <command>`: the simulated phone network, from the terminal (docs/architecture.md §3). Works
 * against `npm start`'s local cloud (the ports of scripts/ports.ts) or, with `--stage <name>` and AWS
 * credentials, against a deployed stage that enables the simulator.
 *
 *   scan                      scan the QR code a simulator connection shows (pairs a simulated phone)
 *   pair --code <code>        enter the pairing code the connection shows, on the phone of the number
 *                             the admin linked it to (Connections page, "link with phone number")
 *   send --from <number> [--name <name>] [--text <text>] [--file <path>] [--reply <id>]
 *        [--location <lat,lng[,description]>] [--vcard <name:number>]
 *                             a contact writes (text, a file as image/audio/video/document, a place, a card)
 *   edit --from <number> --id <message id> --text <text>      the contact edits a message
 *   delete --from <number> --id <message id>                  the contact deletes a message for everyone
 *   call --from <number> [--video]                            the contact calls
 *   read --from <number>                                      the contact reads everything sent to them
 *   outbox                                                    what the connection sent, with acks
 *   pay <invoice> [--api <url>]                               the payment simulator pays the invoice's PIX
 *                             code (after PAGAR in its checkout); --api: the stage's API (default local)
 *
 * On a Cloud API connection (provider `cloud`, locally: the Graph API simulator, scripts/simulate-cloud.ts)
 * `send`, `read` and `outbox [--from <number>]` work alike (no `--video`, edit, delete or call: Meta's
 * webhooks carry none), and:
 *   advance --hours <n>       moves the clock of the connection's simulated account (25: the 24-hour
 *                             reply window closes)
 *   cloud-account [--new]     prints the demo account's four values to paste in a connection; --new
 *                             makes another account
 *
 * Common options: --email <user> (whose company; default the demo admin), --connection <name or id>
 * (default: the company's only simulator or Cloud API connection).
 */
import './quiet-sdk-notice';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ulid } from 'ulid';
import { ENV } from '../infra/resources/environment';
import { tableName } from '../infra/resources/table';
import { DEMO_LOGIN } from './seed-demo';
import { portsFromEnv } from './ports';
import { parseSimulateArgs } from './simulate-args';

const { values: options, positionals } = parseSimulateArgs(process.argv.slice(2));
const email = options.email ?? DEMO_LOGIN.email;

const stage = options.stage ?? 'local';
if (stage === 'local') {
  const ports = portsFromEnv();
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamodb}`,
  });
}
process.env[ENV.stage] = stage;
process.env[ENV.tableName] = tableName(stage);

// Loaded after the environment is set: the SDK clients read it when first made.
const { findIdentityByEmail } = await import('../functions/core/repositories/users');
const { listConnections } = await import('../functions/core/repositories/connections');
const simulator = await import('../functions/sessions/stores/simulator');
const { locationBody, vcardBody } = await import('../shared/whatsapp-content');
const { contentTypeOf, sniffMediaType } = await import('../functions/core/media/files');
const { mediaTypeOf } = await import('../functions/core/conversations/present-message');

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (positionals[0] === 'cloud-account') {
  if (stage !== 'local') fail('The Graph API simulator runs with `npm start` only.');
  const { cloudAccountCommand } = await import('./simulate-cloud');
  process.stdout.write(await cloudAccountCommand(options).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error))));
  process.exit(0);
}

const identity = await findIdentityByEmail(email).catch((error: unknown) =>
  fail(`Could not reach the table (${String(error)}). Is \`npm start\` running?`),
);
if (!identity) fail(`No user with the email ${email}.`);
const companyId = identity.companyId;

if (positionals[0] === 'pay') {
  const invoiceId = positionals[1];
  if (!invoiceId) fail('Say which invoice: npm run simulate -- pay <invoice number> (the Faturas page shows it).');
  const { payWithSimulator } = await import('./simulate-payment');
  const apiUrl = options.api ?? (stage === 'local' ? `http://127.0.0.1:${portsFromEnv().http}` : fail('Give the stage\'s API address with --api <url>.'));
  const answer = await payWithSimulator({ apiUrl, companyId, invoiceId }).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
  if (answer.status !== 200) fail(`The API refused the payment (${answer.status}): ${JSON.stringify(answer.body)}`);
  process.stdout.write(`Paid invoice ${invoiceId}: ${JSON.stringify(answer.body)}.\n`);
  process.exit(0);
}

const connections = (await listConnections(companyId)).filter((connection) => connection.provider === 'simulator' || connection.provider === 'cloud');
const connection = options.connection
  ? connections.find((candidate) => candidate.id === options.connection || candidate.name === options.connection)
  : connections.length === 1
    ? connections[0]
    : undefined;
if (!connection) {
  fail(
    connections.length === 0
      ? 'The company has no connection with the simulator or Cloud API provider: create one on the Connections page first.'
      : `Say which connection with --connection: ${connections.map((candidate) => candidate.name).join(', ')}.`,
  );
}

const from = (): string => {
  const digits = (options.from ?? '').replace(/\D/g, '');
  if (!/^\d{8,20}$/.test(digits)) fail('Give the contact with --from <number> (8 to 20 digits, e.g. 5511999990001).');
  return digits;
};
if (connection.provider === 'cloud') {
  if (stage !== 'local') fail('A Cloud API connection talks to Meta on a deployed stage; its customers are simulated with `npm start` only.');
  const phoneNumberId = connection.cloudPhoneNumberId;
  if (!phoneNumberId) fail(`${connection.name} has no phone number id: fill in its Cloud API values first (npm run simulate -- cloud-account).`);
  const { runCloudCommand } = await import('./simulate-cloud');
  const output = await runCloudCommand(positionals[0], options, { connectionName: connection.name, phoneNumberId, from }).catch((error: unknown) =>
    fail(error instanceof Error ? error.message : String(error)),
  );
  process.stdout.write(output);
  process.exit(0);
}

const put = (event: Parameters<typeof simulator.putSimulatedInbound>[3]) => simulator.putSimulatedInbound(companyId, connection.id, ulid(), event);
const newMessageId = () => `SIMIN${ulid()}`;

switch (positionals[0]) {
  case 'scan': {
    if (connection.status !== 'qrcode' || !connection.qrcode) fail(`${connection.name} shows no QR code now (status ${connection.status}); start its session first.`);
    const phone = (options.phone ?? `5511${String(Date.now()).slice(-9)}`).replace(/\D/g, '');
    await simulator.putSimulatedScan(companyId, connection.id, connection.qrcode, phone);
    process.stdout.write(`Scanned the QR code of ${connection.name} with the simulated phone ${phone}.\n`);
    break;
  }
  case 'pair': {
    if (connection.status !== 'qrcode' || !connection.pairingCode) fail(`${connection.name} shows no pairing code now (status ${connection.status}); ask for one on the Connections page first.`);
    if (!options.code) fail('Give the code the page shows with --code <code>.');
    await simulator.putSimulatedPairingCodeEntry(companyId, connection.id, options.code);
    process.stdout.write(`Entered the pairing code on the phone linked to ${connection.name}.\n`);
    break;
  }
  case 'send': {
    const whatsappMessageId = newMessageId();
    const common = { kind: 'message' as const, from: from(), name: options.name ?? '', whatsappMessageId, ...(options.reply ? { quotedWhatsappMessageId: options.reply } : {}) };
    if (options.file) {
      const bytes = await readFile(options.file);
      if (bytes.length > simulator.SIMULATED_MEDIA_MAX_BYTES) fail(`The simulator carries files up to ${simulator.SIMULATED_MEDIA_MAX_BYTES / 1024} KB.`);
      const fileName = basename(options.file);
      const mimeType = contentTypeOf(sniffMediaType(bytes), fileName);
      await put({ ...common, mediaType: mediaTypeOf(mimeType), body: options.text ?? '', media: { fileName, mimeType, dataBase64: bytes.toString('base64') } });
    } else if (options.location) {
      const [latitude, longitude, ...description] = options.location.split(',');
      await put({ ...common, mediaType: 'locationMessage', body: locationBody({ latitude: Number(latitude), longitude: Number(longitude), description: description.join(',').trim() }) });
    } else if (options.vcard) {
      const [name = '', number = ''] = options.vcard.split(':');
      await put({ ...common, mediaType: 'vcard', body: vcardBody({ name, number: number.replace(/\D/g, '') }) });
    } else {
      if (!options.text) fail('Say what the contact writes with --text, or send --file, --location or --vcard.');
      await put({ ...common, mediaType: 'chat', body: options.text });
    }
    process.stdout.write(`Sent ${whatsappMessageId} from ${common.from} to ${connection.name}.\n`);
    break;
  }
  case 'edit':
    if (!options.id || !options.text) fail('edit needs --id and --text.');
    await put({ kind: 'edit', from: from(), whatsappMessageId: options.id, body: options.text });
    break;
  case 'delete':
    if (!options.id) fail('delete needs --id.');
    await put({ kind: 'revoke', from: from(), whatsappMessageId: options.id });
    break;
  case 'call':
    await put({ kind: 'call', from: from(), callId: `SIMCALL${ulid()}`, isVideo: options.video });
    break;
  case 'read': {
    const number = from();
    const ids = (await simulator.listSimulatedOutbound(companyId, connection.id))
      .filter((record) => record.to === number && record.readReceiptsFor.length === 0 && record.ack < 4)
      .map((record) => record.whatsappMessageId);
    if (ids.length > 0) await put({ kind: 'read', from: number, whatsappMessageIds: ids.slice(-100) });
    process.stdout.write(`${ids.length} message(s) read by ${number}.\n`);
    break;
  }
  case 'outbox':
    for (const record of await simulator.listSimulatedOutbound(companyId, connection.id)) {
      const what = record.readReceiptsFor.length > 0 ? `read receipt for ${record.readReceiptsFor.length}` : `${record.mediaType}${record.fileName ? ` ${record.fileName}` : ''}: ${record.body}`;
      process.stdout.write(`${record.sentAt}  to ${record.to}  ack ${record.ack}${record.deleted ? ' (deleted)' : ''}  ${record.whatsappMessageId}  ${what}\n`);
    }
    break;
  default:
    fail('Commands: scan, pair, send, edit, delete, call, read, outbox, pay; on a Cloud API connection also advance; cloud-account (see scripts/simulate.ts).');
}
