/**
 * The checkout's course without React (spec 3 §2 Checkout dialog, §4, §9): its steps, the plan it
 * starts on, and how it learns that the PIX charge was paid: the company's `payment` event for this
 * invoice (action CONCLUIDA), or the invoice found paid by the look repeated every PAYMENT_POLL_MS (a lapsed company's
 * socket may be refused, so the event alone could leave the dialog waiting forever). Whichever comes
 * first renews; then the user leaves for / after RETURN_HOME_DELAY_MS.
 */
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { PaymentCheck } from '../api/billing';

/** Spec 3 §2: the steps shown as headers; the PIX view and the renewal come after them. */
export const CHECKOUT_STEPS = ['dados', 'personalizar', 'revisar'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** Where the dialog is: one of the steps, or the PIX code being paid (which then shows the renewal). */
export type CheckoutPhase = CheckoutStep | 'pix';

/** Spec 3 §4, §9: after the payment the user returns to / after 4 seconds. */
export const RETURN_HOME_DELAY_MS = 4000;

/** Ours: how often the PIX view looks whether the invoice was paid, beside the live event. */
export const PAYMENT_POLL_MS = 5000;

/** The index of the step a phase shows as current in the headers (the PIX view: past every step). */
export function stepIndexOf(phase: CheckoutPhase): number {
  const index = (CHECKOUT_STEPS as readonly string[]).indexOf(phase);
  return index === -1 ? CHECKOUT_STEPS.length : index;
}

/** The plans a checkout offers: those with a price (a free plan is nothing to pay for; the server refuses it). */
export function payablePlans<P extends { readonly value: number }>(plans: readonly P[]): P[] {
  return plans.filter((plan) => plan.value > 0);
}

/** The plan Personalizar starts on: the invoice's own when it is offered, else none (the user picks one). */
export function initialPlanId(offered: readonly { readonly id: string }[], invoicePlanId: string): string {
  return offered.some((plan) => plan.id === invoicePlanId) ? invoicePlanId : '';
}

/** A renewal: the company's new due date (YYYY-MM-DD), null when the server did not say. */
export interface Renewal {
  readonly dueDate: string | null;
}

/**
 * The renewal a `payment` event brings, when it settles this invoice. The channel has one action,
 * CONCLUIDA (PAYMENT_CONCLUDED, typed by shared/realtime-events.ts), sent once per payment.
 */
export function renewalFromEvent(event: CompanyChannels['payment'], invoiceId: string): Renewal | undefined {
  return event.invoiceId === invoiceId ? { dueDate: event.company.dueDate } : undefined;
}

/** The renewal a look at the invoice found, when it is paid. */
export function renewalFromCheck(check: PaymentCheck | undefined): Renewal | undefined {
  return check?.paid === true ? { dueDate: check.dueDate } : undefined;
}

/** How often to look again: every PAYMENT_POLL_MS while waiting, never once renewed. */
export function pollInterval(renewed: boolean): number | false {
  return renewed ? false : PAYMENT_POLL_MS;
}
