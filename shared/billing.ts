/**
 * Billing (spec 3 §2 Invoices, Checkout dialog, Subscription page; §3-§5, §7-§9): the company's invoices,
 * the checkout's payload and its PIX answer, the billing data a charge needs, and the display rules the
 * web shows. Imported by the backend and the web.
 *
 * Ours where the spec is silent (README, behaviour notes):
 * - An invoice is issued per billing cycle: one per company and due date, for the plan's value, from
 *   INVOICE_LEAD_DAYS before the due date (a daily job, and the invoice list itself when it is opened).
 * - Payments are PIX only (docs/architecture.md §8): the spec's card fields are refused, never stored.
 * - A confirmed payment marks the invoice paid and moves the company's due date forward by its
 *   recurrence, from the invoice's due date (or from today when that has already passed), exactly once.
 * - The plan chosen in Personalizar is the plan the charge is for: the invoice takes its value, and the
 *   company moves to it when the payment arrives.
 */
import { z } from 'zod';
import { isIsoDate } from './companies';
import { digitsOf, isCpfOrCnpj } from './tax-id';
import { PageNumber, SearchParam } from './paging';

/** Days before a due date from which its invoice exists (and may be paid). */
export const INVOICE_LEAD_DAYS = 10;

export const INVOICE_STATUSES = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface Invoice {
  /** The company's invoice number (1, 2, 3 ...), as text like every id of the API. */
  readonly id: string;
  /** What the invoice is for, e.g. 'Plano Team: 03/12/2026 a 03/01/2027'. */
  readonly detail: string;
  /** In BRL. */
  readonly value: number;
  /** YYYY-MM-DD: the due date of the company this invoice renews. */
  readonly dueDate: string;
  readonly status: InvoiceStatus;
  readonly planId: string;
  readonly companyId: string;
  readonly createdAt: string;
  /** When the payment was confirmed; null while open. */
  readonly paidAt: string | null;
}

/** GET /invoices/all: the company's invoices, newest due date first. */
export interface InvoicePage {
  readonly records: readonly Invoice[];
  readonly count: number;
  readonly hasMore: boolean;
}

export const INVOICES_PAGE_SIZE = 20;

/**
 * GET /invoices/all (spec 3 §7: searchParam, pageNumber). `searchParam` matches the invoice number or
 * the detail. `companyId`: a super user may list another company's; anyone else's is their own.
 */
export const InvoiceListQuery = z.object({
  searchParam: SearchParam,
  pageNumber: PageNumber,
  companyId: z.string().trim().min(1).max(64, 'Invalid id').optional(),
});
export type InvoiceListQuery = z.output<typeof InvoiceListQuery>;

/** How the list shows an invoice (spec 3 §4): paid, else overdue once its due date has passed, else open. */
export type InvoiceDisplayStatus = 'paid' | 'overdue' | 'open';

/** `today` is YYYY-MM-DD. */
export function invoiceDisplayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: string): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  return invoice.dueDate < today ? 'overdue' : 'open';
}

// ---- checkout ---------------------------------------------------------------------------------------

/** Spec 3 §5: the countries the Dados step offers. */
export const CHECKOUT_COUNTRIES = ['BR', 'US'] as const;
export type CheckoutCountry = (typeof CHECKOUT_COUNTRIES)[number];

/** Spec 3 §5: the Dados step's required-field messages. */
export const CHECKOUT_MESSAGES = {
  fullName: 'O nome completo é obrigatório',
  address: 'O Endereço é obrigatório',
  city: 'Cidade é obrigatória',
  zipcode: 'CEP é obrigatório',
  country: 'País é obrigatório',
  /** Ours: a PIX charge needs the payer's CPF or CNPJ. */
  document: 'CPF ou CNPJ inválido',
} as const;

/** Spec 3 §8: the toast once the charge exists. */
export const SUBSCRIPTION_CREATED = 'Assinatura realizada com sucesso!, aguardando a realização do pagamento';

/** The card fields of the spec's payload: refused, never read further (PIX only, docs/architecture.md §8). */
export const CARD_FIELDS = ['nameOnCard', 'cardNumber', 'cvv'] as const;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, 'Too Long!');

/**
 * POST /subscription (spec 3 §3): the Dados step's billing data, the plan chosen in Personalizar and the
 * invoice being paid. `price`, `users` and `connections` are read from the plan on the server, never
 * from here. The card fields must be absent or empty: a card number sent is refused, not ignored, so a
 * client that collects one learns at once that it must not.
 */
export const SubscriptionBody = z
  .object({
    firstName: requiredText(CHECKOUT_MESSAGES.fullName, 80),
    lastName: z.string().trim().max(80, 'Too Long!').optional().default(''),
    /** The street address (the spec's name). */
    address2: requiredText(CHECKOUT_MESSAGES.address, 120),
    city: requiredText(CHECKOUT_MESSAGES.city, 80),
    state: z.string().trim().max(40, 'Too Long!').optional().default(''),
    zipcode: requiredText(CHECKOUT_MESSAGES.zipcode, 12).regex(/^[0-9A-Za-z\-\s]+$/, 'Invalid zip code'),
    country: z.enum(CHECKOUT_COUNTRIES, { error: CHECKOUT_MESSAGES.country }),
    /** Ours: the payer's CPF or CNPJ, which a PIX charge carries. */
    document: z.string({ error: CHECKOUT_MESSAGES.document }).trim().refine(isCpfOrCnpj, CHECKOUT_MESSAGES.document).transform(digitsOf),
    /** Save these as the company's billing data (its billing name, address and document). */
    useAddressForPaymentDetails: z.boolean({ error: 'Invalid value' }).optional().default(true),
    /** The chosen plan's id. */
    plan: z.string({ error: 'Required' }).trim().min(1, 'Required').max(64, 'Invalid plan'),
    invoiceId: z.coerce.string({ error: 'Required' }).trim().min(1, 'Required').max(20, 'Invalid id'),
    price: z.unknown().optional(),
    users: z.unknown().optional(),
    connections: z.unknown().optional(),
    nameOnCard: z.unknown().optional(),
    cardNumber: z.unknown().optional(),
    cvv: z.unknown().optional(),
  })
  .superRefine((body, context) => {
    for (const field of CARD_FIELDS) {
      const value = body[field];
      if (value !== undefined && value !== null && value !== '') {
        context.addIssue({ code: 'custom', path: [field], message: 'Card payments are not accepted: pay with PIX' });
      }
    }
  })
  .transform(({ price: _price, users: _users, connections: _connections, nameOnCard: _name, cardNumber: _card, cvv: _cvv, ...rest }) => rest);
export type SubscriptionBody = z.output<typeof SubscriptionBody>;

/**
 * The answer to POST /subscription (spec 3 §3: "a payment code with qrcode and valor.original"): the PIX
 * charge for the invoice. `qrcode.qrcode` is the PIX copy-and-paste code (BR Code), which the web also
 * draws as the QR image.
 */
export interface PixCharge {
  readonly invoiceId: string;
  readonly chargeId: string;
  readonly provider: PaymentProviderName;
  readonly qrcode: { readonly qrcode: string };
  /** The amount, in BRL with two decimals ('249.00'), as PIX writes it. */
  readonly valor: { readonly original: string };
  /** When the code stops being payable. */
  readonly expiresAt: string;
}

export const PAYMENT_PROVIDERS = ['asaas', 'simulator'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The company's billing data as the checkout's Dados step starts from (GET /subscription). */
export interface BillingDetails {
  readonly billingName: string;
  readonly email: string;
  readonly document: string;
  readonly addressStreet: string;
  readonly addressCity: string;
  readonly addressState: string;
  readonly addressZipCode: string;
  readonly dueDate: string | null;
  readonly trialExpiration: string | null;
  readonly planId: string;
  /** Which provider a payment would go through now; null: none is set up on this stage. */
  readonly provider: PaymentProviderName | null;
}

/** The `payment` realtime event's action once a payment settled an invoice (spec 3 §4). */
export const PAYMENT_CONCLUDED = 'CONCLUIDA';

/** Whole days from now to a trial's end, rounded up, as the subscription page shows them (spec 3 §4). */
export function trialDaysLeft(trialExpiration: string, now: Date): number {
  const end = isIsoDate(trialExpiration) ? new Date(`${trialExpiration}T23:59:59.999Z`) : new Date(trialExpiration);
  return Math.ceil(Math.abs(end.getTime() - now.getTime()) / 86_400_000);
}
