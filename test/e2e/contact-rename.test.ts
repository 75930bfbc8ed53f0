/**
 * A contact renamed in the conversation's drawer, several times in a row (issue 27, point 2): after each
 * save the drawer, the conversation's header and the ticket list show the new name at once, and keep
 * it while the tickets' copies of the contact catch up (the ticket-rows worker republishes the ticket)
 * and while the lists are read again, instead of going back to the name of the rename before. Reads of
 * the tickets answer late here, so a read answered before the worker's copies arrives after them.
 */
import type { Page } from 'playwright-core';
import { leaves, shows, startWebCloud, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { attendedTicket, conversation, listedTicket } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880027', name: 'Bruna Primeira' };
const NAMES = ['Bruna Segunda', 'Bruna Terceira', 'Bruna Quarta', 'Bruna Quinta', 'Bruna Sexta'];
/**
 * How late the ticket reads answer while the contact is renamed: a read the server answers before the
 * ticket-rows worker has written the new copies, and that reaches the page after the worker's event,
 * as on a slow network (the race of issue 27, made to happen on every rename).
 */
const SLOW_READ_MS = 1500;
/** Long enough for the worker's walk and any such read to have come back. */
const SETTLE_MS = SLOW_READ_MS + 1000;

let web: WebCloud;
let whatsapp: DemoWhatsApp;
let page: Page;
let ticketUuid: string;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  // Before the browser signs in: a later sign-in ends the API's session.
  ticketUuid = (await attendedTicket(web.cloud, whatsapp, CUSTOMER, 'Oi, tudo bem?')).uuid;
  page = await web.newPage({ signedIn: true });
});

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

/** Renames the contact of the ticket on screen through its drawer and closes the drawer. */
async function renameInDrawer(from: string, to: string): Promise<void> {
  await conversation(page, from).getByRole('button', { name: 'Dados do contato' }).last().click();
  const drawer = await shows(page.getByRole('dialog', { name: 'Dados do contato' }));
  await drawer.getByRole('button', { name: 'Editar contato' }).click();
  await drawer.getByRole('textbox', { name: /^Nome/ }).fill(to);
  await drawer.getByRole('button', { name: 'Salvar' }).click();
  // The drawer shows the saved contact, back in its details.
  await shows(drawer.getByRole('button', { name: 'Editar contato' }));
  await shows(drawer.getByText(to, { exact: true }));
  await drawer.getByRole('button', { name: 'Fechar' }).click();
  await leaves(drawer);
}

describe('a contact renamed several times in a row in the drawer', () => {
  it('shows each new name in the header and the list at once, and never the name of the rename before', async () => {
    await gotoListening(page, `/tickets/${ticketUuid}`, 'tickets:open');
    await shows(conversation(page, CUSTOMER.name));
    await shows(listedTicket(page, CUSTOMER.name));
    // From now on the lists and the ticket are read at once but answered late.
    await page.route(
      (url) => url.pathname === '/tickets' || /^\/tickets\/[^/]+$/.test(url.pathname),
      async (route) => {
        if (route.request().method() !== 'GET' || route.request().resourceType() !== 'fetch') return route.continue();
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, SLOW_READ_MS));
        await route.fulfill({ response });
      },
    );

    let current = CUSTOMER.name;
    for (const name of NAMES) {
      await renameInDrawer(current, name);
      // At once: no wait for the worker that rewrites the tickets' copies (the locators' own short wait aside).
      await shows(conversation(page, name));
      await shows(listedTicket(page, name));
      // And still so once the copies and the lists' reads have come back.
      await page.waitForTimeout(SETTLE_MS);
      expect(await conversation(page, name).isVisible()).toBe(true);
      expect(await listedTicket(page, name).isVisible()).toBe(true);
      expect(await listedTicket(page, current).count()).toBe(0);
      current = name;
    }
  });
});
