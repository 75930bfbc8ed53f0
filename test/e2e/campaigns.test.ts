/**
 * Campaigns in a browser (spec 2 §2, §5, §8, §9; issue 28). Contact lists: a list created in its
 * dialog (the name's rule shown), filled by a spreadsheet upload and by hand, a contact deleted after
 * the confirmation, the count on the lists page. The settings page: the three interval
 * selects with exactly the spec's options and the defaults, the variables editor (a key already there is
 * not added twice, a delete asks first), the opt-out words, one save with 'Configurações salvas' that a
 * reload shows kept; a plain user sees the settings read-only; axe-core finds nothing serious.
 * Campaigns: the list's statuses and placeholders, the dialog's name rules, a campaign written in the
 * dialog with two messages for a contact list and a simulated connection, then scheduled for now from
 * a second tab while its report, open in the first, reaches Finalizada with 2 / 2 live; its recipients
 * and their CSV; what the phones got. File lists: the dialog's name rule, two files uploaded and
 * shown again on reopening, the delete's confirmation.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, signInThroughTheForm, startWebCloud, until, type WebCloud } from './support/browser';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const AGENT = { name: 'Dora Atendente', email: 'dora.campanhas@example.com', password: 'Senha123forte' };
/**
 * A second admin who sets the campaigns' data up through the API: one user has one sign-in at a time
 * (the latest wins), so the browser's admin signing in keeps this one's token alive, and the other way round.
 */
const OPERATOR = { name: 'Otto Operador', email: 'otto.campanhas@example.com', password: 'Senha123forte' };

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud();
  const { accessToken: token } = await web.cloud.signIn(web.login.email, web.login.password);
  const agent = await web.cloud.api('/users', { method: 'POST', token, body: { ...AGENT, profile: 'user' } });
  expect(agent.status).toBeLessThan(300);
  const operator = await web.cloud.api('/users', { method: 'POST', token, body: { ...OPERATOR, profile: 'admin' } });
  expect(operator.status).toBeLessThan(300);
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

describe('the campaigns pages', () => {
  const RECIPIENTS = [
    { name: 'Ana Campanha', number: '5511955560001', email: 'ana@campanha.test' },
    { name: 'Beto Campanha', number: '5511955560002', email: 'beto@campanha.test' },
  ] as const;
  let whatsapp: DemoWhatsApp;

  beforeAll(async () => {
    whatsapp = await connectDemoWhatsApp({ cloud: web.cloud, login: OPERATOR });
    const call = async (path: string, body: unknown) => {
      const answer = await web.cloud.api(path, { method: 'POST', token: whatsapp.token, body });
      if (answer.status >= 300) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body as { id: string };
    };
    // No pause between messages, so the report's end comes within seconds; {loja} as the settings test left it.
    await call('/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'loja', value: 'Loja Centro' }] },
    });
    const list = await call('/contact-lists', { name: 'Lista da campanha' });
    for (const recipient of RECIPIENTS) await call('/contact-list-items', { ...recipient, contactListId: list.id });
    await call('/campaigns', { name: 'Rascunho vazio', scheduledAt: null, tagListId: 'Nenhuma' });
  }, 120_000);

  afterAll(async () => {
    await ifAssigned(whatsapp)?.stop();
  });

  const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

  it('writes a campaign in the dialog, and its report, scheduled for now from another tab, reaches Finalizada with 2 / 2 live', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/campaigns');
    await shows(page.getByRole('heading', { name: 'Campanhas', level: 1 }));
    const draft = rowOf(page, 'Rascunho vazio');
    for (const text of ['Inativa', 'Não definida', 'Não definido', 'Sem agendamento', 'Não concluída']) await shows(draft.getByText(text, { exact: true }));
    expect(await draft.getByRole('button', { name: 'Interromper Rascunho vazio' }).count()).toBe(0);
    expect(await draft.getByRole('button', { name: 'Reiniciar Rascunho vazio' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Nova campanha' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Nova campanha' }));
    const name = dialog.getByLabel('Nome');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Required', { exact: true }));
    await name.fill('A');
    await shows(dialog.getByText('Too Short!', { exact: true }));
    await name.fill('A'.repeat(51));
    await shows(dialog.getByText('Too Long!', { exact: true }));
    await name.fill('Natal VIP');
    await leaves(dialog.getByText('Too Long!', { exact: true }));

    const dialogSelect = (label: string) => dialog.getByRole('combobox', { name: label });
    await dialogSelect('Lista de contatos').click();
    await page.getByRole('option', { name: 'Lista da campanha' }).click();
    await dialogSelect('Conexão').click();
    await page.getByRole('option', { name: 'Simulado' }).click();
    await expect(dialogSelect('Tag').innerText()).resolves.toContain('Nenhuma');
    await shows(dialog.getByText(/\{nome\}, \{numero\}, \{email\}, \{loja\}/));
    await dialog.getByLabel('Mensagem 1').fill('Oi {nome}, o Natal chegou!');
    await dialog.getByRole('tab', { name: 'Msg. 2' }).click();
    await dialog.getByLabel('Mensagem 2').fill('Olá {nome}, ofertas de Natal na {loja}.');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);
    await shows(toast(page, 'Campanha salva'));
    const row = rowOf(page, 'Natal VIP');
    for (const text of ['Inativa', 'Lista da campanha', 'Simulado', 'Sem agendamento']) await shows(row.getByText(text, { exact: true }));

    await row.getByRole('link', { name: 'Relatório de Natal VIP' }).click();
    await shows(page.getByRole('heading', { name: 'Natal VIP', level: 1 }));
    const status = page.getByRole('region', { name: 'Status' });
    await shows(status.getByText('Inativa', { exact: true }));
    await shows(status.getByText('0 / 0', { exact: true }));
    await shows(page.getByText('Nenhum destinatário ainda.'));

    // Another tab schedules it for now; the report above is not reloaded.
    const other = await web.newPage({ signedIn: true });
    await other.goto('/campaigns');
    await rowOf(other, 'Natal VIP').getByRole('button', { name: 'Editar Natal VIP' }).click();
    const edit = await shows(other.getByRole('dialog', { name: 'Editar campanha' }));
    await expect(edit.getByLabel('Mensagem 1').inputValue()).resolves.toBe('Oi {nome}, o Natal chegou!');
    await edit.getByRole('button', { name: 'Agendar para agora' }).click();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await leaves(edit);

    await status.getByText('Finalizada', { exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
    await shows(status.getByText('2 / 2', { exact: true }));
    await expect(page.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('1');
    const card = (label: string) => page.locator('dt').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(card('Contatos válidos').innerText()).resolves.toBe('2');
    await expect(card('Entregues').innerText()).resolves.toBe('2');
    await expect(card('Conexão').innerText()).resolves.toBe('Simulado');
    await expect(card('Lista de contatos').innerText()).resolves.toBe('Lista da campanha');
    await expect(card('Conclusão').innerText()).resolves.toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const recipients = page.getByRole('table', { name: 'Destinatários' });
    for (const recipient of RECIPIENTS) await shows(recipients.getByRole('row').filter({ hasText: recipient.name }).getByText('Entregue', { exact: true }));
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('campanha-natal-vip.csv');
    const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('#;Nome;Número;Email;Situação;Motivo;Enviada em;Confirmação');
    expect(lines.slice(1).map((line) => line.split(';').slice(0, 5))).toEqual(
      RECIPIENTS.map((recipient, index) => [String(index + 1), recipient.name, recipient.number, recipient.email, 'Entregue']),
    );

    const received = await Promise.all(
      RECIPIENTS.map((recipient) => until(`the campaign at ${recipient.number}`, async () => {
        const messages = await whatsapp.sentTo(recipient.number);
        return messages.length > 0 && messages.map((message) => message.body);
      })),
    );
    expect(received).toEqual([['Oi Ana Campanha, o Natal chegou!'], ['Olá Beto Campanha, ofertas de Natal na Loja Centro.']]);

    await page.getByRole('link', { name: 'Voltar às campanhas' }).click();
    await shows(rowOf(page, 'Natal VIP').getByText('Finalizada', { exact: true }));
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
