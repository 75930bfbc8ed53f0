/**
 * The ticket workspace reads its lists while its realtime joins are on their way: a ticket created in
 * between comes as no event, so the page reads its lists again once the server answers that their
 * rooms are joined, on the first join and on the rejoin after a reconnect. The test stands between the
 * page and the WebSocket API (support/realtime.ts) and holds the joins, so the ticket is created in
 * that gap every time.
 */
import type { Page } from 'playwright-core';
import { shows, startWebCloud, until, type WebCloud } from './support/browser';
import { routeRealtime } from './support/realtime';
import { listTab, listedTicket, ticketList } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';

/** The workspace's rooms: the three status lists, and the notifications of the shell. */
const WORKSPACE_JOINS = 4;

let web: WebCloud;
let whatsapp: DemoWhatsApp;
/**
 * A second admin's token, to ask the API what exists: the demo admin's own API token ends when the
 * browser signs the demo admin in (one session per user), and signing in again would end the page's.
 */
let observerToken: string;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web.cloud);
  const observer = { name: 'Observadora', email: 'observer@demo.test', password: 'Observer@1234', profile: 'admin', queueIds: [] };
  const created = await web.cloud.api('/users', { method: 'POST', token: whatsapp.token, body: observer });
  if (created.status !== 201) throw new Error(`POST /users answered ${created.status}: ${JSON.stringify(created.body)}`);
  observerToken = (await web.cloud.signIn(observer.email, observer.password)).accessToken;
});

afterEach(async () => {
  await web?.closePages();
});

afterAll(async () => {
  await whatsapp?.stop();
  await web?.stop();
});

/** Whether the server lists a pending ticket of the contact: it exists, whatever the page shows. */
async function pendingTicketOf(contactName: string): Promise<boolean> {
  const response = await web.cloud.api('/tickets?status=pending&showAll=true', { token: observerToken });
  if (response.status !== 200) throw new Error(`GET /tickets answered ${response.status}: ${JSON.stringify(response.body)}`);
  const tickets = response.body.tickets as { contact: { name: string } }[];
  return tickets.some((ticket) => ticket.contact.name === contactName);
}

/** The customer writes, and the ticket is stored, while the page hears nothing of it. */
async function ticketCreatedUnheard(page: Page, number: string, name: string): Promise<void> {
  await whatsapp.write(number, name, 'Olá, alguém aí?');
  await until(`the ticket of ${name}`, () => pendingTicketOf(name));
  // The page is in none of the rooms of the ticket: no event can have shown it.
  expect(await listedTicket(page, name).count()).toBe(0);
}

/** The Pending tab once its list is read: its tickets, or the empty notice. */
async function pendingListRead(page: Page): Promise<void> {
  await listTab(page, 'Aguardando').click();
  await shows(ticketList(page).getByRole('listitem').or(ticketList(page).getByText('Nada aqui!')).first());
}

describe('a ticket created while the page joins its rooms', () => {
  it('shows in the Pending tab once the joins are answered, without a reload', async () => {
    const page = await web.newPage({ signedIn: true });
    const realtime = await routeRealtime(page, web.cloud.config.wsUrl);
    realtime.hold();
    await page.goto('/tickets');
    await pendingListRead(page);
    await until('the page to send its joins', async () => realtime.held() >= WORKSPACE_JOINS);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await ticketCreatedUnheard(page, '5511988880101', 'Carla Primeira');

    realtime.release();

    await shows(listedTicket(page, 'Carla Primeira'));
    expect(realtime.joined()).toEqual(expect.arrayContaining(['tickets:pending', 'tickets:open', 'tickets:closed', 'notification']));
    expect(loads).toEqual([]);
  });

  it('shows in the Pending tab once the rejoins after a reconnect are answered, without a reload', async () => {
    const page = await web.newPage({ signedIn: true });
    const realtime = await routeRealtime(page, web.cloud.config.wsUrl);
    await page.goto('/tickets');
    await pendingListRead(page);
    await until('the pending list joined', async () => realtime.joined().includes('tickets:pending'));
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    // The connection drops; the page reconnects by itself, and its rejoins are held.
    realtime.hold();
    const answeredBefore = realtime.joined().length;
    await realtime.drop();
    await until('the page to send its rejoins', async () => realtime.held() >= WORKSPACE_JOINS);
    await ticketCreatedUnheard(page, '5511988880102', 'Diego Segundo');

    realtime.release();

    await shows(listedTicket(page, 'Diego Segundo'));
    expect(realtime.joined().slice(answeredBefore)).toContain('tickets:pending');
    expect(loads).toEqual([]);
  });
});
