/**
 * The queues page in a browser (spec 3 §2 Queues, §5, §8, §9): the demo admin creates a queue from the
 * page (the catalogue's refusals of a missing greeting and a taken colour shown under their fields),
 * its colour picked in the swatch grid by mouse and keyboard, its work hours typed through the
 * HH:MM mask (with the reminder to save and the server's time rule), and a chatbot menu of two options;
 * the queue shows in the table and its menu comes back when it is opened again. An agent created in
 * that queue on the users page signs in and is offered that queue alone. Another queue is
 * deleted after the confirmation, and a second window sees it go live. Then a simulated
 * customer writing to the company's connection, which serves that queue beside another (the queue menu
 * shows with two or more queues), picks it and gets its menu. And axe-core finds no serious or critical
 * violation on the page or in the dialog's three tabs, light and dark.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, signInThroughTheForm, startWebCloud, until, type WebCloud } from './support/browser';
import { ticketList } from './support/tickets';
import { gotoListening } from './support/realtime';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const QUEUE = 'Suporte';
const GREETING = 'Suporte, escolha uma opção:';
const OPTIONS = [
  { title: 'Boletos', message: 'Enviamos a segunda via por e-mail.' },
  { title: 'Falar com atendente', message: 'Aguarde, um atendente já vai falar com você.' },
];
const CONNECTION_GREETING = 'Olá! Escolha a fila:';
const CUSTOMER = { number: '5511988880301', name: 'Paula Cliente' };
const AGENT = { name: 'Sara Suporte', email: 'sara.suporte@demo.test', password: 'Suporte123' };

let web: WebCloud;
let whatsapp: DemoWhatsApp;

beforeAll(async () => {
  web = await startWebCloud();
  // The connection 'Simulado' with the queue Atendimento, and a queue Financeiro beside it.
  whatsapp = await connectDemoWhatsApp(web);
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

const queuesTable = (page: Page) => page.getByRole('table', { name: 'Filas' });
const queueRow = (page: Page, name: string) => queuesTable(page).getByRole('row').filter({ hasText: name });
const toast = (page: Page) => page.getByRole('listitem', { name: 'Operação realizada com sucesso!' });

async function openQueues(page: Page): Promise<void> {
  await page.goto('/queues');
  await shows(page.getByRole('heading', { name: 'Filas & Chatbot', level: 1 }));
  await shows(queueRow(page, 'Atendimento'));
}

/** The page, then the new-queue dialog on each of its tabs (the options tab with an option in it). */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  await openQueues(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Adicionar fila' }).click();
  const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar fila' }));
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await shows(dialog.getByText('Obrigatório'));
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('tab', { name: 'Horários de atendimento' }).click();
  await shows(dialog.getByRole('textbox', { name: 'Segunda-feira: início' }));
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('tab', { name: 'Opções do chatbot' }).click();
  await dialog.getByRole('button', { name: 'Adicionar opção' }).click();
  await shows(dialog.getByRole('textbox', { name: 'Título da opção 1' }));
  expect(await seriousViolations(page)).toEqual([]);
}

describe('the queues page', () => {
  it('has no serious or critical accessibility violation on the page and in the dialog, in the light theme', async () => {
    await expectNoSeriousViolations(await web.newPage({ signedIn: true, colorScheme: 'light' }));
  });

  it('has no serious or critical accessibility violation on the page and in the dialog, in the dark theme', async () => {
    await expectNoSeriousViolations(await web.newPage({ signedIn: true, colorScheme: 'dark' }));
  });

  it('lists the queues without their raw ids, and opens the new-queue dialog with no message on its untouched fields (issue 27)', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 1366, height: 768 } });
    await openQueues(page);
    const headers = await queuesTable(page).getByRole('columnheader').allInnerTexts();
    expect(headers.map((header) => header.trim())).toEqual(['Nome', 'Cor', 'Ordem', 'Mensagem de saudação', 'Ações']);

    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar fila' }));
    // The dialog hands the focus from the name field (its first field) to its tabs as it opens.
    await until('the dialog to settle its focus', () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab'));

    expect(await dialog.getByText('Obrigatório').count()).toBe(0);
  });

  it('lets the admin create a queue with its colour, work hours and a chatbot menu of two options', async () => {
    const page = await web.newPage({ signedIn: true });
    await openQueues(page);

    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar fila' }));
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(QUEUE);
    // The catalogue's refusals show under their field: a greeting is needed beside other queues, and
    // Atendimento's colour is taken (the server compares colours without case).
    const hex = dialog.getByRole('textbox', { name: /^Cor em hexadecimal/ });
    await hex.fill('#0F766E');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('A mensagem de saudação é obrigatória quando há mais de uma fila.'));
    await dialog.getByRole('textbox', { name: /^Mensagem de saudação/ }).fill(GREETING);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Esta cor já está em uso, escolha outra.'));

    // The palette: 50 named swatches, one chosen; the arrows move the choice, and the hex field follows.
    const palette = dialog.getByRole('radiogroup', { name: 'Cores predefinidas' });
    expect(await palette.getByRole('radio').count()).toBe(50);
    await palette.getByRole('radio', { name: 'Verde médio, #16A34A' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await palette.getByRole('radio', { name: 'Verde-azulado médio, #0D9488' }).getAttribute('aria-checked')).toBe('true');
    expect(await hex.inputValue()).toBe('#0D9488');
    expect(await dialog.getByText('Esta cor já está em uso, escolha outra.').count()).toBe(0);

    // Work hours: the default week of spec 3 §9, typed through the mask, checked with the server's rules.
    await dialog.getByRole('tab', { name: 'Horários de atendimento' }).click();
    const time = (name: string) => dialog.getByRole('textbox', { name });
    expect(await time('Segunda-feira: início').inputValue()).toBe('08:00');
    expect(await time('Sexta-feira: fim').inputValue()).toBe('18:00');
    expect(await time('Sábado: fim').inputValue()).toBe('12:00');
    expect(await time('Domingo: fim').inputValue()).toBe('00:00');
    expect(await dialog.getByText('Clique em salvar para registrar as alterações.').count()).toBe(0);
    await time('Sábado: fim').fill('1400');
    expect(await time('Sábado: fim').inputValue()).toBe('14:00');
    await shows(dialog.getByText('Clique em salvar para registrar as alterações.'));
    await time('Sexta-feira: fim').fill('0700');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('O fim não pode ser antes do início'));
    await time('Sexta-feira: fim').fill('1700');

    // The chatbot menu: two options, the second moved up and back down (it is option 1 while up there).
    await dialog.getByRole('tab', { name: 'Opções do chatbot' }).click();
    for (const [index, option] of OPTIONS.entries()) {
      await dialog.getByRole('button', { name: 'Adicionar opção' }).click();
      await dialog.getByRole('textbox', { name: `Título da opção ${index + 1}` }).fill(option.title);
      await dialog.getByRole('textbox', { name: `Mensagem da opção ${index + 1}` }).fill(option.message);
    }
    await dialog.getByRole('button', { name: 'Mover opção 2 para cima' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Título da opção 1' }).inputValue()).toBe(OPTIONS[1]!.title);
    await dialog.getByRole('button', { name: 'Mover opção 1 para baixo' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Título da opção 1' }).inputValue()).toBe(OPTIONS[0]!.title);
    // A sub-option added and deleted again: the delete takes its subtree.
    await dialog.getByRole('button', { name: 'Adicionar sub-opção à opção 1' }).click();
    await shows(dialog.getByRole('textbox', { name: 'Título da opção 1.1' }));
    await dialog.getByRole('button', { name: 'Excluir opção 1.1 e suas sub-opções' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Título da opção 1.1' }).count()).toBe(0);

    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(toast(page));
    await leaves(dialog);
    const row = await shows(queueRow(page, QUEUE));
    expect(await row.textContent()).toContain('#0D9488');
    expect(await row.textContent()).toContain(GREETING);

    // Opened again, it shows what was saved: the hours and the menu in its order.
    await page.getByRole('button', { name: `Editar ${QUEUE}` }).click();
    const editing = await shows(page.getByRole('dialog', { name: 'Editar fila' }));
    await editing.getByRole('tab', { name: 'Horários de atendimento' }).click();
    expect(await editing.getByRole('textbox', { name: 'Sábado: fim' }).inputValue()).toBe('14:00');
    expect(await editing.getByRole('textbox', { name: 'Sexta-feira: fim' }).inputValue()).toBe('17:00');
    await editing.getByRole('tab', { name: 'Opções do chatbot' }).click();
    expect(await editing.getByRole('textbox', { name: 'Título da opção 1' }).inputValue()).toBe(OPTIONS[0]!.title);
    expect(await editing.getByRole('textbox', { name: 'Título da opção 2' }).inputValue()).toBe(OPTIONS[1]!.title);
    await editing.getByRole('button', { name: 'Cancelar' }).click();
    await leaves(editing);
  });

  it('then creates an agent in that queue on the users page, who signs in and works only that queue', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/users');
    await shows(page.getByRole('heading', { name: 'Usuários', level: 1 }));
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar usuário' }));
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(AGENT.name);
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(AGENT.email);
    await dialog.getByLabel(/^Senha/).fill(AGENT.password);
    await dialog.getByRole('combobox', { name: /^Filas/ }).click();
    await page.getByRole('menuitemcheckbox', { name: QUEUE }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);
    await shows(page.getByRole('table', { name: 'Usuários' }).getByRole('row').filter({ hasText: AGENT.name }).getByText(QUEUE, { exact: true }));

    // The agent, in a browser of their own: the ticket list's queue filter offers the new queue alone.
    const agent = await web.newPage();
    await signInThroughTheForm(agent, AGENT);
    await ticketList(agent).getByRole('combobox', { name: 'Filas' }).click();
    const options = agent.getByRole('menuitemcheckbox');
    await shows(options.first());
    expect(await options.allTextContents()).toEqual([QUEUE]);
  });

  it('deletes a queue after the confirmation, and another window of the company sees it go without a reload', async () => {
    const page = await web.newPage({ signedIn: true });
    const other = await web.newPage({ signedIn: true });
    // The header's notifications room answers its join once the socket (in the company's room) is open.
    await gotoListening(other, '/queues', 'notification');
    await shows(queueRow(other, 'Financeiro'));
    await openQueues(page);

    await page.getByRole('button', { name: 'Excluir Financeiro' }).click();
    const confirm = await shows(page.getByRole('alertdialog', { name: 'Excluir Registro' }));
    await confirm.getByRole('button', { name: 'Excluir' }).click();

    await shows(toast(page));
    await leaves(queueRow(page, 'Financeiro'));
    await leaves(queueRow(other, 'Financeiro'));
    await shows(queueRow(other, QUEUE));
  });

  it("sends a customer who picks the new queue from the connection's queue menu that queue's menu", async () => {
    // Through the API now (the browser's work is done: this sign-in ends the browser's session).
    const { accessToken: token } = await web.cloud.signIn(web.login.email, web.login.password);
    const queues = (await web.cloud.api('/queue', { token })).body as { id: string; name: string }[];
    const queueIds = ['Atendimento', QUEUE].map((name) => queues.find((queue) => queue.name === name)?.id);
    // The connection serves the new queue beside Atendimento (the connections page is not this page's);
    // with two queues it needs a greeting, which heads the queue menu.
    const updated = await web.cloud.api(`/whatsapp/${whatsapp.connectionId}`, { method: 'PUT', token, body: { queueIds, greetingMessage: CONNECTION_GREETING } });
    expect([updated.status, updated.body.code]).toEqual([200, undefined]);
    const gotten = (text: string) => until(`"${text}" at the phone`, async () => (await whatsapp.sentTo(CUSTOMER.number)).find((sent) => sent.body === text));

    await whatsapp.write(CUSTOMER.number, CUSTOMER.name, 'Oi');
    await gotten(`${CONNECTION_GREETING}\n\n*1* - Atendimento\n*2* - ${QUEUE}`);
    await whatsapp.write(CUSTOMER.number, CUSTOMER.name, '2');
    await gotten(`${GREETING}\n\n*1* - ${OPTIONS[0]!.title}\n*2* - ${OPTIONS[1]!.title}\n\n*#* - Voltar ao menu inicial`);
    await whatsapp.write(CUSTOMER.number, CUSTOMER.name, '1');
    await gotten(OPTIONS[0]!.message);
  });
});
