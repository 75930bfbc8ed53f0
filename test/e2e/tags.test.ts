/**
 * The tags page in a browser (spec 3 §2 Tags, §5, §6): the demo admin sees each tag's ticket count,
 * creates a tag in the dialog (its messages, the colour picker and hex field, the kanban toggle),
 * edits it and deletes it after the confirmation; a plain user has neither the kanban toggle nor the
 * delete button (spec 3 §6); another window of the company sees a new tag live;
 * and axe-core finds no serious or critical violation on the page or in the dialog, light and dark.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, signInThroughTheForm, startWebCloud, type WebCloud } from './support/browser';
import { ifAssigned } from '../support/teardown';

/** A tag carried by two tickets, set up through the API before the browser signs in. */
const COUNTED_TAG = 'Cliente VIP';
const CUSTOMERS = [
  { name: 'Ana Souza', number: '5511988880101' },
  { name: 'Bruno Lima', number: '5511988880102' },
];
/** A colleague with the plain user profile. */
const COLLEAGUE = { name: 'Carla Atendente', email: 'carla.tags@example.com', password: 'Senha123forte' };

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud();
  const { cloud } = web;
  // Through the API first: a later sign-in (the browser's) ends the API's session.
  const { accessToken: token } = await cloud.signIn(web.login.email, web.login.password);
  const tag = await cloud.api('/tags', { method: 'POST', token, body: { name: COUNTED_TAG, color: '#8E24AA' } });
  expect(tag.status).toBe(201);
  for (const customer of CUSTOMERS) {
    const contact = await cloud.api('/contacts', { method: 'POST', token, body: { ...customer, email: '', extraInfo: [] } });
    expect(contact.status).toBeLessThan(300);
    const ticket = await cloud.api('/tickets', { method: 'POST', token, body: { contactId: contact.body.id, status: 'open' } });
    expect(ticket.status).toBe(201);
    const synced = await cloud.api('/tags/sync', { method: 'POST', token, body: { ticketId: ticket.body.id, tags: [{ id: tag.body.id }] } });
    expect(synced.status).toBeLessThan(300);
  }
  const colleague = await cloud.api('/users', { method: 'POST', token, body: { ...COLLEAGUE, profile: 'user' } });
  expect(colleague.status).toBeLessThan(300);
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

const tagsTable = (page: Page) => page.getByRole('table', { name: 'Tags' });
const tagRow = (page: Page, name: string) => tagsTable(page).getByRole('row').filter({ hasText: name });
const toast = (page: Page) => page.getByRole('listitem', { name: 'Operação realizada com sucesso!' });

async function openTags(page: Page): Promise<void> {
  await page.goto('/tags');
  await shows(page.getByRole('heading', { name: 'Tags', level: 1 }));
  await shows(tagRow(page, COUNTED_TAG));
}

describe('the tags page', () => {
  it('shows how many tickets carry each tag', async () => {
    const page = await web.newPage({ signedIn: true });
    await openTags(page);

    await shows(tagRow(page, COUNTED_TAG).getByRole('cell', { name: '2 tickets' }));
  });

  it('lets the admin create a tag, with the messages of the spec and the kanban toggle, then edit and delete it', async () => {
    const page = await web.newPage({ signedIn: true });
    await openTags(page);

    await page.getByRole('button', { name: 'Adicionar tag' }).click();
    let dialog = await shows(page.getByRole('dialog', { name: 'Adicionar tag' }));
    const name = dialog.getByRole('textbox', { name: /^Nome/ });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Obrigatório'));
    await name.fill('ab');
    await shows(dialog.getByText('Mensagem muito curta'));
    await name.fill('Atacado');
    // The picker has a name of its own and writes the hex field; the hex field takes typing too.
    await dialog.getByLabel('Escolher a cor').fill('#00897b');
    const hex = dialog.getByRole('textbox', { name: /^Cor em hexadecimal/ });
    expect((await hex.inputValue()).toLowerCase()).toBe('#00897b');
    await hex.fill('#FF8800');
    expect(await dialog.getByLabel('Escolher a cor').inputValue()).toBe('#ff8800');
    await dialog.getByRole('switch', { name: 'Kanban' }).check();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);
    await shows(toast(page));
    const created = await shows(tagRow(page, 'Atacado'));
    await shows(created.getByText('Kanban', { exact: true }));
    await shows(created.getByRole('cell', { name: '0 tickets' }));

    await page.getByRole('button', { name: 'Editar Atacado' }).click();
    dialog = await shows(page.getByRole('dialog', { name: 'Editar tag' }));
    expect(await dialog.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe('Atacado');
    expect(await dialog.getByRole('switch', { name: 'Kanban' }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Atacado e varejo');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);
    await shows(tagRow(page, 'Atacado e varejo'));

    await page.getByRole('button', { name: 'Excluir Atacado e varejo' }).click();
    const confirm = await shows(page.getByRole('alertdialog', { name: 'Excluir Registro' }));
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await leaves(confirm);
    await leaves(tagRow(page, 'Atacado e varejo'));

    // Gone on the server too, not only from this screen.
    await page.reload();
    await shows(tagRow(page, COUNTED_TAG));
    expect(await tagRow(page, 'Atacado').count()).toBe(0);
  });

  it('gives a plain user no kanban toggle and no delete button, while editing stays open to them', async () => {
    const page = await web.newPage();
    await signInThroughTheForm(page, COLLEAGUE);
    await openTags(page);

    await shows(page.getByRole('button', { name: `Editar ${COUNTED_TAG}` }));
    expect(await page.getByRole('button', { name: `Excluir ${COUNTED_TAG}` }).count()).toBe(0);
    await page.getByRole('button', { name: 'Adicionar tag' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar tag' }));
    await shows(dialog.getByRole('textbox', { name: /^Nome/ }));
    expect(await dialog.getByRole('switch').count()).toBe(0);
  });

  it('shows a tag created in another window at once (the tag realtime event)', async () => {
    const watching = await web.newPage({ signedIn: true });
    await openTags(watching);
    const acting = await web.newPage({ signedIn: true });
    await openTags(acting);

    await acting.getByRole('button', { name: 'Adicionar tag' }).click();
    const dialog = await shows(acting.getByRole('dialog', { name: 'Adicionar tag' }));
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Retorno');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);

    await shows(tagRow(watching, 'Retorno'));
  });
});

describe('accessibility of the tags page (axe-core, impact serious or critical)', () => {
  it.each(['light', 'dark'] as const)('finds no violation on the list or in the tag dialog, in the %s theme', async (colorScheme) => {
    const page = await web.newPage({ signedIn: true, colorScheme });
    await openTags(page);
    await shows(page.getByRole('button', { name: colorScheme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro' }));

    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Adicionar tag' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar tag' }));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Obrigatório'));

    expect(await seriousViolations(page)).toEqual([]);
  });
});
