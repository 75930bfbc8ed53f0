/**
 * The quick messages page (/quick-messages) in the browser: an agent writes a quick reply with a
 * variable put in by the insert-variable menu at the cursor, attaches a file and takes it off, deletes
 * a quick reply after the confirmation, and sees a colleague's change arrive live; then, in a ticket
 * they attend, types '/' and the shortcode and picks the quick reply: the composer shows the customer's
 * name in place of the variable, and what the agent sends, edited, reaches the phone with every variable
 * filled in (checklist C-113). The page has no serious or
 * critical accessibility violation in the light and dark themes.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { attendedTicket, conversation } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880301', name: 'Joana Atalho' };
const SHORTCODE = 'boasvindas';
/** The message as typed, before the variable goes in where the cursor is (after 'Olá '). */
const TYPED = 'Olá , tudo bem?';
const WITH_VARIABLE = 'Olá {{name}}, tudo bem?';
const DELIVERED = `Olá ${CUSTOMER.name}, tudo bem?`;

let web: WebCloud;
let whatsapp: DemoWhatsApp;
let ticketUuid: string;
// One page for the journey: each step starts where the previous one left the agent.
let page: Page;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  // Before the demo admin signs in through the form, which ends the API token's session.
  ticketUuid = (await attendedTicket(web.cloud, whatsapp, CUSTOMER, 'Bom dia, preciso de ajuda.')).uuid;
  page = await web.newPage({ signedIn: true });
});

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

const table = (on: Page) => on.getByRole('table', { name: 'Respostas Rápidas' });
const row = (on: Page, shortcode: string) => table(on).getByRole('row').filter({ hasText: shortcode });
const dialogNamed = (on: Page, name: string) => on.getByRole('dialog', { name });

/** Saves the open dialog and waits for it to close and for its confirmation. */
async function saveDialog(on: Page, name: string): Promise<void> {
  await dialogNamed(on, name).getByRole('button', { name: 'Salvar' }).click();
  await leaves(dialogNamed(on, name));
}

describe('the quick messages page', () => {
  it('replaces the placeholder with the list and its add button', async () => {
    await gotoListening(page, '/quick-messages', 'notification');

    await shows(page.getByRole('heading', { name: 'Respostas Rápidas' }));
    await shows(page.getByRole('button', { name: 'Adicionar' }));
    await shows(page.getByText('Nenhuma resposta rápida cadastrada.'));
    expect(await page.getByText('Em breve').count()).toBe(0);
  });

  it("refuses a quick message without a shortcode with 'Obrigatório'", async () => {
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = await shows(dialogNamed(page, 'Adicionar resposta rápida'));

    await dialog.getByRole('button', { name: 'Salvar' }).click();

    await shows(dialog.getByText('Obrigatório'));
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await leaves(dialog);
  });

  it('creates a shared quick message whose variable the menu put where the cursor was, in a 7-row message', async () => {
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = await shows(dialogNamed(page, 'Adicionar resposta rápida'));
    await dialog.getByRole('textbox', { name: /^Atalho/ }).fill(SHORTCODE);
    const message = dialog.getByRole('textbox', { name: /^Mensagem/ });
    expect(await message.getAttribute('rows')).toBe('7');
    await message.fill(TYPED);
    await message.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(4, 4));

    await dialog.getByRole('button', { name: 'Inserir variável' }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items.map((item) => /\{\{\w+\}\}/.exec(item)?.[0])).toEqual(['{{firstName}}', '{{name}}', '{{ms}}', '{{protocol}}', '{{hora}}']);
    await page.getByRole('menuitem', { name: /\{\{name\}\}/ }).click();

    expect(await message.inputValue()).toBe(WITH_VARIABLE);
    await dialog.getByRole('switch', { name: /^Geral/ }).check();
    await saveDialog(page, 'Adicionar resposta rápida');
    await shows(page.getByRole('listitem', { name: 'Resposta rápida salva com sucesso!' }));
    const created = await shows(row(page, SHORTCODE));
    expect(await created.textContent()).toContain('Sem anexo');
    expect(await created.textContent()).toContain('Geral');
  });

  it('attaches a file to a quick message and takes it off again', async () => {
    await row(page, SHORTCODE).getByRole('button', { name: `Editar /${SHORTCODE}` }).click();
    let dialog = await shows(dialogNamed(page, 'Editar resposta rápida'));
    expect(await dialog.getByRole('textbox', { name: /^Mensagem/ }).inputValue()).toBe(WITH_VARIABLE);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'tabela de preços.txt', mimeType: 'text/plain', buffer: Buffer.from('Preços de 2030') });
    await shows(dialog.getByText('tabela de preços.txt'));
    await saveDialog(page, 'Editar resposta rápida');
    // Stored with its spaces as underscores (spec 2 §5) and without accents.
    await shows(row(page, SHORTCODE).getByText('tabela_de_precos.txt'));

    await row(page, SHORTCODE).getByRole('button', { name: `Editar /${SHORTCODE}` }).click();
    dialog = await shows(dialogNamed(page, 'Editar resposta rápida'));
    await dialog.getByRole('button', { name: 'Remover anexo tabela_de_precos.txt' }).click();
    await shows(dialog.getByText('Sem anexo'));
    await saveDialog(page, 'Editar resposta rápida');
    await shows(row(page, SHORTCODE).getByText('Sem anexo'));
  });

  it('deletes a quick message once the deletion is confirmed, and shows a colleague screen the change live', async () => {
    const other = await web.newPage({ signedIn: true });
    await gotoListening(other, '/quick-messages', 'notification');
    await shows(row(other, SHORTCODE));

    await page.getByRole('button', { name: 'Adicionar' }).click();
    await dialogNamed(page, 'Adicionar resposta rápida').getByRole('textbox', { name: /^Atalho/ }).fill('temporaria');
    await dialogNamed(page, 'Adicionar resposta rápida').getByRole('switch', { name: /^Geral/ }).check();
    await saveDialog(page, 'Adicionar resposta rápida');
    await shows(row(other, 'temporaria'));

    await row(page, 'temporaria').getByRole('button', { name: 'Excluir /temporaria' }).click();
    const confirm = await shows(page.getByRole('alertdialog', { name: 'Excluir Registro' }));
    await confirm.getByRole('button', { name: 'Excluir' }).click();

    await leaves(row(page, 'temporaria'));
    await leaves(row(other, 'temporaria'));
    await shows(row(page, SHORTCODE));
    await other.context().close();
  });

  it("fills the customer's name in the composer when the quick reply is picked with '/', and the phone gets what the agent saw", async () => {
    await page.goto(`/tickets/${ticketUuid}`);
    const panel = await shows(conversation(page, CUSTOMER.name));
    const input = panel.getByRole('textbox', { name: 'Mensagem' });

    await input.fill(`/${SHORTCODE.slice(0, 4)}`);
    await page.getByRole('option', { name: new RegExp(`/${SHORTCODE}`) }).click();
    // The quick message is stored as WITH_VARIABLE; the composer shows it filled in (issue 27, point 4).
    expect(await input.inputValue()).toBe(DELIVERED);
    // The agent may still edit it; a variable typed by hand is filled in by the server when sent.
    await input.press('End');
    await input.pressSequentially(' Até já, {{firstName}}!');
    await input.press('Enter');

    const sent = `${DELIVERED} Até já, ${CUSTOMER.name.split(' ')[0]}!`;
    const atPhone = await until('the quick reply at the phone', async () =>
      (await whatsapp.sentTo(CUSTOMER.number)).find((message) => message.body.endsWith(sent)),
    );
    expect(atPhone.body).not.toContain('{{');
    // The conversation shows what the customer got.
    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText(sent));
  });
});

describe('accessibility of the quick messages page (axe-core, impact serious or critical)', () => {
  it.each(['light', 'dark'] as const)('finds no violation on the page with its list, in the %s theme', async (colorScheme) => {
    const themed = await web.newPage({ signedIn: true, colorScheme });
    await themed.goto('/quick-messages');
    await shows(row(themed, SHORTCODE));
    await shows(themed.getByRole('button', { name: colorScheme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro' }));

    expect(await seriousViolations(themed)).toEqual([]);
  });

  it('finds no violation in the open dialog with its variable menu', async () => {
    const themed = await web.newPage({ signedIn: true });
    await themed.goto('/quick-messages');
    await row(themed, SHORTCODE).getByRole('button', { name: `Editar /${SHORTCODE}` }).click();
    const dialog = await shows(dialogNamed(themed, 'Editar resposta rápida'));
    await dialog.getByRole('button', { name: 'Inserir variável' }).click();
    await shows(themed.getByRole('menuitem', { name: /\{\{hora\}\}/ }));

    expect(await seriousViolations(themed)).toEqual([]);
  });
});
