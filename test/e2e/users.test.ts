/**
 * The users page and the profile dialog in a browser (spec 3 §2 Users, §5; spec 1 §2.7, §6): the demo
 * admin creates an agent in a queue made through the API, and the agent, signed in in a browser of
 * their own, works only that queue (its filter offers nothing else, its waiting ticket is listed, the
 * other queue's is not) until the admin adds another, which their filter then offers at once; the admin edits and deletes a user after the confirmation; another window sees
 * a new user live; the plan's user limit is refused with the catalogue's words; a plain user's own
 * profile has no profile or queue fields, and their new password sends them to the login page, which
 * says why; and axe-core finds no serious or critical violation on the page or in the dialog, light
 * and dark.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, signInThroughTheForm, startWebCloud, type WebCloud } from './support/browser';
import { listTab, listedTicket, ticketList } from './support/tickets';
import { createTenant, TEST_PASSWORD } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

/** The queue the new agent works, made through the API; the demo company's first queue is 'Atendimento'. */
const QUEUE = { name: 'Financeiro', color: '#C2185B', greetingMessage: 'Bem-vindo ao financeiro.' };
/** A waiting customer in each queue: the agent must see the first only. */
const FINANCE_CUSTOMER = { name: 'Fernanda Financeiro', number: '5511977770101' };
const OTHER_CUSTOMER = { name: 'Otávio Atendimento', number: '5511977770102' };
/** The agent the admin creates on the page. */
const AGENT = { name: 'Gabriel Agente', email: 'gabriel.agente@demo.test', password: 'Agente123' };
/** A user made through the API for the admin to edit and delete. */
const EDITED = { name: 'Diego Editável', email: 'diego.editavel@demo.test', password: 'Diego1234' };
/** A plain user who changes their own password. */
const SELF = { name: 'Sara Própria', email: 'sara.propria@demo.test', password: 'Sara12345' };

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud();
  const { cloud } = web;
  // Through the API first: a later sign-in (the browser's) ends the API's session.
  const { accessToken: token } = await cloud.signIn(web.login.email, web.login.password);
  const queue = await cloud.api('/queue', { method: 'POST', token, body: QUEUE });
  expect(queue.status).toBe(201);
  const queues = (await cloud.api('/queue', { token })).body as { id: string; name: string }[];
  const first = queues.find((each) => each.name === 'Atendimento');
  expect(first).toBeDefined();
  for (const [customer, queueId] of [
    [FINANCE_CUSTOMER, queue.body.id as string],
    [OTHER_CUSTOMER, first?.id ?? ''],
  ] as const) {
    const contact = await cloud.api('/contacts', { method: 'POST', token, body: { ...customer, email: '', extraInfo: [] } });
    expect(contact.status).toBeLessThan(300);
    const ticket = await cloud.api('/tickets', { method: 'POST', token, body: { contactId: contact.body.id, queueId, status: 'pending' } });
    expect(ticket.status).toBe(201);
  }
  for (const user of [EDITED, SELF]) {
    const created = await cloud.api('/users', { method: 'POST', token, body: { ...user, profile: 'user' } });
    expect(created.status).toBe(201);
  }
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

const usersTable = (page: Page) => page.getByRole('table', { name: 'Usuários' });
const userRow = (page: Page, name: string) => usersTable(page).getByRole('row').filter({ hasText: name });
const savedToast = (page: Page) => page.getByRole('listitem', { name: 'Operação realizada com sucesso!' });

async function openUsers(page: Page, expected = 'Admin'): Promise<void> {
  await page.goto('/users');
  await shows(page.getByRole('heading', { name: 'Usuários', level: 1 }));
  await shows(userRow(page, expected));
}

describe('the users page', () => {
  it('lets the admin create an agent in a queue, who then works only that queue', async () => {
    const page = await web.newPage({ signedIn: true });
    await openUsers(page);

    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar usuário' }));
    // The spec's messages first (spec 3 §5), from the server's own schema.
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Required').first());
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('G');
    await shows(dialog.getByText('Too Short!'));
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('abc');
    await shows(dialog.getByText('Invalid email'));
    await dialog.getByLabel(/^Senha/).fill('abcd');
    await shows(dialog.getByText(/A senha precisa de pelo menos 8 caracteres/));

    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(AGENT.name);
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(AGENT.email);
    await dialog.getByLabel(/^Senha/).fill(AGENT.password);
    await dialog.getByRole('combobox', { name: /^Filas/ }).click();
    // A multi-select's options are checkable menu items (Fluent's multiselect listbox).
    await page.getByRole('menuitemcheckbox', { name: QUEUE.name }).click();
    await page.keyboard.press('Escape');
    expect(await dialog.getByRole('combobox', { name: /^Perfil/ }).textContent()).toContain('Usuário');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);
    await shows(savedToast(page));
    const row = await shows(userRow(page, AGENT.name));
    await shows(row.getByText(QUEUE.name));
    await shows(row.getByText(AGENT.email));

    // The agent, in a browser of their own.
    const agent = await web.newPage();
    await signInThroughTheForm(agent, AGENT);
    await listTab(agent, 'Aguardando').click();
    await shows(listedTicket(agent, FINANCE_CUSTOMER.name));
    expect(await listedTicket(agent, OTHER_CUSTOMER.name).count()).toBe(0);
    await ticketList(agent).getByRole('combobox', { name: 'Filas' }).click();
    const options = agent.getByRole('menuitemcheckbox');
    await shows(options.first());
    expect(await options.allTextContents()).toEqual([QUEUE.name]);
    await agent.keyboard.press('Escape');

    // The admin adds the agent to the other queue: the agent's filter follows at once (the user event).
    await page.getByRole('button', { name: `Editar ${AGENT.name}` }).click();
    const edit = await shows(page.getByRole('dialog', { name: 'Editar usuário' }));
    await edit.getByRole('combobox', { name: /^Filas/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Atendimento' }).click();
    await page.keyboard.press('Escape');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await leaves(edit);
    await shows(row.getByText('Atendimento'));
    await ticketList(agent).getByRole('combobox', { name: 'Filas' }).click();
    await shows(agent.getByRole('menuitemcheckbox', { name: 'Atendimento' }));
  });

  it('lets the admin edit a user (name and profile) and delete them after the confirmation', async () => {
    const page = await web.newPage({ signedIn: true });
    await openUsers(page, EDITED.name);

    await page.getByRole('button', { name: `Editar ${EDITED.name}` }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Editar usuário' }));
    expect(await dialog.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe(EDITED.name);
    expect(await dialog.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe(EDITED.email);
    // Blank keeps the password; the hint says so.
    await shows(dialog.getByText('Deixe em branco para manter a senha atual.'));
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Diego Supervisor');
    await dialog.getByRole('combobox', { name: /^Perfil/ }).click();
    await page.getByRole('option', { name: 'Supervisor' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);
    const row = await shows(userRow(page, 'Diego Supervisor'));
    await shows(row.getByRole('cell', { name: 'Supervisor', exact: true }));

    // The search finds them by email too.
    await page.getByRole('searchbox', { name: 'Pesquisar usuários por nome ou email' }).fill('diego.editavel');
    await leaves(userRow(page, 'Admin'));
    await shows(userRow(page, 'Diego Supervisor'));

    await page.getByRole('button', { name: 'Excluir Diego Supervisor' }).click();
    const confirm = await shows(page.getByRole('alertdialog', { name: 'Excluir Registro' }));
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await leaves(confirm);
    await leaves(userRow(page, 'Diego Supervisor'));

    // Gone on the server too, not only from this screen.
    await openUsers(page);
    expect(await userRow(page, 'Diego Supervisor').count()).toBe(0);
  });

  it('offers no delete on one’s own row', async () => {
    const page = await web.newPage({ signedIn: true });
    await openUsers(page);

    await shows(page.getByRole('button', { name: 'Editar Admin', exact: true }));
    expect(await page.getByRole('button', { name: 'Excluir Admin', exact: true }).count()).toBe(0);
  });

  it('shows a user created in another window at once (the user realtime event)', async () => {
    const watching = await web.newPage({ signedIn: true });
    await openUsers(watching);
    const acting = await web.newPage({ signedIn: true });
    await openUsers(acting);

    await acting.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = await shows(acting.getByRole('dialog', { name: 'Adicionar usuário' }));
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Vera Ao Vivo');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('vera.aovivo@demo.test');
    await dialog.getByLabel(/^Senha/).fill('Vera12345');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);

    await shows(userRow(watching, 'Vera Ao Vivo'));
  });

  it('fits a 390 px phone: the users as cards, and the dialog within the screen', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 390, height: 844 } });
    await page.goto('/users');
    await shows(page.getByRole('heading', { name: 'Usuários', level: 1 }));

    const cards = await shows(page.getByRole('list', { name: 'Usuários' }));
    await shows(cards.getByRole('listitem').filter({ hasText: SELF.email }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar usuário' }));
    for (const name of [/^Perfil/, /^Filas/, /^Conexão padrão/, /^Ver tickets sem fila/]) {
      const box = await dialog.getByRole('combobox', { name }).boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
  });

  it('says the plan’s user limit is reached, in the catalogue’s words', async () => {
    // A company whose plan allows one user: its admin.
    const tenant = await createTenant(web.cloud, { users: 1 });
    const page = await web.newPage();
    await signInThroughTheForm(page, { email: tenant.admin.email, password: TEST_PASSWORD });
    await page.goto('/users');
    await shows(page.getByRole('heading', { name: 'Usuários', level: 1 }));

    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar usuário' }));
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Além do Limite');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(`alem.limite.${tenant.companyId.toLowerCase()}@example.test`);
    await dialog.getByLabel(/^Senha/).fill('Limite123');
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    // The open modal hides the page's toaster from the accessibility tree (its live region reads the notice out).
    await shows(page.getByRole('listitem', { name: 'O limite de usuários do seu plano foi atingido.', includeHidden: true }));
    await shows(dialog);
  });
});

describe('the profile dialog of the user menu', () => {
  it('gives a plain user name, email and password only, and a new password sends them to sign in again', async () => {
    const page = await web.newPage();
    await signInThroughTheForm(page, SELF);
    // The page is for admins (the menu does not offer it); its address says so.
    await page.goto('/users');
    await shows(page.getByText('Somente administradores acessam esta página.'));
    await page.getByRole('banner').getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();

    const dialog = await shows(page.getByRole('dialog', { name: 'Perfil' }));
    expect(await dialog.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe(SELF.name);
    expect(await dialog.getByRole('combobox').count()).toBe(0);
    await shows(dialog.getByText(/Ao trocá-la, você entrará novamente com a nova senha/));
    await dialog.getByLabel(/^Nova senha/).fill('NovaSenha99');
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    await page.waitForURL('**/login');
    await shows(page.getByText('Sua senha foi alterada. Entre com a nova senha.'));
    // Signed in again with the new password, they return where they were.
    await page.getByLabel('Email').fill(SELF.email);
    await page.getByLabel(/^Senha/).fill('NovaSenha99');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL('**/users');
  });

  it('gives the admin the same dialog with the profile and queue fields', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/tickets');
    await page.getByRole('banner').getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();

    const dialog = await shows(page.getByRole('dialog', { name: 'Perfil' }));
    await shows(dialog.getByRole('combobox', { name: /^Perfil/ }));
    await shows(dialog.getByRole('combobox', { name: /^Filas/ }));
    await shows(dialog.getByRole('combobox', { name: /^Conexão padrão/ }));
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await leaves(dialog);
  });
});

describe('accessibility of the users page (axe-core, impact serious or critical)', () => {
  it.each(['light', 'dark'] as const)('finds no violation on the list or in the user dialog, in the %s theme', async (colorScheme) => {
    const page = await web.newPage({ signedIn: true, colorScheme });
    await openUsers(page);
    await shows(page.getByRole('button', { name: colorScheme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro' }));

    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar usuário' }));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Required').first());

    expect(await seriousViolations(page)).toEqual([]);
  });
});
