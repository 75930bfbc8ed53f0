/**
 * Campaigns in a browser (spec 2 §2, §5, §8, §9; issue 28). Contact lists: a list created in its
 * dialog (the name's rule shown), filled by a spreadsheet upload and by hand, a contact deleted after
 * the confirmation, the count on the lists page. The settings page: the three interval
 * selects with exactly the spec's options and the defaults, the variables editor (a key already there is
 * not added twice, a delete asks first), the opt-out words, one save with 'Configurações salvas' that a
 * reload shows kept; a plain user sees the settings read-only; axe-core finds nothing serious.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, signInThroughTheForm, startWebCloud, type WebCloud } from './support/browser';
import { ifAssigned } from '../support/teardown';

const AGENT = { name: 'Dora Atendente', email: 'dora.campanhas@example.com', password: 'Senha123forte' };

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud();
  const { accessToken: token } = await web.cloud.signIn(web.login.email, web.login.password);
  const agent = await web.cloud.api('/users', { method: 'POST', token, body: { ...AGENT, profile: 'user' } });
  expect(agent.status).toBeLessThan(300);
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

const toast = (page: Page, text: string) => page.getByRole('listitem', { name: text });
const select = (page: Page, label: string) => page.getByRole('combobox', { name: label });
const variablesTable = (page: Page) => page.getByRole('table', { name: 'Variáveis' });

async function openSettings(page: Page): Promise<void> {
  await page.goto('/campaigns-config');
  await shows(page.getByRole('heading', { name: 'Configurações de Campanhas', level: 1 }));
}

async function optionsOf(page: Page, label: string): Promise<string[]> {
  await select(page, label).click();
  const options = await page.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return options.map((option) => option.trim());
}

describe('the campaign settings page', () => {
  it('offers the spec’s intervals, adds and deletes variables, and saves what a reload then shows', async () => {
    const page = await web.newPage({ signedIn: true });
    await openSettings(page);

    await expect(select(page, 'Intervalo randômico de disparo').innerText()).resolves.toContain('20 segundos');
    await expect(select(page, 'Intervalo maior após').innerText()).resolves.toContain('20 mensagens');
    await expect(select(page, 'Intervalo de disparo maior').innerText()).resolves.toContain('60 segundos');
    expect(await optionsOf(page, 'Intervalo randômico de disparo')).toEqual(['Sem intervalo', '5 segundos', '10 segundos', '15 segundos', '20 segundos']);
    expect(await optionsOf(page, 'Intervalo de disparo maior')).toEqual([
      'Sem intervalo', '1 segundo', '5 segundos', '10 segundos', '15 segundos', '20 segundos', '30 segundos', '40 segundos',
      '60 segundos', '80 segundos', '100 segundos', '120 segundos',
    ]);
    expect(await optionsOf(page, 'Intervalo maior após')).toHaveLength(12);

    await select(page, 'Intervalo randômico de disparo').click();
    await page.getByRole('option', { name: '5 segundos', exact: true }).click();

    const addVariable = async (key: string, value: string) => {
      await page.getByLabel('Atalho').fill(key);
      await page.getByLabel('Conteúdo').fill(value);
      await page.getByRole('button', { name: 'Adicionar' }).click();
    };
    await addVariable('loja', 'Loja Centro');
    await addVariable('cupom', 'BEMVINDO10');
    await shows(variablesTable(page).getByRole('cell', { name: '{loja}' }));
    await addVariable('loja', 'Outra loja');
    await shows(toast(page, 'Variável já existe'));
    expect(await variablesTable(page).getByRole('cell', { name: '{loja}' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Excluir a variável cupom' }).click();
    const confirm = await shows(page.getByRole('alertdialog', { name: 'Excluir Registro' }));
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await leaves(confirm);
    await shows(variablesTable(page).getByRole('cell', { name: '{cupom}' }));
    await page.getByRole('button', { name: 'Excluir a variável cupom' }).click();
    await shows(confirm);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await leaves(variablesTable(page).getByRole('cell', { name: '{cupom}' }));

    await page.getByLabel('Palavras de descadastro').fill('SAIR, Cancelar');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await shows(toast(page, 'Configurações salvas'));

    await page.reload();
    await openSettings(page);
    await expect(select(page, 'Intervalo randômico de disparo').innerText()).resolves.toContain('5 segundos');
    await shows(variablesTable(page).getByRole('cell', { name: 'Loja Centro' }));
    expect(await variablesTable(page).getByRole('cell', { name: '{cupom}' }).count()).toBe(0);
    await expect(page.getByLabel('Palavras de descadastro').inputValue()).resolves.toBe('SAIR, Cancelar');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a plain user the settings read-only, without the save', async () => {
    const page = await web.newPage();
    await signInThroughTheForm(page, AGENT);
    await openSettings(page);

    await shows(page.getByText('Somente administradores alteram estas configurações.'));
    await expect(select(page, 'Intervalo randômico de disparo').isDisabled()).resolves.toBe(true);
    expect(await page.getByRole('button', { name: 'Salvar configurações' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Adicionar' }).count()).toBe(0);
  });
});

describe('the contact lists pages', () => {
  it('creates a list, fills it from a spreadsheet and by hand, deletes a contact and shows the count', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/contact-lists');
    await shows(page.getByRole('heading', { name: 'Listas de Contatos', level: 1 }));

    await page.getByRole('button', { name: 'Nova lista' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Nova lista de contatos' }));
    await dialog.getByLabel('Nome').fill('A');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Too Short!'));
    await dialog.getByLabel('Nome').fill('Clientes VIP');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);
    const row = page.getByRole('row').filter({ hasText: 'Clientes VIP' });
    await shows(row.getByText('Nenhum contato'));

    await row.getByRole('link', { name: 'Clientes VIP' }).click();
    await shows(page.getByRole('heading', { name: 'Clientes VIP', level: 1 }));
    await page.getByLabel('Importar planilha').setInputFiles({
      name: 'vip.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('nome;numero;email\nAna VIP;5511955550001;ana@vip.com\nBeto VIP;(11) 95555-0002;\nX;5511955550003;\n'),
    });
    await shows(page.getByRole('listitem', { name: /2 contatos importados, 0 ignorados.*Linhas recusadas: 4/ }));
    const table = page.getByRole('table', { name: 'Clientes VIP' });
    await shows(table.getByRole('cell', { name: 'Ana VIP', exact: true }));
    await shows(table.getByRole('cell', { name: '5511955550002', exact: true }));
    await shows(table.getByRole('img', { name: 'Número ainda não verificado' }).first());

    await page.getByRole('button', { name: 'Novo contato' }).click();
    const itemDialog = await shows(page.getByRole('dialog', { name: 'Novo contato da lista' }));
    await itemDialog.getByLabel('Nome').fill('Caio VIP');
    await itemDialog.getByLabel('Número').fill('5511955550004');
    await itemDialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(itemDialog);
    await shows(table.getByRole('cell', { name: 'Caio VIP', exact: true }));

    await page.getByRole('button', { name: 'Excluir Beto VIP' }).click();
    const confirm = await shows(page.getByRole('alertdialog', { name: 'Excluir Registro' }));
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await leaves(table.getByRole('cell', { name: 'Beto VIP', exact: true }));

    await page.getByRole('link', { name: 'Voltar às listas' }).click();
    await shows(page.getByRole('row').filter({ hasText: 'Clientes VIP' }).getByText('2 contatos'));
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/**
 * File lists (spec 2 §2, §5, §8; checklist O-069, O-112, O-148): the dialog's name rule, two files
 * uploaded after the save and shown again when the list is reopened (on a phone, fitting 360 px), the
 * delete's confirmation.
 */
describe('the file lists page', () => {
  /** The smallest valid PNG (a 1x1 transparent pixel) and a PDF's first bytes: the server types files by them. */
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const PDF = Buffer.from('%PDF-1.4\n% tabela\n');

  it('creates a list with two files in its dialog, shows both when it is opened again, and deletes it after the confirmation', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/files');
    await shows(page.getByRole('heading', { name: 'Lista de arquivos', level: 1 }));

    await page.getByRole('button', { name: 'Nova lista' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Nova lista de arquivos' }));
    const name = dialog.getByRole('textbox', { name: 'Nome', exact: true });
    await name.fill('ab');
    await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('Confira nossos arquivos');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('nome muito curto'));
    await name.fill('Catálogo de verão');
    await dialog.getByRole('button', { name: 'Adicionar arquivo' }).click();
    await dialog.getByRole('textbox', { name: 'Nome do arquivo 1' }).fill('Foto da loja');
    await dialog.getByLabel('Enviar o arquivo 1').setInputFiles({ name: 'foto da loja.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Adicionar arquivo' }).click();
    await dialog.getByRole('textbox', { name: 'Nome do arquivo 2' }).fill('Tabela');
    await dialog.getByLabel('Enviar o arquivo 2').setInputFiles({ name: 'tabela.pdf', mimeType: 'application/pdf', buffer: PDF });
    await shows(dialog.getByText('tabela.pdf (será enviado ao salvar)'));
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);

    await shows(page.getByRole('row').filter({ hasText: 'Catálogo de verão' }).getByText('2 arquivos'));

    // Reopened on a phone: the dialog fits 360 px, nothing of it scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Editar Catálogo de verão' }).click();
    const edit = await shows(page.getByRole('dialog', { name: 'Editar lista de arquivos' }));
    await expect(edit.getByRole('textbox', { name: 'Nome do arquivo 1' }).inputValue()).resolves.toBe('Foto da loja');
    await shows(edit.getByRole('link', { name: 'foto_da_loja.png' }));
    await shows(edit.getByRole('link', { name: 'tabela.pdf' }));
    const overflow = await edit.evaluate((surface) => [surface.scrollWidth - surface.clientWidth, surface.getBoundingClientRect().right - window.innerWidth]);
    expect(overflow.map((pixels) => Math.max(0, Math.round(pixels)))).toEqual([0, 0]);
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await leaves(edit);

    await page.getByRole('button', { name: 'Excluir Catálogo de verão' }).click();
    const confirm = await shows(page.getByRole('alertdialog', { name: 'Excluir Registro' }));
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await leaves(page.getByRole('button', { name: 'Excluir Catálogo de verão' }));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
