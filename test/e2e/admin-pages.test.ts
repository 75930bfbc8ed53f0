/**
 * The administration's pages opened by their address in a browser (spec 1 §2.1, §2.2; issue 25): a plain
 * user who types the address of any of them reads that the page is for administrators, in place of the
 * page and its company data (no list, no form, no switch to flip); the dashboard at / sends them on to
 * the tickets. The rule itself, page by page of the registry, is test/unit/web/app/page-access.test.ts.
 */
import { shows, signInThroughTheForm, startWebCloud, type WebCloud } from './support/browser';
import { ifAssigned } from '../support/teardown';

/** A plain user of the demo company (whose plan has every feature), made through the API. */
const AGENT = { name: 'Ivo Agente', email: 'ivo.agente@demo.test', password: 'Agente@1234' };

/** Spec 1 §2.1's admin pages and the rest of the menu's Administration section. */
const ADMIN_PAGES = [
  '/settings',
  '/queues',
  '/users',
  '/connections',
  '/files',
  '/financeiro',
  '/subscription',
  '/prompts',
  '/queue-integration',
  '/messages-api',
];

const NOTICE = 'Somente administradores acessam esta página.';

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud();
  const { accessToken: token } = await web.cloud.signIn(web.login.email, web.login.password);
  const created = await web.cloud.api('/users', { method: 'POST', token, body: { ...AGENT, profile: 'user' } });
  expect(created.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(web)?.stop();
});

describe('a plain user who types the address of a page of the administration', () => {
  it('reads on each that it is for administrators and sees nothing of the page; / sends them on to the tickets', async () => {
    const page = await web.newPage();
    await signInThroughTheForm(page, AGENT);

    for (const path of ADMIN_PAGES) {
      await page.goto(path);

      const main = page.getByRole('main');
      await shows(main.getByText(NOTICE));
      // The notice is all the page shows: none of the company's settings, queues, users or connections.
      expect([path, (await main.innerText()).trim()]).toEqual([path, NOTICE]);
      expect(new URL(page.url()).pathname).toBe(path);
    }

    await page.goto('/');
    await page.waitForURL('**/tickets');
  });
});
