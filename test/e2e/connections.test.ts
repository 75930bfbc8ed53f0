/**
 * The connections page in the browser (spec 2 §2 Connections; checklist O-001, O-002, O-006, O-007,
 * C-211): the demo admin creates a simulator connection from the page and sees its API token once,
 * starts its session, opens the QR code dialog, and a simulated phone scans the code shown (as
 * test/e2e/support/whatsapp.ts and `npm run simulate -- scan` do); the row turns CONNECTED without a
 * reload and the dialog closes by itself. Then axe-core finds no serious or critical violation on the
 * page, in the light and in the dark theme.
 */
import type { Page } from 'playwright-core';
import { startSessionHost, type SessionHost } from '../../functions/sessions/host';
import { createSimulatorProvider } from '../../functions/sessions/providers/simulator/provider';
import { putSimulatedScan } from '../../functions/sessions/stores/simulator';
import { listConnections } from '../../functions/core/repositories/connections';
import { DEMO_LOGIN, leaves, seriousViolations, shows, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { ifAssigned } from '../support/teardown';

const NAME = 'Loja Centro';

let web: WebCloud;
let host: SessionHost;
let companyId: string;

beforeAll(async () => {
  web = await startWebCloud();
  // The session host in-process with the simulator, as the browser tests' demo WhatsApp runs it.
  host = startSessionHost({
    heartbeatMs: 200,
    leaseMs: 1500,
    commandWaitSeconds: 0,
    providers: { simulator: createSimulatorProvider({ pollMs: 40, qrIntervalMs: 60_000, deliveryDelayMs: 20 }) },
  });
  const { accessToken } = await web.cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password);
  companyId = (await web.cloud.api('/auth/me', { token: accessToken })).body.company.id;
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(host)?.stop();
  await ifAssigned(web)?.stop();
});

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/**
 * The connection named so, as stored now (read from the table as the simulate command does: an API
 * sign-in of the demo admin here would end the browser's session).
 */
async function connectionNamed(name: string) {
  return (await listConnections(companyId)).find((connection) => connection.name === name);
}

describe('the connections page', () => {
  it('creates a simulator connection, shows its QR code live, and turns CONNECTED when the phone scans it', async () => {
    const page = await web.newPage({ signedIn: true });
    await gotoListening(page, '/connections', 'notification');
    await shows(page.getByRole('heading', { name: 'Conexões', level: 1 }));

    // Create it from the page; its API token is shown once.
    await page.getByRole('button', { name: 'Adicionar WhatsApp' }).click();
    const form = await shows(page.getByRole('dialog', { name: 'Adicionar WhatsApp' }));
    await form.getByLabel('Nome').fill(NAME);
    await form.getByRole('combobox', { name: 'Provedor' }).click();
    await page.getByRole('option', { name: 'Simulador' }).click();
    await form.getByRole('button', { name: 'Salvar' }).click();
    const tokenDialog = await shows(page.getByRole('alertdialog', { name: 'Token da API' }));
    expect(await tokenDialog.getByRole('textbox', { name: 'Token' }).inputValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await tokenDialog.getByRole('button', { name: 'Fechar' }).click();
    await leaves(tokenDialog);

    const created = await shows(row(page, NAME));
    await shows(created.getByText('Desconectado'));

    // Start its session: OPENING, then the QR code button.
    await created.getByRole('button', { name: 'Tentar novamente' }).click();
    await created.getByRole('button', { name: 'QR CODE' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Leia o QR Code para iniciar a sessão' }));
    await shows(dialog.getByRole('img', { name: `QR Code da conexão ${NAME}` }));

    // A simulated phone scans the code the connection shows.
    const shown = await until('the QR code', async () => {
      const connection = await connectionNamed(NAME);
      return connection?.status === 'qrcode' && connection.qrcode !== '' ? connection : undefined;
    });
    await putSimulatedScan(companyId, shown.id, shown.qrcode, '5511900000077');

    await leaves(dialog);
    await shows(created.getByText('Conectado', { exact: true }));
    await shows(created.getByRole('button', { name: 'Desconectar' }));
  });

  it('finds no serious or critical accessibility violation on the page, in the light theme', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'light' });
    await page.goto('/connections');
    await shows(row(page, NAME));
    await shows(page.getByRole('button', { name: 'Usar tema escuro' }));

    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds no serious or critical accessibility violation on the page, in the dark theme', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'dark' });
    await page.goto('/connections');
    await shows(row(page, NAME));
    await shows(page.getByRole('button', { name: 'Usar tema claro' }));

    expect(await seriousViolations(page)).toEqual([]);
  });
});
