/**
 * A scheduled message that falls due while the local cloud is stopped goes out once it starts again
 * (docs/architecture.md §8: late rather than never): the local scheduler keeps its entries in the data
 * directory and fires the late ones on start, as EventBridge Scheduler delivers late within its retry
 * window. The cloud comes back on the same ports (the SDK clients of this process keep their endpoints)
 * and the same data directory, like `npm start` after a stop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalPorts } from '../../infra/local/cloud';
import type { SessionHost } from '../../functions/sessions/host';
import { contactOf } from './isolation/schedules';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { connectSimulated, createSimulatedConnection, sentTo, startSimulatorHost, until } from '../support/simulated-whatsapp';
import { ifAssigned } from '../support/teardown';
import { createTenant, TEST_PASSWORD, type Tenant } from '../support/tenants';

let dataDir: string;
let cloud: TestCloud | undefined;
let host: SessionHost | undefined;

const portOf = (url: string): number => (url === '' ? 0 : Number(new URL(url).port));

function portsOf(running: TestCloud): LocalPorts {
  const { urls } = running;
  return {
    web: portOf(urls.web),
    http: portOf(urls.api),
    ws: portOf(urls.ws),
    dynamodb: portOf(urls.dynamodb),
    s3: portOf(urls.s3),
    sqs: portOf(urls.sqs),
    cognito: portOf(urls.cognito),
    scheduler: portOf(urls.scheduler),
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'atende-schedules-restart-'));
});

afterAll(async () => {
  await ifAssigned(host)?.stop();
  await ifAssigned(cloud)?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it('sends a schedule that fell due while the local cloud was stopped once the cloud is back, once', async () => {
  cloud = await startTestCloud({ dataDir });
  const first: TestCloud = cloud;
  const tenant: Tenant = await createTenant(first);
  host = startSimulatorHost();
  const connectionId = await createSimulatedConnection(first, tenant, 'Principal');
  await connectSimulated(first, tenant, connectionId, '5511900000030');
  const contact = await contactOf(first, tenant, 'Ana Lima');
  const sendAt = new Date(Date.now() + 3_000);
  const created = await first.api('/schedules', {
    method: 'POST',
    token: tenant.admin.token,
    body: { body: 'Seu pedido chega hoje, {{name}}', contactId: contact.id, sendAt: sendAt.toISOString(), whatsappId: connectionId },
  });
  expect(created.status).toBe(201);

  const ports = portsOf(first);
  await host.stop();
  host = undefined;
  await first.stop();
  cloud = undefined;
  // Stopped past the send time: nothing could fire meanwhile.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, sendAt.getTime() + 1_500 - Date.now())));
  const restartedAt = Date.now();
  cloud = await startTestCloud({ dataDir, ports, seed: false });
  const second: TestCloud = cloud;
  host = startSimulatorHost();
  const { accessToken } = await second.signIn(tenant.admin.email, TEST_PASSWORD);

  const sent = await until(
    'the late schedule to be sent',
    async () => {
      const current = (await second.api(`/schedules/${created.body.id}`, { token: accessToken })).body;
      return current.status === 'ENVIADA' || current.status === 'ERRO' ? current : undefined;
    },
    1200,
  );
  expect(sent).toMatchObject({ status: 'ENVIADA', error: null });
  const outbound = await until('the phone to get it', async () => {
    const messages = await sentTo(tenant.companyId, connectionId, contact.number);
    return messages.length > 0 ? messages : undefined;
  }, 1200);
  expect(outbound).toEqual([expect.objectContaining({ body: 'Seu pedido chega hoje, Ana Lima' })]);
  expect(Date.parse(sent.sentAt)).toBeGreaterThanOrEqual(restartedAt);
}, 180_000);
