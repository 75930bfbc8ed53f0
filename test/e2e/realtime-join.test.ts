/**
 * The ticket workspace reads its lists while its realtime joins are on their way: a ticket created in
 * between comes as no event, so the page reads its lists again once the server answers that their
 * rooms are joined, on the first join and on the rejoin after a reconnect. The test stands between the
 * page and the WebSocket API (support/realtime.ts) and holds the joins, so the ticket is created in
 * that gap every time.
 *
 * A colleague opens the tickets through the API: its only event is published before POST /tickets
 * answers, so once it has answered nothing more about the ticket is on its way (a customer writing
 * through WhatsApp is followed by greetings and delivery acks, whose later events would show the
 * ticket whether or not the page reads its lists again).
 */
import type { Page } from 'playwright-core';
import { shows, startWebCloud, until, type WebCloud } from './support/browser';
import { routeRealtime } from './support/realtime';
import { listTab, listedTicket, ticketList } from './support/tickets';
import { ifAssigned } from '../support/teardown';

/** The workspace's rooms: the three status lists, and the notifications of the shell. */
const WORKSPACE_JOINS = 4;

let web: WebCloud;
/**
 * A second admin of the demo company, who opens the tickets: the demo admin's own API token ends when
 * the browser signs the demo admin in (one session per user), and signing in again would end the page's.
 */
let colleagueToken: string;
let queueId: string;

beforeAll(async () => {
  web = await startWebCloud();
  const { accessToken: adminToken } = await web.cloud.signIn(web.login.email, web.login.password);
  const colleague = { name: 'Colega', email: 'colega@demo.test', password: 'Colega@1234', profile: 'admin', queueIds: [] };
  const created = await web.cloud.api('/users', { method: 'POST', token: adminToken, body: colleague });
  if (created.status !== 201) throw new Error(`POST /users answered ${created.status}: ${JSON.stringify(created.body)}`);
  colleagueToken = (await web.cloud.signIn(colleague.email, colleague.password)).accessToken;
  const queues = (await web.cloud.api('/queue', { token: colleagueToken })).body as { id: string; name: string }[];
  const queue = queues.find((candidate) => candidate.name === 'Atendimento');
  if (!queue) throw new Error('the demo company has no queue Atendimento');
  queueId = queue.id;
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

/** The colleague opens a pending ticket for a new contact, while the page hears nothing of it. */
async function ticketOpenedUnheard(page: Page, name: string, number: string): Promise<void> {
  const contact = await web.cloud.api('/contacts', { method: 'POST', token: colleagueToken, body: { name, number } });
  if (contact.status !== 201) throw new Error(`POST /contacts answered ${contact.status}: ${JSON.stringify(contact.body)}`);
  const ticket = await web.cloud.api('/tickets', { method: 'POST', token: colleagueToken, body: { contactId: contact.body.id, queueId, status: 'pending' } });
  if (ticket.status !== 201) throw new Error(`POST /tickets answered ${ticket.status}: ${JSON.stringify(ticket.body)}`);
  // The page is in none of the rooms of the ticket: its event did not reach it.
  expect(await listedTicket(page, name).count()).toBe(0);
}

/** The Pending tab once its list is read: its tickets, or the empty notice. */
async function pendingListRead(page: Page): Promise<void> {
  await listTab(page, 'Aguardando').click();
  await shows(ticketList(page).getByRole('listitem').or(ticketList(page).getByText('Nada aqui!')).first());
}

describe('a ticket opened while the page joins its rooms', () => {
  it('shows in the Pending tab once the joins are answered, without a reload', async () => {
    const page = await web.newPage({ signedIn: true });
    const realtime = await routeRealtime(page, web.cloud.config.wsUrl);
    realtime.hold();
    await page.goto('/tickets');
    await pendingListRead(page);
    await until('the page to send its joins', async () => realtime.held() >= WORKSPACE_JOINS);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await ticketOpenedUnheard(page, 'Carla Primeira', '5511988880101');

    realtime.release();

    await shows(listedTicket(page, 'Carla Primeira'));
    // The server answers the joins in any order: the pending list's may come before the others'.
    await until('every join answered', async () => realtime.joined().length >= WORKSPACE_JOINS);
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
    await ticketOpenedUnheard(page, 'Diego Segundo', '5511988880102');

    realtime.release();

    await shows(listedTicket(page, 'Diego Segundo'));
    expect(realtime.joined().slice(answeredBefore)).toContain('tickets:pending');
    expect(loads).toEqual([]);
  });
});
