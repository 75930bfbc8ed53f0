/**
 * What the workspace says, and only that, on a wide (1366 px) and a phone-sized (360 px) screen: a
 * sign-in on another computer leaves the notice of it as the one message; Fluent's own buttons speak
 * Portuguese; a ticket of the list is named after its contact once; the page's icon is served; and a
 * notification opens its ticket at the same address as the list does.
 *
 * Every test signs the demo admin in through the form: a sign-in ends the earlier ones (one active
 * session per user), so a stored session would be refused after the test that signs in elsewhere.
 */
import type { Page } from 'playwright-core';
import { shows, signInThroughTheForm, startWebCloud, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { attendedTicket, listedTicket, ticketList } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880014', name: 'Beatriz Lima' };
const REPLACED_NOTICE = 'Sua conta foi acessada em outro computador.';
const EXPIRED_BANNER = 'Sua sessão expirou. Entre novamente.';

let web: WebCloud;
let whatsapp: DemoWhatsApp;
/** The customer's ticket, open with the demo admin. */
let ticketUuid: string;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  // Set up through the API before any browser signs in: a later sign-in ends the API's session.
  const ticket = await attendedTicket(web.cloud, whatsapp, CUSTOMER, 'Olá, bom dia!');
  ticketUuid = ticket.uuid;
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

const SCREENS = [
  ['1366 px', { width: 1366, height: 768 }],
  ['360 px', { width: 360, height: 740 }],
] as const;

describe.each(SCREENS)('on a %s wide screen', (_label, viewport) => {
  /** A fresh browser with the demo admin signed in through the form, on the tickets. */
  async function signedIn(): Promise<Page> {
    const page = await web.newPage({ viewport });
    await signInThroughTheForm(page, web.login);
    return page;
  }

  it('shows only the notice when the account signs in on another computer, not that the session expired', async () => {
    const page = await signedIn();
    await gotoListening(page, '/tickets', 'tickets:pending');

    await signInThroughTheForm(await web.newPage({ viewport }), web.login);

    // The toaster lists its notices, each named by its title.
    const notice = page.getByRole('listitem', { name: REPLACED_NOTICE });
    await shows(notice);
    await page.waitForURL('**/login');
    await shows(page.getByRole('button', { name: 'Entrar', exact: true }));
    expect(await notice.isVisible()).toBe(true);
    expect(await page.getByText(EXPIRED_BANNER).count()).toBe(0);
  });

  it("names Fluent's own buttons in Portuguese on the tickets page (search, filters, new ticket)", async () => {
    const page = await signedIn();
    const list = ticketList(page);
    await list.getByRole('tab', { name: 'Busca' }).click();
    await (await shows(list.getByRole('searchbox'))).fill('pedido');
    await shows(list.getByRole('button', { name: 'Limpar', exact: true }));
    const withSearch = await page.locator('body').ariaSnapshot();
    await list.getByRole('button', { name: 'Novo', exact: true }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Novo atendimento' }));
    await shows(dialog.getByRole('button', { name: /^Abrir Contato/ }));
    const withDialog = await page.locator('body').ariaSnapshot();

    // Fluent's English names: 'Clear selection', 'clear', 'Open' alone or before a field's label.
    for (const tree of [withSearch, withDialog]) expect(tree).not.toMatch(/"(?:Clear selection|clear|Open(?: [^"]*)?)"/);
  });

  it('names a ticket of the list after its contact once', async () => {
    const page = await signedIn();

    const item = await shows(listedTicket(page, CUSTOMER.name));

    // The snapshot names the item's first button, the one that opens the ticket: `button "<name>"`.
    const name = /button "([^"]*)"/.exec(await item.ariaSnapshot())?.[1] ?? '';
    expect(name).toContain(CUSTOMER.name);
    expect(name.split(CUSTOMER.name)).toHaveLength(2);
  });

  it('serves the page its icon: no 404 for /favicon.ico while the page loads', async () => {
    const page = await web.newPage({ viewport });
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });

    await page.goto('/login');
    await shows(page.getByRole('button', { name: 'Entrar', exact: true }));

    const icons = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    const answers = await Promise.all(['/favicon.ico', ...icons].map(async (url) => (await page.request.get(url)).status()));
    expect(icons.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(missing).toEqual([]);
  });

  it("opens a notified ticket at the address the list's item opens, /tickets/{uuid}", async () => {
    const page = await signedIn();
    await gotoListening(page, '/tickets', 'tickets:pending');
    await whatsapp.write(CUSTOMER.number, CUSTOMER.name, `Mais uma pergunta (${viewport.width} px)`);

    await (await shows(page.getByRole('button', { name: /^Notificações: 1 / }))).click();
    await (await shows(page.getByRole('dialog', { name: 'Notificações' }).getByRole('button', { name: new RegExp(CUSTOMER.name) }))).click();
    await page.waitForURL(`**/tickets/${ticketUuid}`);
    const fromNotification = new URL(page.url()).pathname;
    await page.goto('/tickets');
    await (await shows(listedTicket(page, CUSTOMER.name).getByRole('button', { name: new RegExp(CUSTOMER.name) }))).click();
    await page.waitForURL(/\/tickets\/[^/]+$/);
    const fromList = new URL(page.url()).pathname;

    expect(fromNotification).toBe(fromList);
    expect(fromList).toBe(`/tickets/${ticketUuid}`);
  });
});
