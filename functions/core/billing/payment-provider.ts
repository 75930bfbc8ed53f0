/**
 * The one interface every payment provider speaks (docs/architecture.md §8: PIX only, providers behind one
 * interface). A provider makes a PIX charge for an invoice and reads the notifications it sends about
 * its charges; the use cases (create-charge.ts, payment-notification.ts) know nothing else of it.
 */
import type { PaymentProviderName } from '../../../shared/billing';

/** Who pays: the company's billing data, as the checkout's Dados step confirmed it. */
export interface Payer {
  readonly companyId: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  /** CPF or CNPJ, digits only. */
  readonly document: string;
  readonly addressStreet: string;
  readonly addressCity: string;
  readonly addressState: string;
  readonly addressZipCode: string;
  /** The provider's id of this payer, from an earlier charge; absent the first time. */
  readonly customerId?: string;
}

export interface ChargeRequest {
  readonly payer: Payer;
  /** In BRL. */
  readonly value: number;
  /** YYYY-MM-DD. */
  readonly dueDate: string;
  readonly description: string;
  /** Ours, carried by the charge and its notifications: `<companyId>:<invoiceId>`. */
  readonly externalReference: string;
}

export interface PixChargeMade {
  /** The provider's charge id (Asaas: `pay_...`). */
  readonly chargeId: string;
  /** The provider's id of the payer, to keep for the next charge. */
  readonly customerId: string;
  /** The PIX copy-and-paste code (BR Code). */
  readonly pixCode: string;
  /** ISO instant after which the code is no longer payable. */
  readonly expiresAt: string;
  /** A secret the provider's notifications about this charge carry (the simulator's); absent for providers that sign otherwise. */
  readonly notificationSecret?: string;
}

/** What a provider's notification says, once read and authenticated. */
export type PaymentNotice =
  /** The charge was paid (confirmed or received: both settle the invoice, whichever comes first). */
  | { readonly kind: 'paid'; readonly chargeId: string; readonly eventId: string; readonly value: number }
  /** Anything else about a charge (created, overdue, refunded ...): acknowledged, changes nothing. */
  | { readonly kind: 'other'; readonly chargeId: string | null; readonly eventId: string; readonly event: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPixCharge(request: ChargeRequest): Promise<PixChargeMade>;
}

/** A notification without the provider's proof (a token or secret that does not match): answered 401, nothing read further. */
export class NotificationNotAuthenticated extends Error {
  constructor(provider: string) {
    super(`Payment notification not authenticated (${provider})`);
    this.name = 'NotificationNotAuthenticated';
  }
}

/** A provider's notification could not be read (malformed body): answered 400, nothing changed. */
export class MalformedNotification extends Error {
  constructor(reason: string) {
    super(`Malformed payment notification: ${reason}`);
    this.name = 'MalformedNotification';
  }
}

/** A provider's call failed (refused, unreachable, timed out); `status` is its answer's, null when none. */
export class PaymentProviderError extends Error {
  constructor(
    readonly what: string,
    readonly status: number | null,
    reason: string,
  ) {
    super(`${what}: ${reason}`);
    this.name = 'PaymentProviderError';
  }
}
