/**
 * The settings page in a browser (spec 3 §2 Settings, §7, §8): the demo admin turns ratings on in the
 * Opções tab, and finishing an attended ticket then sends the rating prompt to the customer's simulated
 * phone; choosing company work hours brings the Horários tab, whose week is typed through the HH:MM
 * mask, saved with its own button and read back after a reload. The demo admin, a super user, moves
 * a company's due date by its recurrence in Empresas and creates a plan without AI in Planos; an admin
 * of a company on that plan opening /prompts reads the plan's refusal; a help video added in Ajuda from
 * a pasted link shows on /helps. And axe-core finds no serious or critical violation on the tabs,
 * light and dark.
 */
import type { Page } from 'playwright-core';
import { createCompany } from '../../functions/core/companies/create-company';
import { RATING_PROMPT } from '../../functions/core/conversations/ticket-notices';
import { seriousViolations, shows, signInThroughTheForm, startWebCloud, until, type WebCloud } from './support/browser';
import { textLines } from './support/layout';
import { attendedTicket, listedTicket, listTab } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';
import { createTenant, TEST_PASSWORD, type Tenant } from '../support/tenants';

const CUSTOMER = { number: '5511988880401', name: 'Rita Avaliadora' };

let web: WebCloud;
let whatsapp: DemoWhatsApp;
let ticketUuid: string;
/** A company of its own admin, due 2999-12-31, monthly. */
let tenant: Tenant;
const PLAN_WITHOUT_AI = 'Plano sem IA';
const REFUSAL = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.';

beforeAll(async () => {
  web = await startWebCloud({ privateCloud: true });
  whatsapp = await connectDemoWhatsApp(web);
  // Through the API before any browser signs in (one sign-in per user: the browser's takes over).
  ticketUuid = (await attendedTicket(web.cloud, whatsapp, CUSTOMER, 'Olá, quero saber do meu pedido.')).uuid;
  tenant = await createTenant(web.cloud);
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

const toast = (page: Page, text: string) => page.getByRole('listitem', { name: text });
const settingsTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Partes das configurações' }).getByRole('tab', { name });

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await shows(page.getByRole('heading', { name: 'Configurações', level: 1 }));
  await shows(page.getByRole('switch', { name: 'Avaliações dos atendimentos' }));
}

/** Picks a value of one of the Opções tab's selects and waits for the save's toast. */
async function choose(page: Page, setting: string, value: string): Promise<void> {
  await page.getByRole('combobox', { name: setting }).click();
  await page.getByRole('option', { name: value }).click();
  await shows(toast(page, 'Operação atualizada com sucesso.'));
}

describe('the settings page', () => {
  it('turns ratings on in Opções, and finishing an attended ticket then asks the customer for a rating', async () => {
    const page = await web.newPage({ signedIn: true });
    await openSettings(page);
    const ratings = page.getByRole('switch', { name: 'Avaliações dos atendimentos' });
    expect(await ratings.isChecked()).toBe(false);
    // The platform's keys are the super user's: the demo admin is one, so they show too.
    await shows(page.getByRole('switch', { name: 'Campanhas habilitadas nesta empresa' }));
    expect(await page.getByLabel('Token do Asaas (pagamentos)').inputValue()).toBe('');

    await ratings.click();
    await shows(toast(page, 'Operação atualizada com sucesso.'));
    await until('the switch on', async () => ratings.isChecked());

    // A reload reads the stored value back.
    await openSettings(page);
    expect(await page.getByRole('switch', { name: 'Avaliações dos atendimentos' }).isChecked()).toBe(true);

    await page.goto(`/tickets/${ticketUuid}`);
    await listTab(page, 'Atendendo').click();
    await listedTicket(page, CUSTOMER.name).getByRole('button', { name: 'Finalizar' }).click();
    await listedTicket(page, CUSTOMER.name).waitFor({ state: 'detached' });

    const prompt = await until('the rating prompt at the phone', async () =>
      (await whatsapp.sentTo(CUSTOMER.number)).find((sent) => sent.body.includes(RATING_PROMPT)),
    );
    expect(prompt.body).toContain('avalie o nosso atendimento');
  });

  it('shows Horários only for company work hours, and saves the week typed there', async () => {
    const page = await web.newPage({ signedIn: true });
    await openSettings(page);
    expect(await settingsTab(page, 'Horários').count()).toBe(0);

    await choose(page, 'Gerenciamento de expediente', 'Por empresa');
    await settingsTab(page, 'Horários').click();
    const monday = page.getByRole('textbox', { name: 'Segunda-feira: início' });
    // A new company's week is empty: every day closed.
    expect(await shows(monday).then((input) => input.inputValue())).toBe('00:00');

    await monday.fill('');
    await monday.pressSequentially('0900');
    expect(await monday.inputValue()).toBe('09:00');
    const mondayEnd = page.getByRole('textbox', { name: 'Segunda-feira: fim' });
    await mondayEnd.fill('');
    await mondayEnd.pressSequentially('0800');
    await shows(page.getByText('Clique em salvar para registrar as alterações.'));
    await page.getByRole('button', { name: 'Salvar horários' }).click();
    // The server's rule, checked before sending: the end may not come before the start.
    await shows(page.getByText('O fim não pode ser antes do início'));

    await mondayEnd.fill('');
    await mondayEnd.pressSequentially('1730');
    await page.getByRole('button', { name: 'Salvar horários' }).click();
    await shows(toast(page, 'Horários atualizados com sucesso.'));

    await openSettings(page);
    await settingsTab(page, 'Horários').click();
    expect(await shows(page.getByRole('textbox', { name: 'Segunda-feira: início' })).then((input) => input.inputValue())).toBe('09:00');
    expect(await page.getByRole('textbox', { name: 'Segunda-feira: fim' }).inputValue()).toBe('17:30');
  });

  it('lets the super user move a company’s due date forward by its recurrence in Empresas', async () => {
    const page = await web.newPage({ signedIn: true });
    await openSettings(page);
    await settingsTab(page, 'Empresas').click();
    const companyName = (await web.cloud.api(`/companies/${tenant.companyId}`, { token: tenant.admin.token })).body.name as string;
    const row = await shows(page.getByRole('table', { name: 'Empresas' }).getByRole('row').filter({ hasText: companyName }));
    await shows(row.getByText('31/12/2999'));

    await row.getByRole('button', { name: `Avançar o vencimento de ${companyName} pela recorrência` }).click();

    await shows(toast(page, `Vencimento de ${companyName} movido para 31/01/3000.`));
    await shows(row.getByText('31/01/3000'));
    const stored = await web.cloud.api(`/companies/${tenant.companyId}`, { token: tenant.admin.token });
    expect(stored.body.dueDate).toBe('3000-01-31');
  });

  it('creates a company with its admin and billing address from the Empresas form, edits it, then deletes it after the confirmation', async () => {
    const page = await web.newPage({ signedIn: true });
    await openSettings(page);
    await settingsTab(page, 'Empresas').click();
    await page.getByRole('button', { name: 'Adicionar empresa' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar empresa' }));
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Padaria Central');
    // Email and plan are required; the admin's password follows the one policy.
    await dialog.getByRole('textbox', { name: 'Senha do administrador' }).fill('curta');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Obrigatório').first());
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`padaria.${Date.now().toString(36)}@central.test`);
    await dialog.getByRole('textbox', { name: 'Senha do administrador' }).fill(TEST_PASSWORD);
    await dialog.getByRole('textbox', { name: 'CEP' }).fill('01310-100');
    await dialog.getByRole('textbox', { name: 'Cidade' }).fill('São Paulo');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(toast(page, 'Operação realizada com sucesso!'));
    const row = await shows(page.getByRole('table', { name: 'Empresas' }).getByRole('row').filter({ hasText: 'Padaria Central' }));

    // The edit form opens with the stored address; a changed city is kept.
    await row.getByRole('button', { name: 'Editar Padaria Central' }).click();
    const editing = await shows(page.getByRole('dialog', { name: 'Editar empresa' }));
    expect(await editing.getByRole('textbox', { name: 'CEP' }).inputValue()).toBe('01310-100');
    await editing.getByRole('textbox', { name: 'Cidade' }).fill('Campinas');
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await editing.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Editar Padaria Central' }).click();
    expect(await (await shows(page.getByRole('dialog', { name: 'Editar empresa' }))).getByRole('textbox', { name: 'Cidade' }).inputValue()).toBe('Campinas');
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Excluir Padaria Central' }).click();
    const confirm = await shows(page.getByRole('alertdialog', { name: 'Excluir Registro' }));
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it('shows an administrator who is not a super user only Opções, without the platform’s keys', async () => {
    const page = await web.newPage();
    await signInThroughTheForm(page, { email: tenant.admin.email, password: TEST_PASSWORD });
    await openSettings(page);
    expect(await page.getByRole('tablist', { name: 'Partes das configurações' }).getByRole('tab').allTextContents()).toEqual(['Opções']);
    expect(await page.getByRole('switch', { name: 'Campanhas habilitadas nesta empresa' }).count()).toBe(0);
    expect(await page.getByLabel('Token do Asaas (pagamentos)').count()).toBe(0);
  });

  it('creates a plan without AI in Planos, and an admin of a company on it is refused /prompts', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 1366, height: 768 } });
    await openSettings(page);
    await settingsTab(page, 'Planos').click();
    await page.getByRole('button', { name: 'Adicionar plano' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar plano' }));
    // The spec's defaults: limits and value 0, every feature on.
    expect(await dialog.getByRole('textbox', { name: 'Usuários' }).inputValue()).toBe('0');
    expect(await dialog.getByRole('switch', { name: 'OpenAI' }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(PLAN_WITHOUT_AI);
    await dialog.getByRole('textbox', { name: 'Usuários' }).fill('3');
    await dialog.getByRole('switch', { name: 'OpenAI' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(toast(page, 'Operação realizada com sucesso!'));
    const planRow = await shows(page.getByRole('table', { name: 'Planos' }).getByRole('row').filter({ hasText: PLAN_WITHOUT_AI }));
    // Issue 27: at 1366 px its features stood one word a line ('Campanhas,' 'Agendamentos,' ...).
    expect(await textLines(planRow.getByText('Campanhas, Agendamentos'))).toBeLessThanOrEqual(3);

    const plans = (await web.cloud.api('/plans/list')).body as { id: string; name: string }[];
    const plan = plans.find((candidate) => candidate.name === PLAN_WITHOUT_AI);
    if (plan === undefined) throw new Error('the new plan is not in the public list');
    const email = `admin.sem-ia.${Date.now().toString(36)}@plano.test`;
    await createCompany({
      company: { name: 'Loja Sem IA', email, phone: '', planId: plan.id, dueDate: '2999-12-31', recurrence: 'MENSAL', status: true },
      admin: { name: 'Admin Sem IA', email, password: TEST_PASSWORD, super: false },
      firstQueue: { name: 'Atendimento', color: '#0f766e' },
    });

    const admin = await web.newPage();
    await signInThroughTheForm(admin, { email, password: TEST_PASSWORD });
    await admin.goto('/prompts');
    await shows(admin.getByText(REFUSAL).first());
    await admin.waitForURL((url) => url.pathname === '/');
  });

  it('adds a help video in Ajuda from a pasted link, and every user finds it on /helps', async () => {
    const page = await web.newPage({ signedIn: true });
    await openSettings(page);
    await settingsTab(page, 'Ajuda').click();
    await page.getByRole('button', { name: 'Adicionar vídeo' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar vídeo de ajuda' }));
    await dialog.getByRole('textbox', { name: 'Título' }).fill('Configurando as filas');
    await dialog.getByRole('textbox', { name: 'Código ou link do vídeo' }).fill('https://youtu.be/dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(toast(page, 'Operação realizada com sucesso!'));
    const row = await shows(page.getByRole('table', { name: 'Ajuda' }).getByRole('row').filter({ hasText: 'Configurando as filas' }));
    await shows(row.getByRole('link', { name: 'Assistir Configurando as filas' }));

    await page.goto('/helps');
    await shows(page.getByRole('button', { name: /Configurando as filas/ }));
  });

  it('fits a 390 px wide phone on every tab, the tables as cards', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 390, height: 844 } });
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await openSettings(page);
    expect(await sideways()).toBeLessThanOrEqual(0);
    for (const [tab, list] of [['Horários', null], ['Empresas', 'Empresas'], ['Planos', 'Planos'], ['Ajuda', 'Ajuda']] as const) {
      await settingsTab(page, tab).click();
      if (list === null) await shows(page.getByRole('textbox', { name: 'Segunda-feira: início' }));
      else await shows(page.getByRole('list', { name: list }));
      expect(await sideways()).toBeLessThanOrEqual(0);
    }
  });

  it.each(['light', 'dark'] as const)('has no serious or critical accessibility violation on its tabs, in the %s theme', async (colorScheme) => {
    const page = await web.newPage({ signedIn: true, colorScheme });
    await openSettings(page);
    if (colorScheme === 'dark') await shows(page.getByRole('button', { name: 'Usar tema claro' }));
    expect(await seriousViolations(page)).toEqual([]);

    // The previous test left the work hours with the company, so Horários is there.
    await settingsTab(page, 'Horários').click();
    await shows(page.getByRole('textbox', { name: 'Segunda-feira: início' }));
    expect(await seriousViolations(page)).toEqual([]);

    await settingsTab(page, 'Empresas').click();
    await shows(page.getByRole('table', { name: 'Empresas' }));
    expect(await seriousViolations(page)).toEqual([]);

    await settingsTab(page, 'Planos').click();
    await shows(page.getByRole('table', { name: 'Planos' }));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Adicionar plano' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar plano' }));
    // Read once the dialog has faded in: mid-animation its colours are not yet the theme's.
    await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await settingsTab(page, 'Ajuda').click();
    await shows(page.getByRole('table', { name: 'Ajuda' }));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
