/**
 * The announcements page in a browser (spec 3 §2 Announcements, §4, §5, §8, §9): the demo admin, a super
 * user, creates an announcement in the dialog (its defaults, its required fields, an image whose spaces
 * become underscores), edits it and deletes it after the confirmation; it shows in the header's
 * popover, and another window sees it arrive live (the `company-announcement` event). A plain admin is
 * refused with the permission toast and sent to / a second later. axe-core finds no serious or
 * critical violation on the page or in the dialog, light and dark.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, startWebCloud, type WebCloud } from './support/browser';
import { textLines } from './support/layout';
import { ifAssigned } from '../support/teardown';

/** The admin (not a super user) of another company. */
const PLAIN_ADMIN = { email: 'gestora@informativos.test', password: 'Gestora@1234' };
/** A 1×1 PNG: the server checks that the bytes are the image its name says. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** An announcement there from the start, through the API. */
const SEEDED = { title: 'Boas-vindas', text: 'Bem-vindos à plataforma.', priority: 2 };
const REFUSAL = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud({ privateCloud: true });
  // Through the API first: a later sign-in of the demo admin (the browser's) ends the API's session.
  const { accessToken: token } = await web.cloud.signIn(web.login.email, web.login.password);
  const plan = await web.cloud.api('/plans', { method: 'POST', token, body: { name: 'Informativos', users: 5, connections: 1, queues: 5 } });
  expect(plan.status).toBe(201);
  const company = await web.cloud.api('/companies', {
    method: 'POST',
    token,
    body: { name: 'Informativos Ltda', email: PLAIN_ADMIN.email, planId: plan.body.id, password: PLAIN_ADMIN.password, dueDate: '2099-12-31' },
  });
  expect(company.status).toBe(201);
  const seeded = await web.cloud.api('/announcements', { method: 'POST', token, body: SEEDED });
  expect(seeded.status).toBe(201);
}, 120_000);

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

const table = (page: Page) => page.getByRole('table', { name: 'Informativos' });
const row = (page: Page, title: string) => table(page).getByRole('row').filter({ hasText: title });
const success = (page: Page) => page.getByRole('listitem', { name: 'Operação realizada com sucesso!' });

async function openAnnouncements(page: Page): Promise<void> {
  await page.goto('/announcements');
  await shows(page.getByRole('heading', { name: 'Informativos', level: 1 }));
  await shows(page.getByRole('button', { name: 'Adicionar informativo' }));
  await leaves(page.getByText('Carregando informativos…'));
}

/** How many pixels the page scrolls sideways (none on a phone). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The header's popover, opened: the list of active announcements. */
async function openPopover(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /^Informativos/ }).click();
  return shows(page.getByRole('dialog', { name: 'Informativos' }));
}

describe('the announcements page of a super user', () => {
  it('creates an announcement with an image, shows it in the table and the header popover, edits it and deletes it', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 1366, height: 768 } });
    await openAnnouncements(page);

    await page.getByRole('button', { name: 'Adicionar informativo' }).click();
    let dialog = await shows(page.getByRole('dialog', { name: 'Adicionar informativo' }));
    // Spec 3 §4: a new one is low priority and active.
    expect(await dialog.getByRole('combobox', { name: 'Prioridade' }).textContent()).toContain('Baixa');
    expect(await dialog.getByRole('switch', { name: 'Ativo' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Obrigatório').first());
    expect(await dialog.getByText('Obrigatório').count()).toBe(2);

    await dialog.getByRole('textbox', { name: /^Título/ }).fill('Manutenção programada');
    await dialog.getByRole('textbox', { name: /^Texto/ }).fill('O sistema fica fora do ar no sábado às 22h.');
    await dialog.getByRole('combobox', { name: 'Prioridade' }).click();
    await page.getByRole('option', { name: 'Alta' }).click();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'aviso importante.png', mimeType: 'image/png', buffer: PNG });
    await shows(dialog.getByText('aviso_importante.png'));
    await shows(dialog.getByRole('img', { name: 'Prévia da imagem aviso_importante.png' }));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);
    await shows(success(page));

    let created = await shows(row(page, 'Manutenção programada'));
    await shows(created.getByText('Alta'));
    // Issue 27: the file name stood one letter a line, squeezed by the title column.
    expect(await textLines(await shows(created.getByText('aviso_importante.png')))).toBe(1);
    await shows(created.getByText('Ativo', { exact: true }));

    const popover = await openPopover(page);
    await shows(popover.getByText('Manutenção programada'));
    await shows(popover.getByRole('img', { name: 'Imagem do informativo Manutenção programada' }));
    await page.keyboard.press('Escape');
    await leaves(popover);

    await page.getByRole('button', { name: 'Editar Manutenção programada' }).click();
    dialog = await shows(page.getByRole('dialog', { name: 'Editar informativo' }));
    expect(await dialog.getByRole('textbox', { name: /^Título/ }).inputValue()).toBe('Manutenção programada');
    await shows(dialog.getByRole('img', { name: 'Prévia da imagem aviso_importante.png' }));
    await dialog.getByRole('textbox', { name: /^Título/ }).fill('Manutenção adiada');
    await dialog.getByRole('combobox', { name: 'Prioridade' }).click();
    await page.getByRole('option', { name: 'Média' }).click();
    await dialog.getByRole('switch', { name: 'Ativo' }).uncheck();
    await dialog.getByRole('button', { name: 'Remover a imagem aviso_importante.png' }).click();
    await shows(dialog.getByText('Sem imagem'));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);

    created = await shows(row(page, 'Manutenção adiada'));
    await shows(created.getByText('Média'));
    await shows(created.getByText('Inativo'));
    await shows(created.getByText('Sem anexo'));
    // Inactive: no longer in the popover everyone reads.
    const after = await openPopover(page);
    await shows(after.getByText(SEEDED.title));
    expect(await after.getByText('Manutenção adiada').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Excluir Manutenção adiada' }).click();
    const confirm = await shows(page.getByRole('alertdialog', { name: 'Excluir Registro' }));
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await leaves(confirm);
    await leaves(row(page, 'Manutenção adiada'));

    // Gone on the server too, not only from this screen.
    await page.reload();
    await shows(row(page, SEEDED.title));
    expect(await row(page, 'Manutenção adiada').count()).toBe(0);
  });

  it('shows an announcement created in another window at once, in the table and in the popover', async () => {
    const watching = await web.newPage({ signedIn: true });
    await openAnnouncements(watching);
    const acting = await web.newPage({ signedIn: true });
    await openAnnouncements(acting);

    await acting.getByRole('button', { name: 'Adicionar informativo' }).click();
    const dialog = await shows(acting.getByRole('dialog', { name: 'Adicionar informativo' }));
    await dialog.getByRole('textbox', { name: /^Título/ }).fill('Nova versão');
    await dialog.getByRole('textbox', { name: /^Texto/ }).fill('Chegou a versão 6.0.0.');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);

    await shows(row(watching, 'Nova versão').getByText('Baixa'));
    const popover = await openPopover(watching);
    await shows(popover.getByText('Chegou a versão 6.0.0.'));
  });
});

describe('the announcements page on a phone (390 px)', () => {
  it('shows each announcement as a card with its priority word and its buttons, and the dialog fits without sideways scroll', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 390, height: 844 } });
    await openAnnouncements(page);

    const cards = await shows(page.getByRole('list', { name: 'Informativos' }));
    const card = cards.getByRole('listitem').filter({ hasText: SEEDED.title });
    await shows(card.getByText('Média'));
    await shows(card.getByRole('button', { name: `Editar ${SEEDED.title}` }));
    await shows(card.getByRole('button', { name: `Excluir ${SEEDED.title}` }));
    expect(await sidewaysOverflow(page)).toBe(0);

    await card.getByRole('button', { name: `Editar ${SEEDED.title}` }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Editar informativo' }));
    await shows(dialog.getByRole('button', { name: 'Escolher imagem' }));
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

describe('the announcements page of anyone else', () => {
  it('refuses a plain admin with the permission toast and goes to / a second later', async () => {
    const page = await web.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(PLAIN_ADMIN.email);
    await page.getByLabel(/^Senha/).fill(PLAIN_ADMIN.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL('**/tickets');

    await page.goto('/announcements');

    await shows(page.getByText(REFUSAL).first());
    expect(await page.getByRole('button', { name: 'Adicionar informativo' }).count()).toBe(0);
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('accessibility of the announcements page (axe-core, impact serious or critical)', () => {
  it.each(['light', 'dark'] as const)('finds no violation on the list or in the dialog, in the %s theme', async (colorScheme) => {
    const page = await web.newPage({ signedIn: true, colorScheme });
    await openAnnouncements(page);
    await shows(page.getByRole('button', { name: colorScheme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro' }));
    await shows(row(page, SEEDED.title).getByText('Média'));

    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Adicionar informativo' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar informativo' }));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Obrigatório').first());

    expect(await seriousViolations(page)).toEqual([]);
  });
});
