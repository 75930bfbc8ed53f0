/**
 * Linking a connection by phone number on the local cloud (POST /whatsappsession/{id}/pairing-code,
 * core/connections/request-pairing-code.ts): the route's access, tenant and input rules and the command
 * it puts on the connection's shard queue; then, with the session host running the simulator, the
 * whole course: the 8-character code reaches the company's sockets with the qrcode status, the phone
 * enters it, and the connection is CONNECTED with the codes cleared.
 */
import { PAIRING_CODE_PATTERN } from '../../shared/connections';
import { shardOf } from '../../functions/core/sessions/commands';
import type { SessionHost } from '../../functions/sessions/host';
import { getSimulatedPhone, putSimulatedPairingCodeEntry } from '../../functions/sessions/stores/simulator';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { realtimeHarness } from '../support/realtime-client';
import { drainCommands } from '../support/session-commands';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { startSimulatorHost } from '../support/simulated-whatsapp';
import { until } from '../support/until';

const harness = realtimeHarness();
let cloud: TestCloud;
let a: Tenant;
let b: Tenant;
let user: SignedInUser;
let host: SessionHost | undefined;

beforeAll(async () => {
  cloud = await startTestCloud({ loadHandler: harness.loadHandler });
  a = await createTenant(cloud, { connections: 20 });
  b = await createTenant(cloud);
  user = await addUser(cloud, a, 'user', [a.queueId]);
});

afterAll(async () => {
  await host?.stop();
  await harness.closeAll();
  await ifAssigned(cloud)?.stop();
});

const createConnection = async (tenant: Tenant, name: string): Promise<string> => {
  const made = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name, provider: 'simulator' } });
  if (made.status !== 201) throw new Error(`POST /whatsapp answered ${made.status}: ${JSON.stringify(made.body)}`);
  return made.body.id;
};
const askCode = (token: string, id: string, body: unknown) => cloud.api(`/whatsappsession/${id}/pairing-code`, { method: 'POST', token, body });
const read = async (tenant: Tenant, id: string) => (await cloud.api(`/whatsapp/${id}`, { token: tenant.admin.token })).body;


describe('POST /whatsappsession/{id}/pairing-code', () => {
  it("answers the connection OPENING and puts a requestPairingCode command with the number's digits on its shard queue", async () => {
    const id = await createConnection(a, 'Por código');
    await drainCommands(cloud);

    const response = await askCode(a.admin.token, id, { number: '+55 (11) 98888-7777' });

    expect(response).toMatchObject({ status: 200, body: { id, status: 'OPENING', qrcode: '', pairingCode: '' } });
    expect(await drainCommands(cloud)).toEqual([
      {
        shard: shardOf(id),
        groupId: id,
        command: {
          type: 'requestPairingCode',
          provider: 'simulator',
          number: '5511988887777',
          companyId: a.companyId,
          whatsappId: id,
          commandId: expect.any(String),
          issuedAt: expect.any(String),
        },
      },
    ]);
  });

  it('refuses a plain user like the other session buttons, and enqueues nothing', async () => {
    const id = await createConnection(a, 'Só admin');
    await drainCommands(cloud);

    const response = await askCode(user.token, id, { number: '5511988887777' });

    expect(response).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await drainCommands(cloud)).toEqual([]);
    expect(await read(a, id)).toMatchObject({ status: 'DISCONNECTED' });
  });

  it("answers another company's connection as a missing one and leaves it as it was", async () => {
    const theirs = await createConnection(b, 'Deles');
    const before = await read(b, theirs);
    await drainCommands(cloud);

    const response = await askCode(a.admin.token, theirs, { number: '5511988887777', companyId: b.companyId });

    expect(response).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await read(b, theirs)).toEqual(before);
    expect(await drainCommands(cloud)).toEqual([]);
  });

  it.each([
    ['no number', {}, 'Required'],
    ['letters', { number: '55119888A7777' }, 'Invalid number'],
    ['too few digits', { number: '119888777' }, 'Invalid number'],
    ['too many digits', { number: '5511988887777123' }, 'Invalid number'],
  ])('refuses %s with ERR_VALIDATION on the number', async (_, body, message) => {
    const id = await createConnection(a, `Inválido ${message.length}${JSON.stringify(body).length}`);
    await drainCommands(cloud);

    const response = await askCode(a.admin.token, id, body);

    expect(response).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'number', message }] } });
    expect(await drainCommands(cloud)).toEqual([]);
  });
});

describe('linking a simulator connection by pairing code', () => {
  it('shows an 8-character code live with the qrcode status, pairs the phone that enters it and clears the codes', async () => {
    await drainCommands(cloud);
    host = startSimulatorHost();
    const id = await createConnection(a, 'Pareamento');
    const client = await harness.connect(cloud, a.admin.token);

    await askCode(a.admin.token, id, { number: '5511977776666' });
    const frame = await client.waitFor(
      (candidate) =>
        candidate.event === `company-${a.companyId}-whatsappSession` &&
        (candidate.data as { session: { id: string; pairingCode: string } }).session.id === id &&
        (candidate.data as { session: { pairingCode: string } }).session.pairingCode !== '',
    );
    const session = (frame.data as { session: { status: string; qrcode: string; pairingCode: string } }).session;
    expect(session.status).toBe('qrcode');
    expect(session.qrcode).not.toBe('');
    expect(session.pairingCode).toMatch(PAIRING_CODE_PATTERN);

    // As typed on a phone: lower case, with the dash WhatsApp shows in the middle.
    const typed = `${session.pairingCode.slice(0, 4)}-${session.pairingCode.slice(4)}`.toLowerCase();
    await putSimulatedPairingCodeEntry(a.companyId, id, typed);

    await until('CONNECTED', async () => (await read(a, id)).status === 'CONNECTED');
    expect(await read(a, id)).toMatchObject({ status: 'CONNECTED', qrcode: '', pairingCode: '' });
    expect(await getSimulatedPhone(a.companyId, id)).toBe('5511977776666');
    await client.close();
  });

  it('does not pair with a code other than the one shown', async () => {
    const id = await createConnection(a, 'Código errado');

    await askCode(a.admin.token, id, { number: '5511966665555' });
    const shown = await until('a pairing code', async () => {
      const connection = await read(a, id);
      return connection.pairingCode !== '' ? (connection.pairingCode as string) : undefined;
    });
    const wrong = shown === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    await putSimulatedPairingCodeEntry(a.companyId, id, wrong);
    await new Promise((resolve) => setTimeout(resolve, 400));

    expect(await read(a, id)).toMatchObject({ status: 'qrcode', pairingCode: shown });
    expect(await getSimulatedPhone(a.companyId, id)).toBeUndefined();
  });
});
