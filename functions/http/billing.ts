/**
 * Billing (spec 3 §2 Invoices, Checkout dialog, Subscription page, §7): the company's invoices and the
 * checkout's PIX charge for its administrators, even once the subscription has lapsed (that is when they
 * pay), and the payment providers' notifications, public routes that authenticate themselves
 * (core/billing/payment-notification.ts).
 */
import { InvoiceListQuery, SubscriptionBody } from '../../shared/billing';
import { billingDetails } from '../core/billing/billing-details';
import { createCharge } from '../core/billing/create-charge';
import { listInvoices } from '../core/billing/list-invoices';
import { receiveAsaasNotification, receiveSimulatorNotification } from '../core/billing/payment-notification';
import { callerRoute, httpModule, publicRoute, rawBody } from '../core/http/http-module';
import { created, ok } from '../core/http/reply';

const administrators = { access: { permission: 'company:administer' }, evenWhenLapsed: true } as const;

export const handler = httpModule('billing', {
  'GET /invoices/all': callerRoute({ ...administrators, query: InvoiceListQuery }, async ({ caller, query }) => ok(await listInvoices(caller, query))),
  'GET /subscription': callerRoute(administrators, async ({ caller }) => ok(await billingDetails(caller))),
  'POST /subscription': callerRoute({ ...administrators, body: SubscriptionBody }, async ({ caller, body }) => created(await createCharge(caller, body))),
  'POST /webhooks/asaas': publicRoute({}, async ({ headers, event }) => ok({ received: true, outcome: await receiveAsaasNotification(headers, rawBody(event)) })),
  'POST /webhooks/payment-simulator': publicRoute({}, async ({ headers, event }) =>
    ok({ received: true, outcome: await receiveSimulatorNotification(headers, rawBody(event)) }),
  ),
});
