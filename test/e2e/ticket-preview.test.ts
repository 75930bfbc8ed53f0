/**
 * What an agent sees of a new customer before and after accepting, on a desktop screen (1366 px) and
 * on a phone (360 px): the pending ticket's preview in the list is the customer's request, not the
 * greeting the connection answered with, and in the conversation that greeting carries the label
 * 'Mensagem automática' while the customer's message does not. The list item and the conversation's
 * header show the ticket's number as `#N`.
 */
import type { Page } from 'playwright-core';
import { shows, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { conversation, listTab, listedTicket } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';
import { getContactByNumber } from '../../functions/core/repositories/contacts';
import { ticketsOfContact } from '../../functions/core/repositories/contact-tickets';

const GREETING = 'Olá! Bem-vindo.';
const REQUEST = 'Preciso de ajuda com meu pedido';
const AUTOMATIC = 'Mensagem automática';

let web: WebCloud;
let whatsapp: DemoWhatsApp;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  const greeting = await web.cloud.api(`/whatsapp/${whatsapp.connectionId}`, { method: 'PUT', token: whatsapp.token, body: { greetingMessage: GREETING } });
  if (greeting.status !== 200) throw new Error(`PUT /whatsapp answered ${greeting.status}: ${JSON.stringify(greeting.body)}`);
});

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

/** The text of the message bubble that shows `text`: the nearest box around it that holds the time. */
const bubbleText = (page: Page, contactName: string, text: string): Promise<string> =>
  conversation(page, contactName)
    .getByRole('log', { name: 'Mensagens' })
    .getByText(text, { exact: true })
    .first()
    .evaluate((element) => {
      let box: Element | null = element;
      while (box !== null && box.querySelector('time') === null) box = box.parentElement;
      return box?.textContent ?? '';
    });

/** The number the server gave the customer's ticket, read from the table (the page's session ends the API's). */
async function storedTicketNumber(customerNumber: string): Promise<number> {
  const contact = await getContactByNumber(whatsapp.companyId, customerNumber);
  const [ticket] = contact ? await ticketsOfContact(whatsapp.companyId, contact.id, 1) : [];
  if (ticket?.number === undefined) throw new Error(`The ticket of ${customerNumber} has no number`);
  return ticket.number;
}

describe.each([
  { screen: 'desktop', width: 1366, height: 768, customer: { number: '5511988880101', name: 'Helena Prévia' } },
  { screen: 'phone', width: 360, height: 740, customer: { number: '5511988880102', name: 'Caio Prévia' } },
])('a new customer on a $screen screen ($width px)', ({ width, height, customer }) => {
  let page: Page;

  beforeAll(async () => {
    const phone = width < 600;
    page = await web.newPage({ signedIn: true, viewport: { width, height }, ...(phone ? { hasTouch: true, isMobile: true } : {}) });
  });

  it("shows the customer's request as the pending ticket's preview, not the greeting the connection answered with", async () => {
    await gotoListening(page, '/tickets', 'tickets:pending');
    await listTab(page, 'Aguardando').click();

    await whatsapp.write(customer.number, customer.name, REQUEST);

    const item = await shows(listedTicket(page, customer.name));
    // The greeting is on its way to the phone: its ticket update has been published before.
    await until('the greeting at the phone', async () => (await whatsapp.sentTo(customer.number)).some((sent) => sent.body === GREETING));
    await until('the request as the preview', async () => (await item.textContent())?.includes(REQUEST));
    expect(await item.textContent()).not.toContain(GREETING);
    await shows(item.getByText(`#${String(await storedTicketNumber(customer.number))}`, { exact: true }));
  });

  it("labels the greeting in the conversation as an automatic message, and not the customer's request", async () => {
    await listedTicket(page, customer.name).getByRole('button', { name: 'Aceitar' }).click();

    const panel = await shows(conversation(page, customer.name));
    await shows(panel.getByText(`#${String(await storedTicketNumber(customer.number))}`, { exact: true }));
    const log = panel.getByRole('log', { name: 'Mensagens' });
    await shows(log.getByText(GREETING, { exact: true }));
    expect(await bubbleText(page, customer.name, GREETING)).toContain(AUTOMATIC);
    expect(await bubbleText(page, customer.name, REQUEST)).not.toContain(AUTOMATIC);
  });
});
