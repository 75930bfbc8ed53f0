/**
 * The dashboard (/) in the browser: customers write through the simulator, the demo admin attends two
 * of them and finishes one, a third waits; the dashboard's cards show those counts, its attendants table
 * and charts show the admin's conversations, the filter counts one day per hour and asks for a parameter
 * when none is set, a plain user is sent to the tickets, a phone shows it without sideways scrolling,
 * and axe-core finds no serious or critical violation in the light and the dark theme.
 */
import type { Page } from 'playwright-core';
import { companyDay } from '../../shared/company-time';
import type { DashboardDto, TicketsDayDto, TicketsUsersDto } from '../../shared/dashboard';
import { seriousViolations, shows, signInThroughTheForm, startWebCloud, until, type WebCloud } from './support/browser';
import { attendedTicket } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const WAITING = { number: '5511988890001', name: 'Clara Espera' };
const ATTENDED = { number: '5511988890002', name: 'Diego Conversa' };
const FINISHED = { number: '5511988890003', name: 'Eva Finalizada' };
const USER = { name: 'Paula Usuária', email: 'paula.usuaria@demo.test', password: 'Usuaria@1234' };

let web: WebCloud;
let whatsapp: DemoWhatsApp;
/** The dashboard's default filter: this month up to today (company days). */
let monthQuery: string;
let before: DashboardDto;
let after: DashboardDto;
let ticketsCreated: TicketsDayDto;
/** Today's tickets, per hour. */
let ticketsToday: TicketsDayDto;
let conversationsPerUser: TicketsUsersDto;

const dashboard = async (query: string): Promise<DashboardDto> => (await web.cloud.api(`/dashboard?${query}`, { token: whatsapp.token })).body as DashboardDto;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  const today = companyDay(new Date());
  monthQuery = `date_from=${today.slice(0, 8)}01&date_to=${today}`;
  // Everything through the API before the demo admin signs in through the form, which ends this session.
  before = await dashboard(monthQuery);

  await attendedTicket(web.cloud, whatsapp, ATTENDED, 'Olá, quero falar com alguém.');
  const finished = await attendedTicket(web.cloud, whatsapp, FINISHED, 'Olá, já resolvi, obrigada.');
  const closed = await web.cloud.api(`/tickets/${finished.id}`, { method: 'PUT', token: whatsapp.token, body: { status: 'closed' } });
  expect(closed.status).toBe(200);
  await whatsapp.write(WAITING.number, WAITING.name, 'Olá, alguém pode me atender?');
  after = await until('the counters of the three tickets', async () => {
    const figures = await dashboard(monthQuery);
    return figures.counters.supportPending === before.counters.supportPending + 1 ? figures : undefined;
  });
  const month = `initialDate=${today.slice(0, 8)}01&finalDate=${today}`;
  ticketsCreated = (await web.cloud.api(`/dashboard/ticketsDay?${month}`, { token: whatsapp.token })).body as TicketsDayDto;
  ticketsToday = (await web.cloud.api(`/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`, { token: whatsapp.token })).body as TicketsDayDto;
  conversationsPerUser = (await web.cloud.api(`/dashboard/ticketsUsers?${month}`, { token: whatsapp.token })).body as TicketsUsersDto;

  const queues = (await web.cloud.api('/queue', { token: whatsapp.token })).body as { id: string }[];
  const user = await web.cloud.api('/users', { method: 'POST', token: whatsapp.token, body: { ...USER, profile: 'user', queueIds: queues.map((queue) => queue.id) } });
  expect(user.status).toBe(201);
  // Three customers' journeys through the simulator and the API: slower than one test's default on a busy machine.
}, 180_000);

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

/** A counter card by its title. */
const card = (page: Page, title: string) => page.getByRole('list', { name: 'Indicadores' }).getByRole('listitem').filter({ hasText: title });

/** Opens the dashboard and waits for its figures and both charts' titles. */
async function openDashboard(page: Page): Promise<void> {
  await page.goto('/');
  await shows(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
  await shows(page.getByRole('list', { name: 'Indicadores' }));
  await shows(page.getByRole('heading', { name: 'Total de conversas por usuário' }));
}

describe('the dashboard of an admin', () => {
  it('counts the tickets the test created in its cards', async () => {
    // What the three tickets did to the counters of the month: the test's own tickets, nothing else.
    expect(after.counters.supportHappening - before.counters.supportHappening).toBe(1);
    expect(after.counters.supportFinished - before.counters.supportFinished).toBe(1);
    expect(after.counters.newContacts - before.counters.newContacts).toBe(3);
    const page = await web.newPage({ signedIn: true });

    await openDashboard(page);

    const shown = async (title: string, value: number) => shows(card(page, title).getByText(String(value), { exact: true }));
    await shown('Em Conversa', after.counters.supportHappening);
    await shown('Aguardando', after.counters.supportPending);
    await shown('Finalizados', after.counters.supportFinished);
    await shown('Novos Contatos', after.counters.newContacts);
    await shows(card(page, 'T.M. de Conversa').getByText(/^\d+h \d+min$/));
    await shows(card(page, 'T.M. de Espera').getByText(/^\d+h \d+min$/));
  });

  it("lists the admin among the attendants, online, and charts the admin's conversations and the tickets of the month", async () => {
    const page = await web.newPage({ signedIn: true });

    await openDashboard(page);

    const attendants = page.getByRole('table', { name: 'Atendentes' });
    const admin = attendants.getByRole('row').filter({ hasText: 'Admin' });
    await shows(admin.getByText('Online'));
    const byUser = page.getByRole('region', { name: 'Total de conversas por usuário', exact: true });
    const adminConversations = conversationsPerUser.data.find((row) => row.nome === 'Admin')?.quantidade;
    // The attended and the finished ticket of this test are the admin's.
    expect(adminConversations).toBeGreaterThanOrEqual(2);
    await shows(byUser.getByText(`Total: ${conversationsPerUser.data.reduce((sum, row) => sum + row.quantidade, 0)}`));
    await shows(byUser.locator('svg rect').first());
    const oneDay = ticketsCreated.data.length > 0 && 'horario' in ticketsCreated.data[0]!;
    const byDay = page.getByRole('region', { name: oneDay ? 'Atendimentos por hora' : 'Atendimentos por dia', exact: true });
    await shows(byDay.getByText(`Total: ${ticketsCreated.count}`));
  });

  it('counts tickets per hour when the filter covers one day', async () => {
    const page = await web.newPage({ signedIn: true });
    await openDashboard(page);
    const today = companyDay(new Date());

    await page.getByLabel('Data inicial').fill(today);
    await page.getByLabel('Data final').fill(today);
    await page.getByRole('button', { name: 'Filtrar' }).click();

    const byHour = await shows(page.getByRole('region', { name: 'Atendimentos por hora', exact: true }));
    expect(ticketsToday.count).toBeGreaterThanOrEqual(3);
    await shows(byHour.getByText(`Total: ${ticketsToday.count}`));
    await shows(byHour.locator('svg rect').first());
  });

  it("says 'Parametrize o filtro' when the period is none", async () => {
    const page = await web.newPage({ signedIn: true });
    await openDashboard(page);

    await page.getByRole('combobox', { name: 'Tipo de filtro' }).click();
    await page.getByRole('option', { name: 'Filtro por período' }).click();
    await shows(page.getByRole('combobox', { name: 'Período' }));
    await page.getByRole('button', { name: 'Filtrar' }).click();

    // The toaster lists its notices, each named by its title.
    await shows(page.getByRole('listitem', { name: 'Parametrize o filtro' }));
  });

  it('fits a 390 px wide phone without scrolling sideways', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 390, height: 844 } });

    await openDashboard(page);
    await shows(page.getByRole('list', { name: 'Atendentes' }).getByText('Admin'));

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('the dashboard of a plain user', () => {
  it('is not shown: / sends the user to the tickets', async () => {
    const page = await web.newPage();
    await signInThroughTheForm(page, USER);

    await page.goto('/');

    await page.waitForURL('**/tickets');
    expect(await page.getByRole('list', { name: 'Indicadores' }).count()).toBe(0);
  });
});

describe('accessibility of the dashboard (axe-core, impact serious or critical)', () => {
  it('finds no violation in the light theme', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'light' });
    await openDashboard(page);
    await shows(page.getByRole('region', { name: 'Total de conversas por usuário', exact: true }).locator('svg rect').first());

    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds no violation in the dark theme', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'dark' });
    await openDashboard(page);
    await shows(page.getByRole('button', { name: 'Usar tema claro' }));
    await shows(page.getByRole('region', { name: 'Total de conversas por usuário', exact: true }).locator('svg rect').first());

    expect(await seriousViolations(page)).toEqual([]);
  });
});
