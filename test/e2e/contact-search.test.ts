/**
 * The contact picker the new-ticket dialog and the schedule dialog share (web/src/components/
 * ContactSearch.tsx) in the browser: three letters of a name find the contact, listed with its number;
 * picking it in the new-ticket dialog opens its ticket; a name nobody has says that no contact was found;
 * the schedule dialog finds and picks the same contact.
 */
import type { Page } from 'playwright-core';
import { shows, startWebCloud, type WebCloud } from './support/browser';
import { conversation, ticketList } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880501', name: 'Gilberto Buscado' };

let web: WebCloud;
let whatsapp: DemoWhatsApp;
let page: Page;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  // Through the API before the browser signs the admin in, which ends the API's session.
  const created = await web.cloud.api('/contacts', { method: 'POST', token: whatsapp.token, body: { name: CUSTOMER.name, number: `+${CUSTOMER.number}` } });
  if (created.status !== 201) throw new Error(`POST /contacts answered ${created.status}: ${JSON.stringify(created.body)}`);
  page = await web.newPage({ signedIn: true });
}, 120_000);

afterAll(async () => {
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

const found = (name: string) => page.getByRole('option', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

it('finds a contact in the new-ticket dialog from three letters of its name, and opens its ticket', async () => {
  await page.goto('/tickets');
  await (await shows(ticketList(page).getByRole('button', { name: 'Novo', exact: true }))).click();
  const dialog = await shows(page.getByRole('dialog', { name: 'Novo atendimento' }));
  const contact = dialog.getByRole('combobox', { name: 'Contato' });

  // Typed as a user types: Fluent's combobox opens its list on keystrokes.
  await contact.pressSequentially('Zzqx');
  await shows(page.getByRole('option', { name: 'Nenhum contato encontrado' }));

  await contact.fill('');
  await contact.pressSequentially('Gil');
  await (await shows(found(CUSTOMER.name))).click();
  expect(await contact.inputValue()).toBe(CUSTOMER.name);

  await dialog.getByRole('button', { name: 'Abrir atendimento' }).click();
  await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  await shows(conversation(page, CUSTOMER.name));
});

it('finds and picks the same contact in the schedule dialog', async () => {
  await page.goto('/schedules');
  await (await shows(page.getByRole('button', { name: 'Novo agendamento' }))).click();
  const dialog = await shows(page.getByRole('dialog', { name: 'Novo agendamento' }));
  const contact = dialog.getByRole('combobox', { name: 'Contato' });

  await contact.pressSequentially('Gilb');
  await (await shows(found(CUSTOMER.name))).click();
  expect(await contact.inputValue()).toBe(CUSTOMER.name);
  // Picked: the search is over, so nothing is being looked up and no option says that none was found.
  expect(await page.getByRole('option', { name: 'Nenhum contato encontrado' }).count()).toBe(0);
});
