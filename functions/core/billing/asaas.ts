/**
 * Asaas (REST API v3) as a PaymentProvider: a PIX charge is a customer (the company as payer), a payment
 * with `billingType: 'PIX'` and its QR code's copy-and-paste payload; a notification is Asaas's webhook
 * event, authenticated by the token Asaas sends in its `asaas-access-token` header.
 *
 * Every call goes through integrations/outbound-http.ts (10 s, an answer of at most 256 KB, no
 * redirects). A failure is a PaymentProviderError naming the step and the status, with Asaas's own
 * description when it gives one (`{ errors: [{ code, description }] }`); never the API key, which travels
 * only in the `access_token` header, nor what was sent (the payer's document, email, address).
 *
 * Asaas writes its instants as 'YYYY-MM-DD HH:mm:ss' in Brasília's time (UTC-3, with no daylight saving
 * since 2019): read as such.
 */
import { z } from 'zod';
import { digitsOf } from '../../../shared/tax-id';
import { config } from '../config';
import { sameSecret } from '../same-secret';
import { getOutbound, jsonOf, OUTBOUND_TIMEOUT_MS, OutboundCallError, postOutbound, type OutboundAnswer } from '../http/outbound-http';
import {
  MalformedNotification,
  NotificationNotAuthenticated,
  PaymentProviderError,
  type ChargeRequest,
  type Payer,
  type PaymentNotice,
  type PaymentProvider,
  type PixChargeMade,
} from './payment-provider';

/** The header Asaas's webhooks carry the token set in the webhook's configuration in. */
export const ASAAS_TOKEN_HEADER = 'asaas-access-token';

/** Asaas identifies the integration by its User-Agent (required of accounts created since 2024). */
const USER_AGENT = 'atende-billing/1';

/** The events that settle a charge: confirmed (the payment is certain) or received (the money is in). */
const PAID_EVENTS: ReadonlySet<string> = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED']);

/** How much of Asaas's error descriptions a PaymentProviderError carries. */
const MAX_DESCRIPTION_CHARS = 500;


// ---- Asaas's answers (only what is read) ----------------------------------------------------------------

const AsaasErrors = z.object({ errors: z.array(z.object({ code: z.string().optional(), description: z.string().optional() })).min(1) });
const AsaasCustomer = z.object({ id: z.string().min(1) });
const AsaasPayment = z.object({ id: z.string().min(1) });
const AsaasPixQrCode = z.object({ payload: z.string().min(1), expirationDate: z.string().min(1) });

const AsaasNotification = z.object({
  id: z.string().min(1),
  event: z.string().min(1),
  payment: z
    .object({
      id: z.string().min(1),
      value: z.number().nonnegative(),
      status: z.string(),
      externalReference: z.string().nullish(),
    })
    .optional(),
});

// ---- the provider -----------------------------------------------------------------------------------------

export interface AsaasOptions {
  /** How long one call may take; outbound-http's bound unless a test says shorter. */
  readonly timeoutMs?: number;
}

export function asaasProvider(apiKey: string, baseUrl = config.asaasBaseUrl(), options: AsaasOptions = {}): PaymentProvider {
  const root = baseUrl.replace(/\/+$/, '');
  const headers: Readonly<Record<string, string>> = { access_token: apiKey, 'content-type': 'application/json', 'user-agent': USER_AGENT };
  const callOptions = { timeoutMs: options.timeoutMs ?? OUTBOUND_TIMEOUT_MS };

  /** One call, its answer read as `schema` when Asaas accepted it; a PaymentProviderError otherwise. */
  async function call<T>(step: string, method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let answer: OutboundAnswer;
    try {
      answer =
        method === 'GET'
          ? await getOutbound(step, `${root}${path}`, headers, callOptions)
          : await postOutbound(step, `${root}${path}`, JSON.stringify(body ?? {}), headers, callOptions);
    } catch (error) {
      if (error instanceof OutboundCallError) throw new PaymentProviderError(step, error.status, reasonOf(error.message, step));
      throw new PaymentProviderError(step, null, 'failed');
    }
    if (answer.status < 200 || answer.status > 299) throw new PaymentProviderError(step, answer.status, refusalOf(answer, apiKey));
    const parsed = schema.safeParse(jsonOf(answer));
    if (!parsed.success) throw new PaymentProviderError(step, answer.status, 'unexpected answer');
    return parsed.data;
  }

  async function customerOf(payer: Payer): Promise<string> {
    const data = customerData(payer);
    if (payer.customerId) {
      try {
        return (await call('asaas update customer', 'POST', `/customers/${encodeURIComponent(payer.customerId)}`, AsaasCustomer, data)).id;
      } catch (error) {
        // The customer is gone from Asaas (removed in its panel): make it anew, and the caller keeps the new id.
        if (!(error instanceof PaymentProviderError && error.status === 404)) throw error;
      }
    }
    return (await call('asaas create customer', 'POST', '/customers', AsaasCustomer, data)).id;
  }

  return {
    name: 'asaas',
    async createPixCharge(request: ChargeRequest): Promise<PixChargeMade> {
      const customerId = await customerOf(request.payer);
      const payment = await call('asaas create payment', 'POST', '/payments', AsaasPayment, {
        customer: customerId,
        billingType: 'PIX',
        value: request.value,
        dueDate: request.dueDate,
        description: request.description,
        externalReference: request.externalReference,
      });
      const qrStep = 'asaas pix qr code';
      const qrCode = await call(qrStep, 'GET', `/payments/${encodeURIComponent(payment.id)}/pixQrCode`, AsaasPixQrCode);
      const expiresAt = isoOfAsaasTime(qrCode.expirationDate);
      if (!expiresAt) throw new PaymentProviderError(qrStep, 200, 'unexpected answer');
      return { chargeId: payment.id, customerId, pixCode: qrCode.payload, expiresAt };
    },
  };
}

/**
 * The customer as Asaas keeps it: what the payer has, empty fields left out (Asaas refuses an empty
 * email or phone rather than ignoring it). Asaas's `province` is the district, which we do not have.
 */
function customerData(payer: Payer): Record<string, string | boolean> {
  const data: Record<string, string | boolean> = { name: payer.name.trim() };
  // Without a document Asaas keeps the customer but refuses its charges, saying so: its words reach the caller.
  const cpfCnpj = digitsOf(payer.document);
  if (cpfCnpj) data.cpfCnpj = cpfCnpj;
  const email = payer.email.trim();
  if (email) data.email = email;
  const phone = brazilianPhoneOf(payer.phone);
  if (phone) data[phone.mobile ? 'mobilePhone' : 'phone'] = phone.number;
  const postalCode = digitsOf(payer.addressZipCode);
  if (postalCode) data.postalCode = postalCode;
  const address = payer.addressStreet.trim();
  if (address) data.address = address;
  data.externalReference = payer.companyId;
  // Our product tells the company about its invoices: Asaas's own emails and texts would be a second voice.
  data.notificationDisabled = true;
  return data;
}

/** A Brazilian number as Asaas takes it (area code and number, no country code); undefined when it is not one. */
function brazilianPhoneOf(phone: string): { number: string; mobile: boolean } | undefined {
  let digits = digitsOf(phone);
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length === 11 && digits[2] === '9') return { number: digits, mobile: true };
  if (digits.length === 10) return { number: digits, mobile: false };
  return undefined;
}

/** outbound-http's reason without its `<what>: ` prefix. */
function reasonOf(message: string, step: string): string {
  return message.startsWith(`${step}: `) ? message.slice(step.length + 2) : message;
}

/** Why Asaas refused: its status and descriptions, cut short, the key (should Asaas ever echo it) hidden. */
function refusalOf(answer: OutboundAnswer, apiKey: string): string {
  const errors = AsaasErrors.safeParse(jsonOf(answer));
  const described = errors.success
    ? errors.data.errors
        .map((error) => error.description?.trim() ?? error.code ?? '')
        .filter(Boolean)
        .join('; ')
    : '';
  let reason = `refused (HTTP ${answer.status})${described ? `: ${described}` : ''}`;
  if (apiKey) reason = reason.split(apiKey).join('[redacted]');
  // eslint-disable-next-line no-control-regex
  reason = reason.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return reason.length > MAX_DESCRIPTION_CHARS ? `${reason.slice(0, MAX_DESCRIPTION_CHARS)}…` : reason;
}

/** 'YYYY-MM-DD HH:mm:ss' (or a date alone) in Brasília's time as an ISO instant; an instant with an offset as is. */
function isoOfAsaasTime(value: string): string | undefined {
  const local = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?$/.exec(value.trim());
  const date = local ? new Date(`${local[1] ?? ''}T${local[2] ?? '23:59:59'}-03:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

// ---- notifications ----------------------------------------------------------------------------------------

/**
 * Reads an Asaas webhook event. Authenticated first, by the token configured on the webhook: the header
 * must equal `expectedToken`, compared in constant time; without an expected token nothing is accepted.
 * A body that is not an Asaas event is a MalformedNotification. Events other than a payment's
 * confirmation or receipt are `other`: acknowledged, nothing changes.
 */
export function readAsaasNotification(headers: Readonly<Record<string, string | undefined>>, rawBody: string, expectedToken: string): PaymentNotice {
  if (!sameSecret(headerOf(headers, ASAAS_TOKEN_HEADER), expectedToken)) throw new NotificationNotAuthenticated('asaas');
  let json: unknown;
  try {
    json = JSON.parse(rawBody) as unknown;
  } catch {
    throw new MalformedNotification('not JSON');
  }
  const parsed = AsaasNotification.safeParse(json);
  if (!parsed.success) throw new MalformedNotification('not an Asaas event');
  const { id: eventId, event, payment } = parsed.data;
  if (PAID_EVENTS.has(event)) {
    if (!payment) throw new MalformedNotification(`${event} without its payment`);
    return { kind: 'paid', chargeId: payment.id, eventId, value: payment.value };
  }
  return { kind: 'other', chargeId: payment?.id ?? null, eventId, event };
}

/** A header by name, whatever the case it arrived in (Node and API Gateway lower-case them; others may not). */
function headerOf(headers: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  if (headers[name] !== undefined) return headers[name];
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

