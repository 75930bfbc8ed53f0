/**
 * A small Asaas (REST API v3) for the tests, speaking the documented shapes of what the product calls:
 * - `POST /customers` (name required) and `POST /customers/{id}` (update): a customer `cus_...`;
 * - `POST /payments` (customer, billingType, value, dueDate required; the customer must exist and have a
 *   CPF or CNPJ): a payment `pay_...`, status PENDING; `GET /payments/{id}`;
 * - `GET /payments/{id}/pixQrCode`: `{ encodedImage (base64), payload (the BR Code), expirationDate }`,
 *   the code payable until the due date's end;
 * and refusing as Asaas does: 401 without the right `access_token` header, 400 with
 * `{ errors: [{ code, description }] }` for a missing field, 404 for an unknown id.
 *
 * Every request is recorded (method, path under the API root, headers, body); the test may make the next
 * call fail or every answer wait. `notify` sends Asaas's webhook event about a stored payment (moving it
 * to RECEIVED or CONFIRMED when the event says so) with the `asaas-access-token` header.
 *
 * Instants are written as Asaas writes them: 'YYYY-MM-DD HH:mm:ss', Brasília's time (UTC-3).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc16 } from '../../functions/core/billing/payment-simulator';

export interface AsaasRequest {
  readonly method: string;
  /** The path under the API root, e.g. '/customers' or '/payments/pay_000000000001/pixQrCode'. */
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** The raw body as received. */
  readonly body: string;
  /** The body as JSON; undefined when there was none or it was not JSON. */
  // `any`: each test asserts on the shape it expects the product to send.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly json: any;
}

export interface AsaasCustomer {
  readonly object: 'customer';
  readonly id: string;
  readonly dateCreated: string;
  name: string;
  email: string | null;
  phone: string | null;
  mobilePhone: string | null;
  cpfCnpj: string | null;
  personType: 'FISICA' | 'JURIDICA' | null;
  postalCode: string | null;
  address: string | null;
  province: string | null;
  externalReference: string | null;
  notificationDisabled: boolean;
  deleted: boolean;
}

export interface AsaasPayment {
  readonly object: 'payment';
  readonly id: string;
  readonly dateCreated: string;
  readonly customer: string;
  readonly value: number;
  readonly netValue: number;
  readonly description: string | null;
  readonly billingType: string;
  status: 'PENDING' | 'RECEIVED' | 'CONFIRMED' | 'OVERDUE';
  readonly dueDate: string;
  readonly originalDueDate: string;
  paymentDate: string | null;
  confirmedDate: string | null;
  readonly invoiceUrl: string;
  readonly externalReference: string | null;
  readonly deleted: boolean;
}

export interface FakeAsaas {
  /** The API root, as `asaasProvider`'s baseUrl (like 'https://api.asaas.com/v3'). */
  readonly baseUrl: string;
  readonly requests: AsaasRequest[];
  readonly customers: Map<string, AsaasCustomer>;
  readonly payments: Map<string, AsaasPayment>;
  /** The API key it accepts in `access_token`. */
  key: string;
  /** How long every answer waits. */
  delayMs: number;
  /** The next call (whatever it is) is answered with this status and an Asaas error body. */
  failNext(status: number, description?: string): void;
  /** The webhook event Asaas would send about a stored payment, the payment moved as the event says. */
  notification(event: string, paymentId: string): string;
  /** POSTs that event to `url` with `asaas-access-token: token`; what the receiver answered. */
  notify(url: string, token: string, event: string, paymentId: string): Promise<{ status: number; text: string; body: string }>;
  stop(): Promise<void>;
}

type Json = Record<string, unknown>;
type Answer = { status: number; body: unknown };

/** Now (or `at`) as Asaas writes an instant: Brasília's wall clock. */
export const asaasTime = (at = new Date()): string => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const refusal = (status: number, code: string, description: string): Answer => ({ status, body: { errors: [{ code, description }] } });
const text = (json: Json, field: string): string | null => (typeof json[field] === 'string' && json[field] !== '' ? json[field] : null);

/** A dynamic PIX BR Code (EMV TLV) for a payment, as Asaas's partner bank would issue it. */
function brCodeOf(payment: AsaasPayment): string {
  const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
  const account = field('00', 'br.gov.bcb.pix') + field('25', `pix.fake-asaas.test/qr/v2/${payment.id}`);
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', payment.value.toFixed(2)) +
    field('58', 'BR') +
    field('59', 'ATENDE TESTES') +
    field('60', 'SAO PAULO') +
    field('62', field('05', '***')) +
    '6304';
  return body + crc16(body);
}

export async function startFakeAsaas(key: string): Promise<FakeAsaas> {
  const customers = new Map<string, AsaasCustomer>();
  const payments = new Map<string, AsaasPayment>();
  const requests: AsaasRequest[] = [];
  let failure: Answer | undefined;
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_${String((sequence += 1)).padStart(12, '0')}`;

  const fake: FakeAsaas = {
    baseUrl: '',
    requests,
    customers,
    payments,
    key,
    delayMs: 0,
    failNext(status, description = 'Falha simulada.') {
      failure = refusal(status, 'simulated_failure', description);
    },
    notification(event, paymentId) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake Asaas: no payment ${paymentId}`);
      const today = asaasTime().slice(0, 10);
      if (event === 'PAYMENT_RECEIVED') Object.assign(payment, { status: 'RECEIVED', paymentDate: today, confirmedDate: payment.confirmedDate ?? today });
      if (event === 'PAYMENT_CONFIRMED') Object.assign(payment, { status: 'CONFIRMED', confirmedDate: today });
      const eventId = `evt_${randomBytes(16).toString('hex')}&${String(Date.now()).slice(-9)}`;
      return JSON.stringify({ id: eventId, event, dateCreated: asaasTime(), payment });
    },
    async notify(url, token, event, paymentId) {
      const body = fake.notification(event, paymentId);
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'asaas-access-token': token }, body });
      return { status: response.status, text: await response.text(), body };
    },
    stop: async () => undefined,
  };

  function customerFields(customer: AsaasCustomer, json: Json): void {
    const cpfCnpj = text(json, 'cpfCnpj');
    Object.assign(customer, {
      ...(text(json, 'name') ? { name: text(json, 'name') } : {}),
      ...(json.email !== undefined ? { email: text(json, 'email') } : {}),
      ...(json.phone !== undefined ? { phone: text(json, 'phone') } : {}),
      ...(json.mobilePhone !== undefined ? { mobilePhone: text(json, 'mobilePhone') } : {}),
      ...(json.cpfCnpj !== undefined ? { cpfCnpj, personType: cpfCnpj ? (cpfCnpj.length > 11 ? 'JURIDICA' : 'FISICA') : null } : {}),
      ...(json.postalCode !== undefined ? { postalCode: text(json, 'postalCode') } : {}),
      ...(json.address !== undefined ? { address: text(json, 'address') } : {}),
      ...(json.province !== undefined ? { province: text(json, 'province') } : {}),
      ...(json.externalReference !== undefined ? { externalReference: text(json, 'externalReference') } : {}),
      ...(typeof json.notificationDisabled === 'boolean' ? { notificationDisabled: json.notificationDisabled } : {}),
    });
  }

  function handle(method: string, path: string, json: Json): Answer {
    if (method === 'POST' && path === '/customers') {
      if (!text(json, 'name')) return refusal(400, 'invalid_name', 'O campo name deve ser informado.');
      const customer: AsaasCustomer = {
        object: 'customer',
        id: nextId('cus'),
        dateCreated: asaasTime().slice(0, 10),
        name: '',
        email: null,
        phone: null,
        mobilePhone: null,
        cpfCnpj: null,
        personType: null,
        postalCode: null,
        address: null,
        province: null,
        externalReference: null,
        notificationDisabled: false,
        deleted: false,
      };
      customerFields(customer, json);
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const customerPath = /^\/customers\/([^/]+)$/.exec(path);
    if (method === 'POST' && customerPath) {
      const customer = customers.get(decodeURIComponent(customerPath[1] ?? ''));
      if (!customer) return { status: 404, body: {} };
      customerFields(customer, json);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/payments') {
      for (const field of ['customer', 'billingType', 'value', 'dueDate']) {
        if (json[field] === undefined || json[field] === '' || json[field] === null) return refusal(400, `invalid_${field}`, `O campo ${field} deve ser informado.`);
      }
      const customer = customers.get(String(json.customer));
      if (!customer) return refusal(400, 'invalid_customer', 'Customer inválido ou não informado.');
      if (!customer.cpfCnpj) return refusal(400, 'invalid_customer.cpfCnpj', 'Para criar esta cobrança é necessário preencher o CPF ou CNPJ do cliente.');
      if (typeof json.value !== 'number' || json.value <= 0) return refusal(400, 'invalid_value', 'O valor da cobrança deve ser maior que zero.');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(json.dueDate))) return refusal(400, 'invalid_dueDate', 'A data de vencimento é inválida.');
      const id = nextId('pay');
      const payment: AsaasPayment = {
        object: 'payment',
        id,
        dateCreated: asaasTime().slice(0, 10),
        customer: customer.id,
        value: json.value,
        netValue: Math.round(json.value * 100 - 99) / 100,
        description: text(json, 'description'),
        billingType: String(json.billingType),
        status: 'PENDING',
        dueDate: String(json.dueDate),
        originalDueDate: String(json.dueDate),
        paymentDate: null,
        confirmedDate: null,
        invoiceUrl: `https://sandbox.asaas.com/i/${id.slice(4)}`,
        externalReference: text(json, 'externalReference'),
        deleted: false,
      };
      payments.set(id, payment);
      return { status: 200, body: payment };
    }
    const paymentPath = /^\/payments\/([^/]+)(\/pixQrCode)?$/.exec(path);
    if (method === 'GET' && paymentPath) {
      const payment = payments.get(decodeURIComponent(paymentPath[1] ?? ''));
      if (!payment) return { status: 404, body: {} };
      if (!paymentPath[2]) return { status: 200, body: payment };
      const payload = brCodeOf(payment);
      // Not a drawn QR image: the bytes of the payload stand in for it (nothing in the product decodes it).
      return { status: 200, body: { encodedImage: Buffer.from(payload).toString('base64'), payload, expirationDate: `${payment.dueDate} 23:59:59` } };
    }
    return { status: 404, body: {} };
  }

  function answerTo(accessToken: string | string[] | undefined, method: string, path: string, json: unknown): Answer {
    if (accessToken !== fake.key) return refusal(401, 'invalid_access_token', 'A chave de API fornecida é inválida.');
    const failed = failure;
    failure = undefined;
    if (failed) return failed;
    if (json !== undefined && (typeof json !== 'object' || json === null)) return refusal(400, 'invalid_object', 'JSON inválido.');
    return handle(method, path, (json ?? {}) as Json);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? (JSON.parse(body) as unknown) : undefined;
      } catch {
        json = undefined;
      }
      const method = request.method ?? 'GET';
      const path = new URL(request.url ?? '/', 'http://fake').pathname.replace(/^\/v3(?=\/)/, '');
      requests.push({ method, path, headers: request.headers, body, json });
      const answer = answerTo(request.headers.access_token, method, path, json);
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      };
      if (fake.delayMs > 0) setTimeout(send, fake.delayMs);
      else send();
    });
  });
  // Keep-alive sockets would hold stop() until they time out.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v3`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
