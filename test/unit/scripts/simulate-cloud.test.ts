/**
 * `npm run simulate` on a Cloud API connection (scripts/simulate-cloud.ts): the customer's message built
 * from the command line, and the commands against a Graph API simulator of the test's own.
 */
import { DEMO_CLOUD_ACCOUNT, startGraphSimulator, type GraphSimulator } from '../../../infra/local/graph-simulator';
import { cloudAccountCommand, customerMessageBody, runCloudCommand } from '../../../scripts/simulate-cloud';
import { parseSimulateArgs } from '../../../scripts/simulate-args';

const optionsOf = (args: string[]) => parseSimulateArgs(args).values;
const FROM = '5511988887777';

describe('npm run simulate on a Cloud API connection', () => {
  let simulator: GraphSimulator | undefined;
  afterEach(async () => {
    await simulator?.stop();
    simulator = undefined;
  });

  test('a photo goes as an image with the text as its caption; a WebP as a sticker without one', () => {
    const file = { bytes: Buffer.from('bytes'), fileName: 'foto.jpg', mimeType: 'image/jpeg' };

    const photo = customerMessageBody(FROM, optionsOf(['send', '--text', 'legenda', '--name', 'Maria']), file);
    const sticker = customerMessageBody(FROM, optionsOf(['send', '--text', 'legenda']), { ...file, fileName: 'a.webp', mimeType: 'image/webp' });

    expect(photo).toEqual({ from: FROM, name: 'Maria', text: 'legenda', image: { base64: Buffer.from('bytes').toString('base64'), mime: 'image/jpeg', filename: 'foto.jpg' } });
    expect(sticker).toEqual({ from: FROM, sticker: expect.objectContaining({ mime: 'image/webp' }) });
  });

  test('a place, a contact card and a reply are written as the control API takes them', () => {
    const place = customerMessageBody(FROM, optionsOf(['send', '--location', '-23.55,-46.63,Av. Paulista, 1000']), undefined);
    const card = customerMessageBody(FROM, optionsOf(['send', '--vcard', 'Ana:+55 11 91111-2222', '--reply', 'wamid.ABC']), undefined);

    expect(place).toEqual({ from: FROM, location: { latitude: -23.55, longitude: -46.63, name: 'Av. Paulista, 1000' } });
    expect(card).toEqual({ from: FROM, replyTo: 'wamid.ABC', contacts: [{ name: 'Ana', phone: '5511911112222' }] });
    expect(() => customerMessageBody(FROM, optionsOf(['send']), undefined)).toThrow(/--text/);
  });

  test("cloud-account prints the demo account's four values, and --new a new account's", async () => {
    simulator = await startGraphSimulator({ port: 0 });

    const demo = await cloudAccountCommand(optionsOf(['cloud-account']), simulator.endpoint);
    const created = await cloudAccountCommand(optionsOf(['cloud-account', '--new']), simulator.endpoint);

    for (const value of [DEMO_CLOUD_ACCOUNT.phoneNumberId, DEMO_CLOUD_ACCOUNT.wabaId, DEMO_CLOUD_ACCOUNT.accessToken, DEMO_CLOUD_ACCOUNT.appSecret]) expect(demo).toContain(value);
    expect(created).toMatch(/Phone number ID\s+1\d{14}\n/);
    expect(created).not.toContain(DEMO_CLOUD_ACCOUNT.accessToken);
  });

  test("advance moves the account's clock, outbox lists nothing yet, and a message waits for the connection's subscription", async () => {
    simulator = await startGraphSimulator({ port: 0 });
    const context = { connectionName: 'Cloud', phoneNumberId: DEMO_CLOUD_ACCOUNT.phoneNumberId, from: () => FROM, baseUrl: simulator.endpoint };

    const advanced = await runCloudCommand('advance', optionsOf(['advance', '--hours', '25']), context);
    const outbox = await runCloudCommand('outbox', optionsOf(['outbox']), context);
    const send = runCloudCommand('send', optionsOf(['send', '--text', 'Oi']), context);

    const now = /now reads (\S+)\.$/.exec(advanced.trim())?.[1] ?? '';
    expect(Date.parse(now) - Date.now()).toBeGreaterThan(24.9 * 3_600_000);
    expect(outbox).toBe('');
    await expect(send).rejects.toThrow(/refused \(409\).*Tentar novamente/);
    await expect(runCloudCommand('call', optionsOf(['call']), context)).rejects.toThrow(/On a Cloud API connection/);
  });
});
