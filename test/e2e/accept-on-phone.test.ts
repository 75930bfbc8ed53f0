/**
 * Accepting on a phone (390 x 844) in a company with fifty open tickets (issue 27, point 1): the
 * Assigned list has more tickets than one page, and 'Aceitar' on a pending ticket must open its
 * conversation in place of the list, as it does in a near-empty company; the agent then answers and
 * finishes the ticket there.
 */
import type { Page } from 'playwright-core';
import { shows, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { conversation, listTab, listedTicket, ticketList } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const OPEN_TICKETS = 50;
const CUSTOMER = { number: '5511977770027', name: 'Rita Aguardando' };
const SECOND = { number: '5511977770028', name: 'Caio Notificado' };
const ANSWER = 'Olá Rita, já vou verificar.';

let web: WebCloud;
let whatsapp: DemoWhatsApp;
let page: Page;

const narrowTab = (name: 'Ticket' | 'Atendimentos') => page.getByRole('tab', { name, exact: true });

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  const { token } = whatsapp;
  // Fifty open tickets of the demo admin, through the API (before the browser signs in: a later sign-in
  // ends the API's session), ten at a time.
  const numbers = Array.from({ length: OPEN_TICKETS }, (_, index) => index);
  for (let start = 0; start < numbers.length; start += 10) {
    await Promise.all(
      numbers.slice(start, start + 10).map(async (index) => {
        const contact = await web.cloud.api('/contacts', {
          method: 'POST',
          token,
          body: { name: `Cliente Aberto ${index + 1}`, number: `55119666${String(index).padStart(5, '0')}`, email: '', extraInfo: [] },
        });
        if (contact.status >= 300) throw new Error(`POST /contacts answered ${contact.status}: ${JSON.stringify(contact.body)}`);
        const ticket = await web.cloud.api('/tickets', { method: 'POST', token, body: { contactId: contact.body.id, status: 'open' } });
        if (ticket.status !== 201) throw new Error(`POST /tickets answered ${ticket.status}: ${JSON.stringify(ticket.body)}`);
      }),
    );
  }
  page = await web.newPage({ signedIn: true, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
}, 180_000);

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

describe('an agent on a phone in a company with fifty open tickets', () => {
  it('accepts a pending ticket and sees its conversation and the message box in place of the list', async () => {
    await gotoListening(page, '/tickets', 'tickets:pending');
    await shows(listedTicket(page, 'Cliente Aberto 50'));
    await listTab(page, 'Aguardando').click();
    await whatsapp.write(CUSTOMER.number, CUSTOMER.name, 'Preciso de ajuda');
    // The lists' next pages asked for from the accept on: none while the list is out of sight.
    const nextPages: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && /\/tickets\?.*cursor=/.test(request.url())) nextPages.push(request.url());
    });
    await listedTicket(page, CUSTOMER.name).getByRole('button', { name: 'Aceitar' }).click();

    const panel = await shows(conversation(page, CUSTOMER.name));
    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText('Preciso de ajuda', { exact: true }));
    await shows(panel.getByRole('textbox', { name: 'Mensagem' }));
    expect(await narrowTab('Ticket').getAttribute('aria-selected')).toBe('true');
    expect(await ticketList(page).isVisible()).toBe(false);
    // The hidden list, measured as 0 px tall, used to read every page of the fifty tickets.
    await page.waitForTimeout(1000);
    expect(nextPages).toEqual([]);
  });

  it('answers the customer, and the answer reaches their phone', async () => {
    const panel = conversation(page, CUSTOMER.name);
    const input = panel.getByRole('textbox', { name: 'Mensagem' });
    await input.fill(ANSWER);
    await input.press('Enter');

    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText(ANSWER));
    const atPhone = await until('the answer at the phone', async () => (await whatsapp.sentTo(CUSTOMER.number)).find((sent) => sent.body.endsWith(ANSWER)));
    expect(atPhone.body).toBe(`*Admin*:\n${ANSWER}`);
  });

  it('finishes the ticket from the conversation, and it shows among the closed ones', async () => {
    await conversation(page, CUSTOMER.name).getByRole('button', { name: 'Finalizar' }).click();

    await shows(ticketList(page));
    await listTab(page, 'Resolvidos').click();
    await shows(listedTicket(page, CUSTOMER.name).getByRole('button', { name: 'Reabrir' }));
  });

  it('opens the conversation when accepting, from the list, a pending ticket whose address is already on screen', async () => {
    await whatsapp.write(SECOND.number, SECOND.name, 'Alguém aí?');
    // The header's notification opens the pending ticket: its address, its conversation read-only.
    await (await shows(page.getByRole('button', { name: /^Notificações: 1 / }))).click();
    await (await shows(page.getByRole('dialog', { name: 'Notificações' }).getByRole('button', { name: new RegExp(SECOND.name) }))).click();
    await shows(conversation(page, SECOND.name));
    const address = new URL(page.url()).pathname;
    await conversation(page, SECOND.name).getByRole('button', { name: 'Voltar', exact: true }).click();
    await listTab(page, 'Abertos').click();
    await listTab(page, 'Aguardando').click();
    await listedTicket(page, SECOND.name).getByRole('button', { name: 'Aceitar' }).click();

    const panel = await shows(conversation(page, SECOND.name));
    await shows(panel.getByRole('textbox', { name: 'Mensagem' }));
    expect(new URL(page.url()).pathname).toBe(address);
    expect(await narrowTab('Ticket').getAttribute('aria-selected')).toBe('true');
    expect(await ticketList(page).isVisible()).toBe(false);
  });
});
