/**
 * A WhatsApp connection of the demo company on the simulator, for the browser tests: the session host
 * runs in-process with the simulator provider (as in test/integration/whatsapp-inbound.test.ts), the
 * connection is started and its QR code scanned through the simulator; simulated customers then write
 * to it and what the agents send arrives at their simulated phones.
 */
import { ulid } from 'ulid';
import { listSimulatedOutbound, putSimulatedInbound, putSimulatedScan, type SimulatedOutbound } from '../../../functions/sessions/stores/simulator';
import type { SessionHost } from '../../../functions/sessions/host';
import { until, type WebCloud } from './browser';
import { startSimulatorHost } from '../../support/simulated-whatsapp';

export interface DemoWhatsApp {
  /** The demo admin's access token, for setting things up through the API. */
  readonly token: string;
  readonly companyId: string;
  readonly connectionId: string;
  /** A simulated customer writes to the connection. */
  write(from: string, name: string, body: string): Promise<void>;
  /** The messages the session sent to that number so far (not its read receipts). */
  sentTo(number: string): Promise<SimulatedOutbound[]>;
  stop(): Promise<void>;
}

/**
 * The connection 'Simulado' of the demo company, CONNECTED, with the queue Atendimento alone (so a new
 * ticket lands there without a bot menu), and a second queue Financeiro to transfer tickets to.
 */
export async function connectDemoWhatsApp({ cloud, login }: Pick<WebCloud, 'cloud' | 'login'>): Promise<DemoWhatsApp> {
  const { accessToken: token } = await cloud.signIn(login.email, login.password);
  const me = await cloud.api('/auth/me', { token });
  const companyId: string = me.body.company.id;
  const queues = (await cloud.api('/queue', { token })).body as { id: string; name: string }[];
  const first = queues.find((queue) => queue.name === 'Atendimento');
  if (!first) throw new Error('the demo company has no queue Atendimento');
  const second = await cloud.api('/queue', { method: 'POST', token, body: { name: 'Financeiro', color: '#1d4ed8', greetingMessage: 'Financeiro, em que podemos ajudar?' } });
  if (second.status !== 201 && second.status !== 200) throw new Error(`POST /queue answered ${second.status}: ${JSON.stringify(second.body)}`);

  const created = await cloud.api('/whatsapp', { method: 'POST', token, body: { name: 'Simulado', provider: 'simulator', greetingMessage: '', queueIds: [first.id] } });
  if (created.status !== 201) throw new Error(`POST /whatsapp answered ${created.status}: ${JSON.stringify(created.body)}`);
  const connectionId: string = created.body.id;

  const host: SessionHost = startSimulatorHost();
  try {
    const connection = async () => (await cloud.api(`/whatsapp/${connectionId}`, { token })).body as { status: string; qrcode: string };
    const started = await cloud.api(`/whatsappsession/${connectionId}`, { method: 'POST', token });
    if (started.status !== 200) throw new Error(`POST /whatsappsession answered ${started.status}`);
    const qr = await until('a QR code', async () => {
      const current = await connection();
      return current.status === 'qrcode' ? current.qrcode : undefined;
    });
    await putSimulatedScan(companyId, connectionId, qr, '5511900000001');
    await until('CONNECTED', async () => (await connection()).status === 'CONNECTED');
  } catch (error) {
    await host.stop();
    throw error;
  }

  return {
    token,
    companyId,
    connectionId,
    write: (from, name, body) =>
      putSimulatedInbound(companyId, connectionId, ulid(), { kind: 'message', from, name, whatsappMessageId: `E${ulid()}`, mediaType: 'chat', body }),
    sentTo: async (number) =>
      (await listSimulatedOutbound(companyId, connectionId)).filter((record) => record.to === number && record.readReceiptsFor.length === 0),
    stop: () => host.stop(),
  };
}
