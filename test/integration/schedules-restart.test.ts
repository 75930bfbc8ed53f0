/**
 * A scheduled message that falls due while the local cloud is stopped goes out once it starts again
 * (docs/architecture.md §8: late rather than never): the local scheduler keeps its entries in the data
 * directory and fires the late ones on start, as EventBridge Scheduler delivers late within its retry
 * window. The cloud comes back on the same ports (the SDK clients of this process keep their endpoints)
 * and the same data directory, like `npm start` after a stop. Deliveries lost with the in-memory queue,
 * and sends cut off by a stop, are handed back by recover-scheduled-messages.ts, as `npm start` does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalPorts } from '../../infra/local/cloud';
import type { SessionHost } from '../../functions/sessions/host';
import { recoverScheduledMessages } from '../../functions/core/scheduled-messages/recover-scheduled-messages';
import { setScheduledMessageFields } from '../../functions/core/repositories/scheduled-messages';
import { contactOf } from './isolation/schedules';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { connectSimulated, createSimulatedConnection, sentTo, startSimulatorHost } from '../support/simulated-whatsapp';
import { until } from '../support/until';
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
  // As `npm start` does after the cloud is up: a stop slower than the 3 s to the send time (a busy
  // machine) lets the entry fire into the in-memory queue, which loses it; this hands it back.
  await recoverScheduledMessages({ orphanedBefore: new Date(restartedAt) });
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

it('hands lost deliveries back to the sender: an overdue PENDENTE schedule is sent once, one cut off mid-send ends ERRO', async () => {
  const running = cloud;
  if (running === undefined) throw new Error('the cloud of the test above is not running');
  const tenant = await createTenant(running);
  const connectionId = await createSimulatedConnection(running, tenant, 'Principal');
  await connectSimulated(running, tenant, connectionId, '5511900000031');
  const contact = await contactOf(running, tenant, 'Bruno Reis');
  const schedule = async (body: string) => {
    const created = await running.api('/schedules', {
      method: 'POST',
      token: tenant.admin.token,
      body: { body, contactId: contact.id, sendAt: new Date(Date.now() + 3_600_000).toISOString(), whatsappId: connectionId },
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; updatedAt: string };
  };
  // As left by a stop: one whose delivery sat in the in-memory queue, one whose sender was cut off.
  const lost = await schedule('Entrega perdida, {{name}}');
  const pastSendAt = new Date(Date.now() - 60_000).toISOString();
  expect(await setScheduledMessageFields(tenant.companyId, lost.id, { sendAt: pastSendAt }, {})).toBeDefined();
  const cut = await schedule('Envio interrompido');
  const longAgo = new Date(Date.now() - 600_000).toISOString();
  expect(await setScheduledMessageFields(tenant.companyId, cut.id, { status: 'AGENDADA', updatedAt: longAgo }, {})).toBeDefined();

  const recovered = await recoverScheduledMessages({ orphanedBefore: new Date(Date.now() - 60_000) });

  expect(recovered.rearmed).toBeGreaterThanOrEqual(1);
  const outbound = await until('the lost schedule at the phone', async () => {
    const messages = await sentTo(tenant.companyId, connectionId, contact.number);
    return messages.length > 0 ? messages : undefined;
  }, 1200);
  expect(outbound).toEqual([expect.objectContaining({ body: 'Entrega perdida, Bruno Reis' })]);
  const shown = (id: string) => running.api(`/schedules/${id}`, { token: tenant.admin.token }).then((answer) => answer.body);
  await until('the lost schedule to show as sent', async () => ((await shown(lost.id)).status === 'ENVIADA' ? true : undefined), 1200);
  expect(await shown(cut.id)).toMatchObject({ status: 'ERRO', error: 'ERR_SENDING_WAPP_MSG' });
  // A second pass finds nothing left to do, and the phone still has the one message.
  expect(await recoverScheduledMessages({ orphanedBefore: new Date(Date.now() - 60_000) })).toMatchObject({ failed: 0 });
  expect(await sentTo(tenant.companyId, connectionId, contact.number)).toHaveLength(1);
}, 120_000);
