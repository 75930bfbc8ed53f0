import { isReservedAddress, OutboundCallError, postOutbound, readAtMost } from '../../../functions/core/http/outbound-http';
import { ENV } from '../../../infra/resources/environment';
import { startFakeWebhook, type FakeWebhook } from '../../support/fake-integrations';

let server: FakeWebhook;

beforeAll(async () => {
  server = await startFakeWebhook({ status: 200, body: { text: 'ok' } });
});

afterAll(async () => {
  Reflect.deleteProperty(process.env, ENV.integrationPrivateHostsAllowed);
  await server.stop();
});

describe('an address a company typed', () => {
  it('may not name a private, loopback, link-local or reserved host', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
      expect([address, isReservedAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['8.8.8.8', '200.147.3.157', '2800:3f0:4001:80a::200e', '::ffff:8.8.8.8']) {
      expect([address, isReservedAddress(address)]).toEqual([address, false]);
    }
  });

  it('is refused before any request when it resolves to such a host, unless the stage allows private hosts', async () => {
    Reflect.deleteProperty(process.env, ENV.integrationPrivateHostsAllowed);
    const refused = postOutbound('webhook', `${server.url}/hook`, '{}', {}, { publicOnly: true });
    await expect(refused).rejects.toBeInstanceOf(OutboundCallError);
    await expect(refused).rejects.toMatchObject({ status: null, message: 'webhook: host not allowed (a private or reserved address)' });
    await expect(postOutbound('webhook', 'http://localhost:1/hook', '{}', {}, { publicOnly: true })).rejects.toMatchObject({ status: null });
    expect(server.requests).toHaveLength(0);

    process.env[ENV.integrationPrivateHostsAllowed] = 'true';
    expect(await postOutbound('webhook', `${server.url}/hook`, '{}', {}, { publicOnly: true })).toMatchObject({ status: 200, text: '{"text":"ok"}' });
  });

  it('does not follow redirects', async () => {
    process.env[ENV.integrationPrivateHostsAllowed] = 'true';
    server.answerWith([{ status: 302, body: '' }]);
    await expect(postOutbound('webhook', `${server.url}/hook`, '{}', {}, { publicOnly: true })).rejects.toMatchObject({
      message: 'webhook: redirected (redirects are not followed)',
    });
  });
});

describe('an answer read with a bound', () => {
  /** A body that sends `chunks` and then, when told, fails instead of ending. */
  const streamed = (chunks: readonly string[], fails = false) => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        if (fails) controller.error(new Error('connection reset'));
        else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    return { response: new Response(body), cancelled: () => cancelled };
  };

  it('is the whole body when it stays within the bound, however it is cut into chunks', async () => {
    const read = await readAtMost(streamed(['olá, ', 'mundo']).response, 12);
    expect(read).toBeInstanceOf(Buffer);
    expect(read.toString()).toBe('olá, mundo');
    expect(await readAtMost(new Response(null), 1)).toEqual(Buffer.alloc(0));
  });

  it('stops past the bound and cancels the rest unread', async () => {
    const body = streamed(['12345', '67890', 'never read']);
    expect(await readAtMost(body.response, 9)).toBe('too big');
    expect(body.cancelled()).toBe(true);
  });

  it('says the body was cut short when its stream fails', async () => {
    expect(await readAtMost(streamed(['123'], true).response, 100)).toBe('cut short');
  });
});
