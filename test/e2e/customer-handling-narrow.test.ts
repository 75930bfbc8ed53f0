/**
 * The same service to a WhatsApp customer on a phone-sized screen (390 x 844): the workspace shows two
 * tabs, 'Ticket' and 'Atendimentos', one panel at a time, and the conversation has a way back to the
 * list.
 */
import type { Page } from 'playwright-core';
import { shows, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { addNote, conversation, listTab, listedTicket, openNotes, ticketList, transferToQueue } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880002', name: 'João Pereira' };
const ANSWER = 'Bom dia! Em que posso ajudar?';

let web: WebCloud;
let whatsapp: DemoWhatsApp;
// One page for the whole journey: each step starts where the previous one left the agent.
let page: Page;

const narrowTab = (name: 'Ticket' | 'Atendimentos') => page.getByRole('tab', { name, exact: true });
const selected = async (name: 'Ticket' | 'Atendimentos') => (await narrowTab(name).getAttribute('aria-selected')) === 'true';

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  page = await web.newPage({ signedIn: true, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
});

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

describe('an agent serving a customer on a narrow screen', () => {
  it('shows the tabs Ticket and Atendimentos instead of two columns, starting on the list', async () => {
    await gotoListening(page, '/tickets', 'tickets:pending');

    await shows(narrowTab('Ticket'));
    expect(await selected('Atendimentos')).toBe(true);
    await shows(ticketList(page));
    expect(await page.getByText('Selecione um atendimento na lista para ver a conversa.').isVisible()).toBe(false);
  });

  it("shows the customer's new ticket live and, once accepted, the conversation in place of the list", async () => {
    await listTab(page, 'Aguardando').click();
    await whatsapp.write(CUSTOMER.number, CUSTOMER.name, 'Olá');
    await listedTicket(page, CUSTOMER.name).getByRole('button', { name: 'Aceitar' }).click();

    const panel = await shows(conversation(page, CUSTOMER.name));
    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText('Olá', { exact: true }));
    expect(await selected('Ticket')).toBe(true);
    expect(await ticketList(page).isVisible()).toBe(false);
  });

  it("sends the answer with Enter, and it reaches the customer's phone", async () => {
    const panel = conversation(page, CUSTOMER.name);
    const input = panel.getByRole('textbox', { name: 'Mensagem' });

    await input.fill(ANSWER);
    await input.press('Enter');

    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText(ANSWER));
    const atPhone = await until('the answer at the phone', async () => (await whatsapp.sentTo(CUSTOMER.number)).find((sent) => sent.body.endsWith(ANSWER)));
    expect(atPhone.body).toBe(`*Admin*:\n${ANSWER}`);
  });

  it('keeps an internal note on the ticket', async () => {
    await openNotes(page, CUSTOMER.name);
    await addNote(page, 'Prefere contato por WhatsApp');

    await shows(conversation(page, CUSTOMER.name));
  });

  it('goes back to the list from the conversation, and to the conversation through the Ticket tab', async () => {
    await conversation(page, CUSTOMER.name).getByRole('button', { name: 'Voltar', exact: true }).click();

    await shows(ticketList(page));
    expect(await selected('Atendimentos')).toBe(true);
    expect(await conversation(page, CUSTOMER.name).isVisible()).toBe(false);

    await narrowTab('Ticket').click();
    await shows(conversation(page, CUSTOMER.name));
    expect(await ticketList(page).isVisible()).toBe(false);
  });

  it('transfers the ticket to Financeiro and finishes it from the list', async () => {
    await transferToQueue(page, CUSTOMER.name, 'Financeiro');

    await shows(ticketList(page));
    await listTab(page, 'Aguardando').click();
    const item = await shows(listedTicket(page, CUSTOMER.name));
    await shows(item.getByText('Financeiro', { exact: true }));
    await item.getByRole('button', { name: 'Finalizar' }).click();

    await listedTicket(page, CUSTOMER.name).waitFor({ state: 'detached' });
    await listTab(page, 'Resolvidos').click();
    await shows(listedTicket(page, CUSTOMER.name).getByRole('button', { name: 'Reabrir' }));
  });
});
