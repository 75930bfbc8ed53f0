/**
 * Billing on the local cloud (spec 3 §2 Invoices, Checkout dialog, Subscription page, §3-§5, §7-§9;
 * docs/architecture.md §7-§8): the daily run issues each cycle's invoice once; an administrator lists
 * invoices and pays one with PIX through the payment simulator or through Asaas (a fake Asaas of the
 * harness, speaking its documented shapes); the payment notification moves the due date by one cycle
 * exactly once however it is replayed or reordered, and changes nothing when forged; a company past its
 * due date pays and is let in at once; card fields are refused.
 *
 * A private cloud: the Asaas key and webhook token are settings of the whole platform, which a file on
 * the shared cloud must not change under the others.
 */
import { addDays, addRecurrence } from '../../shared/companies';
import { today } from '../../shared/company-time';
import { ENV } from '../../infra/resources/environment';
import { issueDueInvoices } from '../../functions/core/billing/issue-invoices';
import { getCompany } from '../../functions/core/repositories/companies';
import { findInvoice, listCompanyInvoices } from '../../functions/core/repositories/invoices';
import { payWithSimulator } from '../../scripts/simulate-payment';
import { DADOS, invoicesOf, makePaying, openInvoiceOf, setDueDate } from '../support/billing';
import { startFakeAsaas, type FakeAsaas } from '../support/fake-asaas';
import { listen } from '../support/listen';
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { ifAssigned } from '../support/teardown';
import { addUser, createTenant, type Tenant } from '../support/tenants';

let cloud: TestCloud;
let superToken: string;

beforeAll(async () => {
  cloud = await startTestCloud();
  superToken = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

/** A company whose plan costs `value`, due `dueInDays` from today, its admin signed in. */
async function payingTenant(dueInDays: number, value = 249): Promise<Tenant & { dueDate: string }> {
  const tenant = await createTenant(cloud);
  const dueDate = await makePaying(cloud, tenant, { dueInDays, value });
  return { ...tenant, dueDate };
}

const subscribe = (tenant: Tenant, body: Record<string, unknown>) => cloud.api('/subscription', { method: 'POST', token: tenant.admin.token, body: { ...DADOS, plan: tenant.planId, ...body } });

const dueDateOf = async (companyId: string) => (await getCompany(companyId, true))?.dueDate;

describe('issuing invoices', () => {
  it("issues each company's invoice once, from ten days before its due date, for its plan's value", async () => {
    const near = await payingTenant(3);
    const far = await payingTenant(20);
    const free = await createTenant(cloud);
    await setDueDate(cloud, free.companyId, addDays(today(), 2));

    // The daily run twice at once, then again: one invoice.
    await Promise.all([issueDueInvoices(new Date()), issueDueInvoices(new Date())]);
    await issueDueInvoices(new Date());

    const invoices = await listCompanyInvoices(near.companyId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ id: '1', dueDate: near.dueDate, value: 249, status: 'open', planId: near.planId, paidAt: null });
    expect(invoices[0]?.detail).toMatch(/^Plano .+: \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/);
    expect(await listCompanyInvoices(far.companyId)).toEqual([]);
    expect(await listCompanyInvoices(free.companyId)).toEqual([]);
  });

  it('lists the invoices to administrators with search and paging, issuing the current one when it is due; a plain user is refused', async () => {
    const tenant = await payingTenant(5);
    const user = await addUser(cloud, tenant, 'user', [tenant.queueId]);

    const page = await invoicesOf(cloud, tenant.admin.token);
    expect(page).toEqual({ records: [expect.objectContaining({ id: '1', value: 249, dueDate: tenant.dueDate, status: 'open' })], count: 1, hasMore: false });
    expect((await invoicesOf(cloud, tenant.admin.token, '?searchParam=1')).count).toBe(1);
    expect((await invoicesOf(cloud, tenant.admin.token, '?searchParam=Plano')).count).toBe(1);
    expect((await invoicesOf(cloud, tenant.admin.token, '?searchParam=nada-disso')).count).toBe(0);
    expect((await invoicesOf(cloud, tenant.admin.token, '?pageNumber=2')).records).toEqual([]);
    expect(await cloud.api('/invoices/all', { token: user.token })).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await cloud.api('/invoices/all?pageNumber=zero', { token: tenant.admin.token })).status).toBe(400);
  });

  it("lets a super user list another company's invoices", async () => {
    const tenant = await payingTenant(2);
    await invoicesOf(cloud, tenant.admin.token);

    const page = await invoicesOf(cloud, superToken, `?companyId=${tenant.companyId}`);

    expect(page.records.map((invoice) => invoice.companyId)).toEqual([tenant.companyId]);
  });
});

describe('paying with the payment simulator', () => {
  it('answers a PIX code for the invoice, then the notification renews the company one cycle once, heard live, however often it comes', async () => {
    const tenant = await payingTenant(3);
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);
    const socket = await listen(cloud, tenant.admin.token);
    try {
      const charge = await subscribe(tenant, { invoiceId: invoice.id });
      expect(charge.status).toBe(201);
      expect(charge.body).toMatchObject({ invoiceId: invoice.id, provider: 'simulator', valor: { original: '249.00' } });
      expect(charge.body.qrcode.qrcode).toMatch(/^000201.*5303986.*5406249\.00.*5802BR.*6304[0-9A-F]{4}$/);
      expect(JSON.stringify(charge.body)).not.toMatch(/notificationSecret|cardNumber/);

      const heard = socket.next();
      const first = await payWithSimulator({ apiUrl: cloud.urls.api, companyId: tenant.companyId, invoiceId: invoice.id });
      const again = await payWithSimulator({ apiUrl: cloud.urls.api, companyId: tenant.companyId, invoiceId: invoice.id });
      const confirmedLate = await payWithSimulator({ apiUrl: cloud.urls.api, companyId: tenant.companyId, invoiceId: invoice.id, event: 'PAYMENT_CONFIRMED' });

      const renewed = addRecurrence(tenant.dueDate, 'MENSAL');
      expect(first).toEqual({ status: 200, body: { received: true, outcome: 'settled' } });
      expect(again).toEqual({ status: 200, body: { received: true, outcome: 'already-settled' } });
      expect(confirmedLate).toEqual({ status: 200, body: { received: true, outcome: 'already-settled' } });
      expect(await dueDateOf(tenant.companyId)).toBe(renewed);
      expect(await findInvoice(tenant.companyId, invoice.id)).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
      expect((await heard).data).toEqual({ action: 'CONCLUIDA', invoiceId: invoice.id, company: { id: tenant.companyId, dueDate: renewed, planId: tenant.planId } });
      expect(socket.frames.filter((frame) => frame.event.endsWith('-payment'))).toHaveLength(1);
      expect(await subscribe(tenant, { invoiceId: invoice.id })).toEqual({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
    } finally {
      socket.close();
    }
  });

  it('shows the same code to a second PAGAR; another plan makes a new charge, and the company moves to the plan paid for', async () => {
    const tenant = await payingTenant(4);
    const bigger = await createTenant(cloud);
    await makePaying(cloud, bigger, { dueInDays: 30, value: 649 });
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);

    const first = await subscribe(tenant, { invoiceId: invoice.id });
    const second = await subscribe(tenant, { invoiceId: invoice.id });
    const otherPlan = await subscribe(tenant, { invoiceId: invoice.id, plan: bigger.planId });

    expect(second.body.chargeId).toBe(first.body.chargeId);
    expect(otherPlan.body.chargeId).not.toBe(first.body.chargeId);
    expect(otherPlan.body.valor).toEqual({ original: '649.00' });
    await payWithSimulator({ apiUrl: cloud.urls.api, companyId: tenant.companyId, invoiceId: invoice.id });
    expect(await getCompany(tenant.companyId, true)).toMatchObject({ planId: bigger.planId, dueDate: addRecurrence(tenant.dueDate, 'MENSAL') });
    expect(await findInvoice(tenant.companyId, invoice.id)).toMatchObject({ status: 'paid', value: 649, planId: bigger.planId });
  });

  it('keeps the billing data the checkout confirmed on the company, for the next checkout', async () => {
    const tenant = await payingTenant(3);
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);

    expect((await subscribe(tenant, { invoiceId: invoice.id })).status).toBe(201);
    const details = await cloud.api('/subscription', { token: tenant.admin.token });

    expect(details.body).toMatchObject({
      billingName: 'Maria da Silva',
      document: '52998224725',
      addressStreet: DADOS.address2,
      addressCity: DADOS.city,
      addressState: DADOS.state,
      addressZipCode: DADOS.zipcode,
      email: tenant.admin.email,
      dueDate: tenant.dueDate,
      provider: 'simulator',
    });
  });

  it('refuses card fields and bad input with the spec’s messages, charging nothing', async () => {
    const tenant = await payingTenant(3);
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);

    const card = await subscribe(tenant, { invoiceId: invoice.id, nameOnCard: 'MARIA', cardNumber: '4111111111111111', cvv: '123' });
    const empty = await cloud.api('/subscription', { method: 'POST', token: tenant.admin.token, body: { invoiceId: invoice.id, plan: tenant.planId } });
    const badDocument = await subscribe(tenant, { invoiceId: invoice.id, document: '111.111.111-11' });
    const badCountry = await subscribe(tenant, { invoiceId: invoice.id, country: 'AR' });
    const unknownInvoice = await subscribe(tenant, { invoiceId: '999' });
    const unknownPlan = await subscribe(tenant, { invoiceId: invoice.id, plan: 'no-such-plan' });

    expect(card.status).toBe(400);
    expect(card.body.fields.map((field: { path: string }) => field.path).sort()).toEqual(['cardNumber', 'cvv', 'nameOnCard']);
    expect(JSON.stringify(card.body)).not.toContain('4111111111111111');
    expect(empty.status).toBe(400);
    expect(Object.fromEntries(empty.body.fields.map((field: { path: string; message: string }) => [field.path, field.message]))).toMatchObject({
      firstName: 'O nome completo é obrigatório',
      address2: 'O Endereço é obrigatório',
      city: 'Cidade é obrigatória',
      zipcode: 'CEP é obrigatório',
      country: 'País é obrigatório',
      document: 'CPF ou CNPJ inválido',
    });
    expect(badDocument.body.fields).toEqual([{ path: 'document', message: 'CPF ou CNPJ inválido' }]);
    expect(badCountry.body.fields).toEqual([{ path: 'country', message: 'País é obrigatório' }]);
    expect(unknownInvoice).toEqual({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    expect(unknownPlan.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'plan' }] });
    expect((await findInvoice(tenant.companyId, invoice.id))?.charge).toBeUndefined();
  });

  it('refuses forged and malformed notifications, changing nothing', async () => {
    const tenant = await payingTenant(3);
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);
    const charge = await subscribe(tenant, { invoiceId: invoice.id });
    const notify = (headers: Record<string, string>, body: unknown) => cloud.api('/webhooks/payment-simulator', { method: 'POST', headers, body });
    const paid = { id: 'evt_1', event: 'PAYMENT_RECEIVED', payment: { id: charge.body.chargeId, value: 249 } };

    expect(await notify({}, paid)).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    expect(await notify({ 'x-simulator-token': 'guessed' }, paid)).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    expect(await notify({ 'x-simulator-token': 'guessed' }, { ...paid, payment: { id: 'sim_unknown', value: 249 } })).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    expect((await notify({}, { event: 'PAYMENT_RECEIVED' })).status).toBe(400);
    expect(await dueDateOf(tenant.companyId)).toBe(tenant.dueDate);
    expect((await findInvoice(tenant.companyId, invoice.id))?.status).toBe('open');
  });
});

describe('a company past its due date', () => {
  it('is refused everywhere but billing, its admin told they may pay; paying lets it in at once with a full cycle ahead', async () => {
    const tenant = { ...(await payingTenant(3)), dueDate: addDays(today(), -3) };
    const user = await addUser(cloud, tenant, 'user', [tenant.queueId]);
    await setDueDate(cloud, tenant.companyId, tenant.dueDate);

    expect(await cloud.api('/tickets', { token: tenant.admin.token })).toEqual({
      status: 402,
      body: { error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: tenant.dueDate, canPay: true } },
    });
    expect((await cloud.api('/tickets', { token: user.token })).body.details).toEqual({ dueDate: tenant.dueDate, canPay: false });

    const invoice = await openInvoiceOf(cloud, tenant.admin.token);
    expect(invoice.dueDate).toBe(tenant.dueDate);
    expect((await subscribe(tenant, { invoiceId: invoice.id })).status).toBe(201);
    await payWithSimulator({ apiUrl: cloud.urls.api, companyId: tenant.companyId, invoiceId: invoice.id });

    expect(await dueDateOf(tenant.companyId)).toBe(addRecurrence(today(), 'MENSAL'));
    expect((await cloud.api('/tickets', { token: user.token })).status).toBe(200);
  });
});

describe('paying through Asaas', () => {
  const ASAAS_KEY = '$aact_test_key_0123456789';
  const WEBHOOK_TOKEN = 'token-do-webhook-0123456789';
  let asaas: FakeAsaas;

  beforeAll(async () => {
    asaas = await startFakeAsaas(ASAAS_KEY);
    process.env[ENV.asaasBaseUrl] = asaas.baseUrl;
    await cloud.api('/settings/asaas', { method: 'PUT', token: superToken, body: { value: ASAAS_KEY } });
    await cloud.api('/settings/asaasWebhookToken', { method: 'PUT', token: superToken, body: { value: WEBHOOK_TOKEN } });
  });

  afterAll(async () => {
    await cloud.api('/settings/asaas', { method: 'PUT', token: superToken, body: { value: '' } });
    await cloud.api('/settings/asaasWebhookToken', { method: 'PUT', token: superToken, body: { value: '' } });
    process.env[ENV.asaasBaseUrl] = '';
    await ifAssigned(asaas)?.stop();
  });

  const webhookUrl = () => `${cloud.urls.api}/webhooks/asaas`;

  it("charges the invoice with Asaas's PIX, and its notification renews the company once, whatever is replayed or reordered", async () => {
    const tenant = await payingTenant(3);
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);

    const charge = await subscribe(tenant, { invoiceId: invoice.id });

    expect(charge.status).toBe(201);
    expect(charge.body.provider).toBe('asaas');
    const payment = asaas.payments.get(charge.body.chargeId);
    expect(payment).toMatchObject({ billingType: 'PIX', value: 249, externalReference: `${tenant.companyId}:${invoice.id}` });
    expect(charge.body.qrcode.qrcode).toMatch(/^000201/);
    expect(asaas.requests.every((request) => request.headers.access_token === ASAAS_KEY)).toBe(true);
    expect([...asaas.customers.values()].some((customer) => customer.cpfCnpj === '52998224725')).toBe(true);

    const confirmed = await asaas.notify(webhookUrl(), WEBHOOK_TOKEN, 'PAYMENT_CONFIRMED', charge.body.chargeId);
    const received = await asaas.notify(webhookUrl(), WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', charge.body.chargeId);
    const replayed = await asaas.notify(webhookUrl(), WEBHOOK_TOKEN, 'PAYMENT_CONFIRMED', charge.body.chargeId);

    expect([confirmed, received, replayed].map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await dueDateOf(tenant.companyId)).toBe(addRecurrence(tenant.dueDate, 'MENSAL'));
    expect((await findInvoice(tenant.companyId, invoice.id))?.status).toBe('paid');
  });

  it("reuses the company's Asaas customer for its next charge", async () => {
    const tenant = await payingTenant(3);
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);
    const bigger = await createTenant(cloud);
    await makePaying(cloud, bigger, { dueInDays: 30, value: 649 });

    const first = await subscribe(tenant, { invoiceId: invoice.id });
    const second = await subscribe(tenant, { invoiceId: invoice.id, plan: bigger.planId });

    const customerOf = (chargeId: string) => asaas.payments.get(chargeId)?.customer;
    expect(customerOf(second.body.chargeId)).toBe(customerOf(first.body.chargeId));
    expect((await getCompany(tenant.companyId, true))?.asaasCustomerId).toBe(customerOf(first.body.chargeId));
  });

  it('changes nothing for a forged token, a malformed body, an unknown charge, or an event that is no payment', async () => {
    const tenant = await payingTenant(3);
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);
    const charge = await subscribe(tenant, { invoiceId: invoice.id });

    const forged = await asaas.notify(webhookUrl(), 'not-the-token', 'PAYMENT_RECEIVED', charge.body.chargeId);
    const created = await asaas.notify(webhookUrl(), WEBHOOK_TOKEN, 'PAYMENT_CREATED', charge.body.chargeId);
    const foreign = await cloud.api('/webhooks/asaas', {
      method: 'POST',
      headers: { 'asaas-access-token': WEBHOOK_TOKEN },
      body: { id: 'evt_foreign', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_not_ours', value: 249, status: 'RECEIVED' } },
    });

    const malformed = await cloud.api('/webhooks/asaas', { method: 'POST', headers: { 'asaas-access-token': WEBHOOK_TOKEN }, body: { event: 'PAYMENT_RECEIVED' } });

    expect(forged.status).toBe(401);
    expect(malformed).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(created.status).toBe(200);
    expect(foreign).toEqual({ status: 200, body: { received: true, outcome: 'unknown-charge' } });
    expect(await dueDateOf(tenant.companyId)).toBe(tenant.dueDate);
    expect((await findInvoice(tenant.companyId, invoice.id))?.status).toBe('open');
  });

  it('answers ERR_PAYMENT_PROVIDER when Asaas refuses, storing no charge', async () => {
    const tenant = await payingTenant(3);
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);
    asaas.failNext(500, 'Erro interno');

    const response = await subscribe(tenant, { invoiceId: invoice.id });

    expect(response.status).toBe(502);
    expect(response.body.error).toBe('ERR_PAYMENT_PROVIDER');
    expect(JSON.stringify(response.body)).not.toContain(ASAAS_KEY);
    expect((await findInvoice(tenant.companyId, invoice.id))?.charge).toBeUndefined();
  });
});

describe('without a payment provider', () => {
  it('answers ERR_PAYMENT_UNAVAILABLE where the stage offers no simulator and no Asaas key is set', async () => {
    const tenant = await payingTenant(3);
    const invoice = await openInvoiceOf(cloud, tenant.admin.token);
    process.env[ENV.simulatorEnabled] = 'false';
    try {
      expect(await subscribe(tenant, { invoiceId: invoice.id })).toEqual({ status: 503, body: { error: 'ERR_PAYMENT_UNAVAILABLE' } });
      expect((await cloud.api('/subscription', { token: tenant.admin.token })).body.provider).toBeNull();
    } finally {
      process.env[ENV.simulatorEnabled] = 'true';
    }
  });
});
