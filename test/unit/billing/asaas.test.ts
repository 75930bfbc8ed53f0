import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asaasProvider, readAsaasNotification } from '../../../functions/core/billing/asaas';
import { MalformedNotification, NotificationNotAuthenticated, PaymentProviderError, type ChargeRequest, type Payer } from '../../../functions/core/billing/payment-provider';
import { startFakeAsaas, type FakeAsaas } from '../../support/fake-asaas';
import { startFakeWebhook, type FakeWebhook } from '../../support/fake-integrations';

const KEY = '$aact_prod_000MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OnNlY3JldA';
const TOKEN = 'whk-token-for-asaas-notifications';

let asaas: FakeAsaas;
let receiver: FakeWebhook;

beforeAll(async () => {
  asaas = await startFakeAsaas(KEY);
  receiver = await startFakeWebhook({ status: 200, body: {} });
});

afterAll(async () => {
  await asaas.stop();
  await receiver.stop();
});

beforeEach(() => {
  asaas.requests.length = 0;
  asaas.delayMs = 0;
});

const payer: Payer = {
  companyId: 'company-7',
  name: 'Padaria Pão Quente Ltda',
  email: 'financeiro@paoquente.com.br',
  phone: '+55 (11) 98765-4321',
  document: '11.222.333/0001-81',
  addressStreet: 'Rua das Flores, 100',
  addressCity: 'São Paulo',
  addressState: 'SP',
  addressZipCode: '01310-100',
};

const charge = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  payer,
  value: 249,
  dueDate: '2026-12-10',
  description: 'Plano Team: 10/12/2026 a 10/01/2027',
  externalReference: 'company-7:3',
  ...overrides,
});

describe('a PIX charge through Asaas', () => {
  it('creates the customer once and reuses it for the next charge, updating its data', async () => {
    const provider = asaasProvider(KEY, asaas.baseUrl);

    const first = await provider.createPixCharge(charge());
    const second = await provider.createPixCharge(charge({ payer: { ...payer, customerId: first.customerId, email: 'contas@paoquente.com.br' } }));

    expect(second.customerId).toBe(first.customerId);
    expect(asaas.customers.size).toBe(1);
    expect(asaas.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /customers',
      'POST /payments',
      `GET /payments/${first.chargeId}/pixQrCode`,
      `POST /customers/${first.customerId}`,
      'POST /payments',
      `GET /payments/${second.chargeId}/pixQrCode`,
    ]);
    expect(asaas.requests[0]!.json).toEqual({
      name: 'Padaria Pão Quente Ltda',
      cpfCnpj: '11222333000181',
      email: 'financeiro@paoquente.com.br',
      mobilePhone: '11987654321',
      postalCode: '01310100',
      address: 'Rua das Flores, 100',
      externalReference: 'company-7',
      notificationDisabled: true,
    });
    expect(asaas.customers.get(first.customerId)).toMatchObject({ email: 'contas@paoquente.com.br', cpfCnpj: '11222333000181', province: null });
  });

  it('makes a PIX payment for the invoice and answers its copy-and-paste code and expiry', async () => {
    const made = await asaasProvider(KEY, asaas.baseUrl).createPixCharge(charge());

    expect(made.chargeId).toMatch(/^pay_/);
    expect(made.customerId).toMatch(/^cus_/);
    const payment = asaas.payments.get(made.chargeId);
    expect(payment).toMatchObject({
      customer: made.customerId,
      billingType: 'PIX',
      value: 249,
      dueDate: '2026-12-10',
      description: 'Plano Team: 10/12/2026 a 10/01/2027',
      externalReference: 'company-7:3',
      status: 'PENDING',
    });
    expect(made.pixCode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(made.pixCode).toContain('5406249.00');
    // The fake's code is payable until the due date's end, Brasília time.
    expect(made.expiresAt).toBe('2026-12-11T02:59:59.000Z');
    expect(made.notificationSecret).toBeUndefined();
  });

  it('makes a customer anew when Asaas no longer knows the one kept', async () => {
    const made = await asaasProvider(KEY, asaas.baseUrl).createPixCharge(charge({ payer: { ...payer, customerId: 'cus_000000999999' } }));

    expect(made.customerId).not.toBe('cus_000000999999');
    expect(asaas.requests.map(({ method, path }) => `${method} ${path}`).slice(0, 2)).toEqual(['POST /customers/cus_000000999999', 'POST /customers']);
  });

  it('sends the key only in the access_token header, never in the address or a body', async () => {
    await asaasProvider(KEY, asaas.baseUrl).createPixCharge(charge());

    expect(asaas.requests).toHaveLength(3);
    for (const request of asaas.requests) {
      const { access_token: accessToken, ...others } = request.headers;
      expect(accessToken).toBe(KEY);
      expect(JSON.stringify(others)).not.toContain(KEY);
      expect(request.path).not.toContain(KEY);
      expect(request.body).not.toContain(KEY);
      expect(request.headers['user-agent']).toMatch(/atende/);
      expect(request.headers['content-type']).toBe('application/json');
    }
  });

  it("fails naming the step and Asaas's description, never the key nor what was sent", async () => {
    const refused = asaasProvider(KEY, asaas.baseUrl).createPixCharge(charge({ payer: { ...payer, document: '' } }));

    await expect(refused).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(refused).rejects.toMatchObject({
      what: 'asaas create payment',
      status: 400,
      message: 'asaas create payment: refused (HTTP 400): Para criar esta cobrança é necessário preencher o CPF ou CNPJ do cliente.',
    });

    const wrongKey = '$aact_prod_wrong-key-that-must-not-leak';
    const unauthorized = await asaasProvider(wrongKey, asaas.baseUrl)
      .createPixCharge(charge())
      .catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(PaymentProviderError);
    expect(unauthorized).toMatchObject({ what: 'asaas create customer', status: 401 });
    const { message, stack } = unauthorized as Error;
    for (const secret of [wrongKey, KEY, payer.email, '11222333000181']) {
      expect(message).not.toContain(secret);
      expect(stack).not.toContain(secret);
    }
  });

  it('names the step that failed further on', async () => {
    const provider = asaasProvider(KEY, asaas.baseUrl);
    const { customerId } = await provider.createPixCharge(charge());
    asaas.requests.length = 0;
    asaas.failNext(503, 'Serviço indisponível.');

    await expect(provider.createPixCharge(charge({ payer: { ...payer, customerId } }))).rejects.toMatchObject({
      what: 'asaas update customer',
      status: 503,
      message: 'asaas update customer: refused (HTTP 503): Serviço indisponível.',
    });
  });

  it('fails with a PaymentProviderError when Asaas does not answer in time or cannot be reached', async () => {
    asaas.delayMs = 500;
    await expect(asaasProvider(KEY, asaas.baseUrl, { timeoutMs: 100 }).createPixCharge(charge())).rejects.toMatchObject({
      name: 'PaymentProviderError',
      what: 'asaas create customer',
      status: null,
      message: 'asaas create customer: timed out',
    });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = asaasProvider(KEY, `http://127.0.0.1:${port}/v3`).createPixCharge(charge());
    await expect(unreachable).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(unreachable).rejects.toMatchObject({ status: null, message: 'asaas create customer: unreachable' });
  });
});

describe("Asaas's notifications", () => {
  /** An event about a fresh charge as it reached the receiver: its headers and raw body. */
  async function delivered(event: string, token = TOKEN) {
    const made = await asaasProvider(KEY, asaas.baseUrl).createPixCharge(charge());
    receiver.requests.length = 0;
    await asaas.notify(`${receiver.url}/billing/asaas`, token, event, made.chargeId);
    const request = receiver.requests[0]!;
    return { made, headers: request.headers as Record<string, string | undefined>, body: request.body };
  }

  it('reads a payment received with the right token as paid', async () => {
    const { made, headers, body } = await delivered('PAYMENT_RECEIVED');

    const notice = readAsaasNotification(headers, body, TOKEN);

    expect(notice).toEqual({ kind: 'paid', chargeId: made.chargeId, eventId: expect.stringMatching(/^evt_/), value: 249 });
    expect(JSON.parse(body).payment).toMatchObject({ id: made.chargeId, status: 'RECEIVED', externalReference: 'company-7:3' });
  });

  it('reads a payment confirmed as paid too', async () => {
    const { made, headers, body } = await delivered('PAYMENT_CONFIRMED');

    expect(readAsaasNotification(headers, body, TOKEN)).toEqual({ kind: 'paid', chargeId: made.chargeId, eventId: JSON.parse(body).id, value: 249 });
  });

  it('reads any other event as other, which settles nothing', async () => {
    const { made, headers, body } = await delivered('PAYMENT_CREATED');

    expect(readAsaasNotification(headers, body, TOKEN)).toEqual({ kind: 'other', chargeId: made.chargeId, eventId: JSON.parse(body).id, event: 'PAYMENT_CREATED' });
  });

  it('refuses a wrong, missing or empty token before reading the body', async () => {
    const { headers, body } = await delivered('PAYMENT_RECEIVED', 'someone-elses-token');
    expect(() => readAsaasNotification(headers, body, TOKEN)).toThrow(NotificationNotAuthenticated);

    // Not even JSON: the refusal comes first, so the body is never parsed.
    const junk = '{ not json';
    expect(() => readAsaasNotification({ 'asaas-access-token': 'wrong' }, junk, TOKEN)).toThrow(NotificationNotAuthenticated);
    expect(() => readAsaasNotification({ 'asaas-access-token': `${TOKEN}x` }, junk, TOKEN)).toThrow(NotificationNotAuthenticated);
    expect(() => readAsaasNotification({}, junk, TOKEN)).toThrow(NotificationNotAuthenticated);
    expect(() => readAsaasNotification({ 'asaas-access-token': '' }, junk, TOKEN)).toThrow(NotificationNotAuthenticated);
    // Without a token of ours, nothing is accepted, an empty header included.
    expect(() => readAsaasNotification({ 'asaas-access-token': '' }, junk, '')).toThrow(NotificationNotAuthenticated);
    expect(() => readAsaasNotification({ 'asaas-access-token': TOKEN }, body, '')).toThrow(NotificationNotAuthenticated);
  });

  it('accepts the header whatever the case of its name', () => {
    const body = JSON.stringify({ id: 'evt_1', event: 'PAYMENT_OVERDUE', payment: { id: 'pay_1', value: 10, status: 'OVERDUE' } });

    expect(readAsaasNotification({ 'Asaas-Access-Token': TOKEN }, body, TOKEN)).toMatchObject({ kind: 'other', event: 'PAYMENT_OVERDUE' });
  });

  it('refuses a body that is not an Asaas event as malformed', () => {
    const headers = { 'asaas-access-token': TOKEN };

    expect(() => readAsaasNotification(headers, '{ not json', TOKEN)).toThrow(MalformedNotification);
    expect(() => readAsaasNotification(headers, '', TOKEN)).toThrow(MalformedNotification);
    expect(() => readAsaasNotification(headers, JSON.stringify({ event: 'PAYMENT_RECEIVED', payment: { id: 'pay_1', value: 10, status: 'RECEIVED' } }), TOKEN)).toThrow(
      MalformedNotification,
    );
    expect(() => readAsaasNotification(headers, JSON.stringify({ id: 'evt_1', event: 'PAYMENT_RECEIVED' }), TOKEN)).toThrow(MalformedNotification);
    expect(() => readAsaasNotification(headers, JSON.stringify({ id: 'evt_1', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_1', value: '10', status: 'RECEIVED' } }), TOKEN)).toThrow(
      MalformedNotification,
    );
  });
});
