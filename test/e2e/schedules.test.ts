/**
 * The schedules page (/schedules) in the browser: from a contact's row on the contacts page, the
 * schedule dialog opens for that contact (`?contactId=`), with the send time one hour ahead; the agent
 * writes a message with a variable from the insert-variable menu, picks the connection and a time that
 * has come, saves; the simulated phone receives the message once with the contact's name filled in,
 * and the calendar's event opens as 'Mensagem Enviada' without its submit button.
 */
import type { Page } from 'playwright-core';
import { leaves, shows, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880401', name: 'Carla Agenda' };

let web: WebCloud;
let whatsapp: DemoWhatsApp;
let page: Page;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web.cloud);
  const created = await web.cloud.api('/contacts', { method: 'POST', token: whatsapp.token, body: { name: CUSTOMER.name, number: `+${CUSTOMER.number}` } });
  if (created.status !== 201) throw new Error(`POST /contacts answered ${created.status}: ${JSON.stringify(created.body)}`);
  page = await web.newPage({ signedIn: true });
}, 120_000);

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

it('schedules a message from a contact and shows it sent once the phone got it', async () => {
  await gotoListening(page, '/contacts', 'notification');
  await (await shows(page.getByRole('searchbox', { name: 'Pesquisar contatos' }))).fill(CUSTOMER.name);
  await (await shows(page.getByRole('button', { name: `Agendar mensagem para ${CUSTOMER.name}` }))).click();

  const dialog = await shows(page.getByRole('dialog', { name: 'Novo agendamento' }));
  expect(new URL(page.url()).pathname).toBe('/schedules');
  expect(await dialog.getByRole('combobox', { name: /^Contato/ }).inputValue()).toBe(CUSTOMER.name);
  const sendAt = dialog.getByLabel(/^Data e hora do envio/);
  const proposed = await sendAt.inputValue();
  const inAnHour = await page.evaluate(() => Date.now() + 60 * 60 * 1000);
  expect(Math.abs(new Date(proposed).getTime() - inAnHour)).toBeLessThan(2 * 60 * 1000);

  await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Seu pedido chega hoje, ');
  await dialog.getByRole('button', { name: 'Inserir variável' }).click();
  await page.getByRole('menuitem', { name: /Nome do contato/ }).click();
  await dialog.getByRole('combobox', { name: 'Conexão' }).click();
  await page.getByRole('option', { name: 'Simulado' }).click();
  // This very minute: due at once.
  const now = await page.evaluate(() => {
    const at = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
  await sendAt.fill(now);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await leaves(dialog);
  await shows(page.getByText('Agendamento salvo com sucesso!').first());

  const received = await until('the phone to get the message', async () => {
    const messages = await whatsapp.sentTo(CUSTOMER.number);
    return messages.length > 0 ? messages : undefined;
  });
  expect(received.map((message) => message.body)).toEqual([`Seu pedido chega hoje, ${CUSTOMER.name}`]);

  await (await shows(page.getByRole('button', { name: `Editar agendamento de ${CUSTOMER.name}` }))).click();
  const sent = await shows(page.getByRole('dialog', { name: 'Mensagem Enviada' }));
  expect(await sent.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
  await sent.getByRole('button', { name: 'Fechar' }).click();
  await leaves(sent);
  expect(await whatsapp.sentTo(CUSTOMER.number)).toHaveLength(1);
}, 180_000);
