/**
 * An agent serves a WhatsApp customer in the browser, on a desktop screen: the list and the conversation
 * side by side. The customer writes through the simulator; the ticket appears live, the agent accepts
 * it, looks at the contact in the side drawer, answers (the answer reaches the customer's phone), keeps a
 * note, transfers it to another queue and finishes it. Meanwhile a colleague of the queue who opens the
 * ticket sees who attends it and cannot write to it or move it.
 */
import type { Page } from 'playwright-core';
import { leaves, shows, signInThroughTheForm, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { addNote, conversation, openNotes, listTab, listedTicket, ticketList, transferToQueue } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880001', name: 'Maria Silva' };
const ANSWER = 'Como posso ajudar?';
const SECOND_ANSWER = 'Vou verificar, um momento.';
/** A plain user of the queue Atendimento, beside the demo admin who serves the customer. */
const COLLEAGUE = { name: 'Bruno Colega', email: 'bruno.colega@demo.test', password: 'Colega@1234' };

let web: WebCloud;
let whatsapp: DemoWhatsApp;
// One page for the whole journey: each step starts where the previous one left the agent.
let page: Page;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  // Before the demo admin signs in through the form, which ends the API token's session.
  const queues = (await web.cloud.api('/queue', { token: whatsapp.token })).body as { id: string; name: string }[];
  const queueIds = queues.filter((queue) => queue.name === 'Atendimento').map((queue) => queue.id);
  const colleague = await web.cloud.api('/users', { method: 'POST', token: whatsapp.token, body: { ...COLLEAGUE, profile: 'user', queueIds } });
  if (colleague.status !== 201) throw new Error(`POST /users answered ${colleague.status}: ${JSON.stringify(colleague.body)}`);
  page = await web.newPage({ signedIn: true });
});

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

describe('an agent serving a customer on a wide screen', () => {
  it('shows the list and the conversation side by side, without the narrow tabs', async () => {
    await gotoListening(page, '/tickets', 'tickets:pending');

    await shows(ticketList(page));
    await shows(page.getByText('Selecione um atendimento na lista para ver a conversa.'));
    expect(await page.getByRole('tab', { name: 'Ticket', exact: true }).count()).toBe(0);
  });

  it("shows a new customer's ticket in the Pending tab as soon as the customer writes, without a reload", async () => {
    await listTab(page, 'Aguardando').click();
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    await whatsapp.write(CUSTOMER.number, CUSTOMER.name, 'Olá');

    const item = await shows(listedTicket(page, CUSTOMER.name));
    expect(await item.textContent()).toContain('Olá');
    expect(await item.textContent()).toContain('Atendimento');
    // The connection it came through (spec 1 §2.4).
    expect(await item.textContent()).toContain('Simulado');
    expect(loads).toEqual([]);
  });

  it('opens the conversation when the agent accepts the ticket, which stays selected in the list, now in progress', async () => {
    await listedTicket(page, CUSTOMER.name).getByRole('button', { name: 'Aceitar' }).click();

    const panel = await shows(conversation(page, CUSTOMER.name));
    await shows(panel.getByText('Em atendimento'));
    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText('Olá', { exact: true }));
    expect(new URL(page.url()).pathname).toMatch(/^\/tickets\/.+/);
    expect(await listTab(page, 'Atendendo').getAttribute('aria-selected')).toBe('true');
    expect(await listedTicket(page, CUSTOMER.name).getAttribute('aria-current')).toBe('true');
  });

  it("edits the contact in the side drawer, with the number as stored and the drawer's own messages", async () => {
    await conversation(page, CUSTOMER.name).getByRole('button', { name: 'Dados do contato' }).last().click();
    const drawer = await shows(page.getByRole('dialog', { name: 'Dados do contato' }));
    // Written as the lists write it (issue 27: the raw digits showed here).
    await shows(drawer.getByText('+55 (11) 98888-0001', { exact: true }));
    await drawer.getByRole('button', { name: 'Editar contato' }).click();

    // No mask and nothing dropped, unlike the contact modal (spec 1 §5).
    const number = drawer.getByRole('textbox', { name: /^Número do Whatsapp/ });
    expect(await number.inputValue()).toBe(CUSTOMER.number);
    await drawer.getByRole('textbox', { name: /^Nome/ }).fill('M');
    await number.fill('5511999');
    await drawer.getByRole('button', { name: 'Salvar' }).click();
    await shows(drawer.getByText('Too Short!').first());
    expect(await drawer.getByText('Too Short!').count()).toBe(2);

    await drawer.getByRole('button', { name: 'Cancelar' }).click();
    await shows(drawer.getByRole('button', { name: 'Editar contato' }));
    await drawer.getByRole('button', { name: 'Fechar' }).click();
    await leaves(drawer);
  });

  it("sends the answer with Enter: it shows in the conversation and reaches the customer's phone", async () => {
    const panel = conversation(page, CUSTOMER.name);
    const input = panel.getByRole('textbox', { name: 'Mensagem' });

    await input.fill(ANSWER);
    await input.press('Enter');

    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText(ANSWER));
    await until('the input emptied', async () => (await input.inputValue()) === '');
    const atPhone = await until('the answer at the phone', async () => (await whatsapp.sentTo(CUSTOMER.number)).find((sent) => sent.body.endsWith(ANSWER)));
    // The signature is on by default: the agent's name in bold above the text.
    expect(atPhone.body).toBe(`*Admin*:\n${ANSWER}`);
  });

  it('shows a colleague of the queue who attends the ticket, with notes but no message input, Finish, Return or Transfer', async () => {
    const colleague = await web.newPage();
    await signInThroughTheForm(colleague, COLLEAGUE);

    await colleague.goto(new URL(page.url()).pathname);

    const panel = await shows(conversation(colleague, CUSTOMER.name));
    await shows(panel.getByText('Em atendimento por Admin', { exact: true }));
    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText(ANSWER));
    await shows(panel.getByRole('button', { name: 'Observações' }));
    expect(await panel.getByRole('textbox', { name: 'Mensagem' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Finalizar' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Opções do ticket' }).click();
    await shows(colleague.getByRole('menuitem', { name: 'Etiquetas' }));
    expect(await colleague.getByRole('menuitem', { name: 'Retornar' }).count()).toBe(0);
    expect(await colleague.getByRole('menuitem', { name: 'Transferir' }).count()).toBe(0);
    await colleague.context().close();
  });

  it('keeps an internal note, which the customer never receives, in a dialog opened while an answer is on its way', async () => {
    const panel = conversation(page, CUSTOMER.name);
    const input = panel.getByRole('textbox', { name: 'Mensagem' });
    // The answer's request waits until the notes dialog is open: the send ends while the agent is in it.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/messages/*', async (route) => {
      if (route.request().method() === 'POST') await released;
      await route.fallback();
    });
    await input.fill(SECOND_ANSWER);
    await input.press('Enter');
    const dialog = await openNotes(page, CUSTOMER.name);
    release();
    // Behind the modal dialog the page is hidden from assistive technology, so this one looks past that.
    const inputBehind = page
      .getByRole('region', { name: CUSTOMER.name, exact: true, includeHidden: true })
      .getByRole('textbox', { name: 'Mensagem', includeHidden: true });
    await until('the send done', async () => (await inputBehind.inputValue()) === '');
    await page.unrouteAll();

    // The end of the send left the focus where the agent is, so the dialog stays open.
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await addNote(page, 'Cliente pediu retorno amanhã');

    const sent = await until('both answers at the phone', async () => {
      const bodies = (await whatsapp.sentTo(CUSTOMER.number)).map((record) => record.body);
      return bodies.length >= 2 ? bodies : undefined;
    });
    expect(sent.sort()).toEqual([`*Admin*:\n${ANSWER}`, `*Admin*:\n${SECOND_ANSWER}`].sort());
  });

  it('transfers the ticket to the queue Financeiro, where it waits again', async () => {
    await transferToQueue(page, CUSTOMER.name, 'Financeiro');

    await page.waitForURL('**/tickets');
    await listTab(page, 'Aguardando').click();
    const item = await shows(listedTicket(page, CUSTOMER.name));
    await shows(item.getByText('Financeiro', { exact: true }));
  });

  it('finishes the ticket: it leaves the open lists and shows among the resolved', async () => {
    await listedTicket(page, CUSTOMER.name).getByRole('button', { name: 'Finalizar' }).click();

    await listedTicket(page, CUSTOMER.name).waitFor({ state: 'detached' });
    await listTab(page, 'Atendendo').click();
    await shows(ticketList(page).getByText('Nada aqui!'));
    await listTab(page, 'Resolvidos').click();
    const closed = await shows(listedTicket(page, CUSTOMER.name));
    await shows(closed.getByRole('button', { name: 'Reabrir' }));
  });
});
