/**
 * Billing in tests: a tenant made a paying one (its plan priced, its due date some days away), as the
 * billing routes and the daily run see a company near its renewal, and the open invoice its admin sees.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '../../shared/companies';
import { today } from '../../shared/company-time';
import type { Invoice, InvoicePage } from '../../shared/billing';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import type { TestCloud } from './local-cloud';
import type { Tenant } from './tenants';

/** The checkout's Dados step as a test fills it in: a valid CPF, a Brazilian address. */
export const DADOS = {
  firstName: 'Maria',
  lastName: 'da Silva',
  address2: 'Rua das Flores, 100',
  city: 'São Paulo',
  state: 'SP',
  zipcode: '01310-100',
  country: 'BR',
  document: '529.982.247-25',
  useAddressForPaymentDetails: true,
} as const;

/** Prices the tenant's plan and sets its company's due date `dueInDays` from today (negative: past). */
export async function makePaying(cloud: TestCloud, tenant: Pick<Tenant, 'companyId' | 'planId'>, options: { readonly value?: number; readonly dueInDays: number }): Promise<string> {
  const dueDate = addDays(today(), options.dueInDays);
  await dynamo().send(
    new UpdateCommand({ TableName: cloud.tableName, Key: keys.plan(tenant.planId), UpdateExpression: 'SET #value = :value', ExpressionAttributeNames: { '#value': 'value' }, ExpressionAttributeValues: { ':value': options.value ?? 249 } }),
  );
  await setDueDate(cloud, tenant.companyId, dueDate);
  return dueDate;
}

export async function setDueDate(cloud: TestCloud, companyId: string, dueDate: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({ TableName: cloud.tableName, Key: keys.company(companyId), UpdateExpression: 'SET dueDate = :due', ExpressionAttributeValues: { ':due': dueDate } }),
  );
}

/** The company's invoices as its admin lists them (which issues the current cycle's when it is due). */
export async function invoicesOf(cloud: TestCloud, token: string, query = ''): Promise<InvoicePage> {
  const response = await cloud.api(`/invoices/all${query}`, { token });
  expect(response.status).toBe(200);
  return response.body as InvoicePage;
}

export async function openInvoiceOf(cloud: TestCloud, token: string): Promise<Invoice> {
  const invoice = (await invoicesOf(cloud, token)).records.find((record) => record.status === 'open');
  if (!invoice) throw new Error('No open invoice');
  return invoice;
}
