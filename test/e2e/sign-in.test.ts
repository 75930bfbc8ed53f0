/**
 * Signing in through the web app in a real browser: the demo admin's login form leads to the ticket
 * workspace.
 */
import { shows, startWebCloud, type WebCloud } from './support/browser';
import { ifAssigned } from '../support/teardown';

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud();
}, 120_000);

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

describe('signing in', () => {
  it('takes the demo admin from /login to the tickets', async () => {
    const page = await web.newPage();
    await page.goto('/login');

    await page.getByLabel('Email').fill(web.login.email);
    await page.getByLabel(/^Senha/).fill(web.login.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();

    await page.waitForURL('**/tickets');
    await shows(page.getByRole('tablist', { name: 'Listas de atendimentos' }));
    expect(new URL(page.url()).pathname).toBe('/tickets');
  });
});
