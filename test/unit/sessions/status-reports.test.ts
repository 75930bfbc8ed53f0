/**
 * A connection's status reports reach the table in the order the session host made them (shard-sessions.ts
 * report): made at once, a slow OPENING could land after the QR code that followed it, and the page then
 * waited for a QR code it had been given. The writes are a stand-in that takes longer for some reports;
 * DynamoDB (the shard's list of sessions) is mocked.
 */
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { SessionStatusReport } from '../../../functions/core/connections/session-status';
import type { SessionCommand } from '../../../functions/core/sessions/commands';
import type { ProviderSession, WhatsAppProvider } from '../../../functions/sessions/providers/provider';
import { ShardSessions } from '../../../functions/sessions/shard-sessions';
import { ENV } from '../../../infra/resources/environment';

process.env[ENV.tableName] = 'table-under-test';
process.env[ENV.simulatorEnabled] = 'true';

const command = (type: 'startSession' | 'requestQr'): SessionCommand => ({
  type,
  commandId: `${type}:W1`,
  companyId: 'C1',
  whatsappId: 'W1',
  issuedAt: '2030-01-02T03:04:05.000Z',
  provider: 'simulator',
});

/** A provider whose socket offers a QR code as soon as it opens. */
function qrAtOnce(): WhatsAppProvider {
  let opened = 0;
  return {
    name: 'simulator',
    clearPairing: () => Promise.resolve(),
    open(_context, listener) {
      opened += 1;
      listener.onQr(`QR-${opened}`);
      const socket: Partial<ProviderSession> = { close: () => Promise.resolve(), logout: () => Promise.resolve() };
      return Promise.resolve(socket as ProviderSession);
    },
  };
}

const ddb = mockClient(DynamoDBDocumentClient);
let sessions: ShardSessions | undefined;

beforeEach(() => {
  ddb.reset();
  ddb.on(PutCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
});

afterEach(async () => {
  await sessions?.close();
  sessions = undefined;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe("a connection's status reports", () => {
  test('are written in the order they were made, though the first write is the slowest', async () => {
    // Prepare
    const written: string[] = [];
    const report = async (_companyId: string, _whatsappId: string, status: SessionStatusReport) => {
      if (status.status === 'OPENING') await new Promise((resolve) => setTimeout(resolve, 50));
      written.push(status.status === 'qrcode' ? `qrcode ${status.qrcode}` : status.status);
    };
    sessions = new ShardSessions({ shard: 0, fencingToken: 1, providers: { simulator: qrAtOnce() }, report });

    // Act
    await sessions.handle(command('startSession'));
    await settle();

    // Assess
    expect(written).toEqual(['OPENING', 'qrcode QR-1']);
  });

  test("of a session asked for again follow the earlier session's, so its new QR code is the last one written", async () => {
    // Prepare
    const written: string[] = [];
    const report = async (_companyId: string, _whatsappId: string, status: SessionStatusReport) => {
      if (status.status === 'qrcode' && status.qrcode === 'QR-1') await new Promise((resolve) => setTimeout(resolve, 80));
      written.push(status.status === 'qrcode' ? `qrcode ${status.qrcode}` : status.status);
    };
    sessions = new ShardSessions({ shard: 0, fencingToken: 1, providers: { simulator: qrAtOnce() }, report });

    // Act
    await sessions.handle(command('startSession'));
    await sessions.handle(command('requestQr'));
    await settle();

    // Assess
    expect(written.at(-1)).toBe('qrcode QR-2');
    expect(written).toEqual(['OPENING', 'qrcode QR-1', 'OPENING', 'qrcode QR-2']);
  });
});
