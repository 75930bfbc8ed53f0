/**
 * GET /subscription: what the subscription page and the checkout's Dados step start from: the
 * company's billing data, its due date and trial, and which provider a payment would go through.
 */
import type { BillingDetails } from '../../../shared/billing';
import type { Caller } from '../caller/load-caller';
import { currentPaymentProviderName } from './payment-providers';

export async function billingDetails(caller: Caller): Promise<BillingDetails> {
  const { company } = caller;
  return {
    billingName: company.billingName ?? company.name,
    email: company.email,
    document: company.document ?? '',
    addressStreet: company.addressStreet ?? '',
    addressCity: company.addressCity ?? '',
    addressState: company.addressState ?? '',
    addressZipCode: company.addressZipCode ?? '',
    dueDate: company.dueDate,
    trialExpiration: company.trialExpiration ?? null,
    planId: company.planId,
    provider: await currentPaymentProviderName(),
  };
}
