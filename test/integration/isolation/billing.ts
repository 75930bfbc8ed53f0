/**
 * Tenant isolation of the billing routes: A's admin lists, reads and pays only A's invoices, whatever
 * `companyId` or invoice id A sends; B's invoice stays open and uncharged; a notification forged with
 * A's charge secret for B's charge, or without Asaas's token, changes nothing of B.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import { getInvoiceByDueDate, getPaymentCharge } from '../../../functions/core/repositories/invoices';
import { getCompany } from '../../../functions/core/repositories/companies';
import { DADOS, makePaying, openInvoiceOf } from '../../support/billing';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';

/** B made a paying company with an open invoice (and a charge, when asked): its id and due date. */
async function invoiceOfB(cloud: TestCloud, b: Tenant, charged = false) {
  const dueDate = await makePaying(cloud, b, { dueInDays: 3 });
  const invoice = await openInvoiceOf(cloud, b.admin.token);
  let chargeId: string | undefined;
  if (charged) {
    const charge = await cloud.api('/subscription', { method: 'POST', token: b.admin.token, body: { ...DADOS, plan: b.planId, invoiceId: invoice.id } });
    expect(charge.status).toBe(201);
    chargeId = String(charge.body.chargeId);
  }
  return { id: invoice.id, dueDate, chargeId };
}

async function bUntouched(b: Tenant, dueDate: string): Promise<void> {
  expect(await getInvoiceByDueDate(b.companyId, dueDate, true)).toMatchObject({ status: 'open' });
  expect((await getCompany(b.companyId, true))?.dueDate).toBe(dueDate);
}

export const billingProbes: Record<RouteKeyOf<'billing'>, Probe> = {
  'GET /invoices/all': async ({ cloud, a, b }) => {
    await invoiceOfB(cloud, b);

    const response = await cloud.api(`/invoices/all?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.records.every((record: { companyId: string }) => record.companyId === a.companyId)).toBe(true);
    expect(JSON.stringify(response.body)).not.toContain(b.companyId);
    expect((await cloud.api('/invoices/all', { token: a.user.token })).body).toEqual({ error: 'ERR_NO_PERMISSION' });
  },

  'GET /subscription': async ({ cloud, a, b }) => {
    const response = await cloud.api(`/subscription?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.email).toBe(a.admin.email);
    expect(JSON.stringify(response.body)).not.toContain(b.admin.email);
  },

  'POST /subscription': async ({ cloud, a, b }) => {
    const { id, dueDate } = await invoiceOfB(cloud, b);

    // A has no invoice of its own (its plan is free; the simulator's probe, later, makes it pay): B's
    // invoice number names nothing of A's.
    expect((await cloud.api('/invoices/all', { token: a.admin.token })).body.count).toBe(0);
    const response = await cloud.api(`/subscription?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { ...DADOS, plan: b.planId, invoiceId: id, companyId: b.companyId },
    });

    expect(response).toEqual({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    expect((await getInvoiceByDueDate(b.companyId, dueDate, true))?.charge).toBeUndefined();
  },

  'POST /webhooks/asaas': async ({ cloud, b }) => {
    const { dueDate, chargeId } = await invoiceOfB(cloud, b, true);

    // No token is set on this platform: every notification is refused, even one naming B's charge.
    const response = await cloud.api('/webhooks/asaas', {
      method: 'POST',
      headers: { 'asaas-access-token': '' },
      body: { id: 'evt_forged', event: 'PAYMENT_RECEIVED', payment: { id: chargeId, value: 249, status: 'RECEIVED' } },
    });

    expect(response).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    await bUntouched(b, dueDate);
  },

  'POST /webhooks/payment-simulator': async ({ cloud, a, b }) => {
    const ofB = await invoiceOfB(cloud, b, true);
    const ofA = await invoiceOfB(cloud, a, true);
    const secretOfA = (await getPaymentCharge('simulator', ofA.chargeId ?? ''))?.notificationSecret ?? '';
    expect(secretOfA).not.toBe('');

    const response = await cloud.api('/webhooks/payment-simulator', {
      method: 'POST',
      headers: { 'x-simulator-token': secretOfA },
      body: { id: 'evt_forged', event: 'PAYMENT_RECEIVED', payment: { id: ofB.chargeId, value: 249 } },
    });

    expect(response).toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    await bUntouched(b, ofB.dueDate);
  },
};
