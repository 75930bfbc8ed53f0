/**
 * Accessibility of the main screens, checked by axe-core in the browser: no violation of impact
 * serious or critical on the login page, the ticket workspace with a conversation open (light and
 * dark theme) and the contacts page.
 */
import type { Page } from 'playwright-core';
import { seriousViolations, shows, startWebCloud, type WebCloud } from './support/browser';
import { attendedTicket, conversation } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880003', name: 'Ana Souza' };

let web: WebCloud;
let whatsapp: DemoWhatsApp;
/** The uuid of the customer's ticket, open with the admin, with messages both ways. */
let ticketUuid: string;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  const ticket = await attendedTicket(web.cloud, whatsapp, CUSTOMER, 'Olá, preciso de ajuda com meu pedido.');
  const answered = await web.cloud.api(`/messages/${ticket.id}`, { method: 'POST', token: whatsapp.token, body: { body: 'Claro! Qual é o número do pedido?' } });
  expect(answered.status).toBeLessThan(300);
  ticketUuid = ticket.uuid;
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

/** The open conversation, its messages loaded. */
async function openTicket(page: Page): Promise<void> {
  await page.goto(`/tickets/${ticketUuid}`);
  const panel = await shows(conversation(page, CUSTOMER.name));
  await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText('Claro! Qual é o número do pedido?'));
}

describe('accessibility (axe-core, impact serious or critical)', () => {
  it('finds no violation on the login page', async () => {
    const page = await web.newPage();
    await page.goto('/login');
    await shows(page.getByRole('button', { name: 'Entrar', exact: true }));

    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds no violation on the tickets page with a conversation open, in the light theme', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'light' });
    await openTicket(page);

    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds no violation on the tickets page with a conversation open, in the dark theme', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'dark' });
    await openTicket(page);
    await shows(page.getByRole('button', { name: 'Usar tema claro' }));

    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds no violation on the contacts page', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/contacts');
    await shows(page.getByText(CUSTOMER.name));

    expect(await seriousViolations(page)).toEqual([]);
  });
});
