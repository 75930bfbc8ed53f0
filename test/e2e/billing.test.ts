/**
 * Billing in a browser (spec 3 §2 Invoices, Checkout dialog; §4, §5, §8; issue: billing end to end): an
 * admin of a company three days from its due date opens Financeiro, pays the open invoice with PIX
 * through the checkout's steps, the payment simulator pays the code, and the dialog says the licence was
 * renewed with the new date and goes back to / after 4 s; the due date moved by one month, once. And a
 * company past its due date: the login's refusal offers to pay, the lapsed view pays, and the app opens.
 */
import type { Page } from 'playwright-core';
import { addDays, addRecurrence } from '../../shared/companies';
import { today } from '../../shared/company-time';
import { getCompany } from '../../functions/core/repositories/companies';
import { findInvoice } from '../../functions/core/repositories/invoices';
import { payWithSimulator } from '../../scripts/simulate-payment';
import { makePaying, setDueDate } from '../support/billing';
import { ifAssigned } from '../support/teardown';
import { shows, startWebCloud, type WebCloud } from './support/browser';

let web: WebCloud;
let company: { companyId: string; planId: string };
let dueDate: string;

beforeAll(async () => {
  web = await startWebCloud();
  // Through the API first: the browser's sign-in ends this one.
  const { accessToken } = await web.cloud.signIn(web.login.email, web.login.password);
  const me = await web.cloud.api('/auth/me', { token: accessToken });
  company = { companyId: me.body.company.id, planId: me.body.company.plan.id };
  dueDate = await makePaying(web.cloud, company, { dueInDays: 3, value: 249 });
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

const brazilian = (day: string) => day.split('-').reverse().join('/');

/**
 * Walks the checkout of the invoice on screen to its PIX code: Dados, Personalizar (the plan kept),
 * Revisar, PAGAR. `firstTime`: the company has no billing address yet, and the Dados step says so.
 */
async function checkoutToPix(page: Page, invoiceId: string, firstTime: boolean): Promise<void> {
  const row = page.getByRole('table', { name: 'Faturas' }).getByRole('row').filter({ has: page.getByRole('cell', { name: invoiceId, exact: true }) });
  await row.getByRole('button', { name: 'Pagar' }).click();
  const dialog = await shows(page.getByRole('dialog', { name: `Pagar a fatura ${invoiceId}` }));
  if (firstTime) {
    // The spec's required-field messages, on what the company's billing data leave empty (its name is there).
    await dialog.getByRole('button', { name: 'Próximo' }).click();
    await shows(dialog.getByText('O Endereço é obrigatório'));
    await shows(dialog.getByText('País é obrigatório'));
  }
  await dialog.getByRole('textbox', { name: /^Nome completo/ }).fill('Maria da Silva');
  await dialog.getByRole('textbox', { name: /^CPF ou CNPJ/ }).fill('529.982.247-25');
  await dialog.getByRole('textbox', { name: /^Endereço/ }).fill('Rua das Flores, 100');
  await dialog.getByRole('textbox', { name: /^Cidade/ }).fill('São Paulo');
  await dialog.getByRole('textbox', { name: /^CEP/ }).fill('01310-100');
  await dialog.getByRole('combobox', { name: /^País/ }).click();
  await shows(page.getByRole('option', { name: 'Brasil' }));
  expect(await page.getByRole('option').allTextContents()).toEqual(['Brasil', 'Estados Unidos']);
  await page.getByRole('option', { name: 'Brasil' }).click();
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await shows(dialog.getByRole('list', { name: 'Escolha o plano' }));
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await dialog.getByRole('button', { name: 'PAGAR' }).click();
  await shows(dialog.getByRole('img', { name: /^QR code do PIX de R\$\s249,00/ }));
  expect(await dialog.getByRole('textbox', { name: 'PIX copia e cola' }).inputValue()).toMatch(/^000201/);
}

describe('paying an invoice', () => {
  it('takes an admin three days from the due date from Financeiro to a PIX code, and the payment renews the licence once', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/financeiro');
    const row = page.getByRole('table', { name: 'Faturas' }).getByRole('row').filter({ hasText: 'Em Aberto' });
    await shows(row.filter({ hasText: 'R$ 249,00' }).filter({ hasText: brazilian(dueDate) }));

    await checkoutToPix(page, '1', true);
    await payWithSimulator({ apiUrl: web.cloud.urls.api, companyId: company.companyId, invoiceId: '1' });
    await payWithSimulator({ apiUrl: web.cloud.urls.api, companyId: company.companyId, invoiceId: '1' });

    const renewed = addRecurrence(dueDate, 'MENSAL');
    await shows(page.getByText(`Licença renovada com sucesso! Nova data de vencimento: ${brazilian(renewed)}`));
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect((await getCompany(company.companyId, true))?.dueDate).toBe(renewed);
    expect((await findInvoice(company.companyId, '1'))?.status).toBe('paid');
  });
});

describe('a company past its due date', () => {
  it("is offered to pay by the login's refusal, pays in the lapsed view, and is let in", async () => {
    const lapsedOn = addDays(today(), -2);
    await setDueDate(web.cloud, company.companyId, lapsedOn);
    const page = await web.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(web.login.email);
    await page.getByLabel(/^Senha/).fill(web.login.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByRole('button', { name: 'Pagar fatura' }).click();

    await shows(page.getByText('Assinatura vencida'));
    await shows(page.getByRole('table', { name: 'Faturas' }).getByRole('row').filter({ hasText: 'Vencido' }));
    await checkoutToPix(page, '2', false);
    await payWithSimulator({ apiUrl: web.cloud.urls.api, companyId: company.companyId, invoiceId: '2' });

    await shows(page.getByText(/^Licença renovada com sucesso!/));
    await shows(page.getByRole('navigation').first());
    expect((await getCompany(company.companyId, true))?.dueDate).toBe(addRecurrence(today(), 'MENSAL'));
  });
});
