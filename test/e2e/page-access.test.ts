/**
 * What the shell refuses in a real browser: a page the company's plan or the user's super flag does not
 * allow (spec 3 §2, §8: the permission toast, then / a second later), a session kept after the company's
 * due date has passed (spec 1 §4.4: the dated message and a way out), and where the side menu starts
 * expanded (spec 1 §2.2: above 1200 px).
 */
import type { Page } from 'playwright-core';
import { shows, startWebCloud, type WebCloud } from './support/browser';
import { ifAssigned } from '../support/teardown';

let web: WebCloud;
/** The admin (not a super user) of a company whose plan has every feature but the kanban. */
const admin = { email: 'gestora@semkanban.test', password: 'Gestora@1234' };
let companyId: string;
/**
 * The demo admin's (a super user) API token. A sign-in of the demo admin through the form takes over and
 * revokes it (one active sign-in per user), so the tests that use it run before the side-menu ones.
 */
let superToken: string;

beforeAll(async () => {
  web = await startWebCloud({ privateCloud: true });
  ({ accessToken: superToken } = await web.cloud.signIn(web.login.email, web.login.password));
  const plan = await web.cloud.api('/plans', { method: 'POST', token: superToken, body: { name: 'Sem kanban', users: 5, connections: 1, queues: 5, useKanban: false } });
  expect(plan.status).toBe(201);
  const company = await web.cloud.api('/companies', {
    method: 'POST',
    token: superToken,
    body: { name: 'Sem Kanban Ltda', email: admin.email, planId: plan.body.id, password: admin.password, dueDate: '2099-12-31' },
  });
  expect(company.status).toBe(201);
  companyId = company.body.id;
}, 120_000);

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

async function signInAsTheAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel(/^Senha/).fill(admin.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL('**/tickets');
}

const refusal = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';

describe('a page the company may not open', () => {
  it.each(['/kanban', '/announcements'])('says so on %s and goes to / a second later', async (path) => {
    const page = await web.newPage();
    await signInAsTheAdmin(page);

    await page.goto(path);

    await shows(page.getByText(refusal).first());
    expect(await page.getByText('Em breve').count()).toBe(0);
    await page.waitForURL((url) => url.pathname === '/');
    // The admin's dashboard: a page the plan allows shows as usual.
    await shows(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
  });

  it('opens a page the plan allows', async () => {
    const page = await web.newPage();
    await signInAsTheAdmin(page);

    await page.goto('/schedules');

    await shows(page.getByRole('heading', { name: /^Agendamentos \(\d+\)$/, level: 1 }));
    expect(new URL(page.url()).pathname).toBe('/schedules');
  });
});

describe('a session kept after the due date', () => {
  afterEach(async () => {
    await web.cloud.api(`/companies/${companyId}`, { method: 'PUT', token: superToken, body: { dueDate: '2099-12-31' } });
  });

  it('reads the dated expiry message and signs out from there', async () => {
    const page = await web.newPage();
    await signInAsTheAdmin(page);
    const expired = await web.cloud.api(`/companies/${companyId}`, { method: 'PUT', token: superToken, body: { dueDate: '2024-01-31' } });
    expect(expired.status).toBe(200);

    await page.reload();

    await shows(page.getByText('Opss! Sua assinatura venceu 31/01/2024. Entre em contato com o Suporte para mais informações!').first());
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.goto('/tickets');
    await page.waitForURL('**/login');
  });
});

describe('the side menu', () => {
  it.each([
    [1200, 'Expandir o menu'],
    [1201, 'Recolher o menu'],
  ])('at %i px wide starts with the button %s', async (width, toggle) => {
    const page = await web.newPage({ signedIn: true, viewport: { width, height: 800 } });

    await page.goto('/tickets');

    await shows(page.getByRole('banner').getByRole('button', { name: toggle }));
  });
});
