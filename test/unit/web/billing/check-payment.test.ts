/**
 * The checkout's look at the invoice being paid (api/billing.ts checkPayment), its fallback to the
 * `payment` event: the invoice searched by its number, matched exactly, and once paid the company's
 * new due date from GET /subscription.
 */
import type { BillingDetails, Invoice, InvoicePage } from '../../../../shared/billing';
import { checkPayment, INVOICES_PATH, SUBSCRIPTION_PATH } from '../../../../web/src/api/billing';
import type { ApiClient } from '../../../../web/src/api/client';

const invoice = (id: string, status: Invoice['status']): Invoice => ({
  id,
  detail: `Fatura ${id}`,
  value: 249,
  dueDate: '2026-12-03',
  status,
  planId: 'P1',
  companyId: 'C1',
  createdAt: '2026-11-23T00:00:00.000Z',
  paidAt: status === 'paid' ? '2026-11-30T00:00:00.000Z' : null,
});

function fakeApi(records: readonly Invoice[], dueDate = '2027-01-03') {
  const calls: { path: string; query: unknown }[] = [];
  const api: Pick<ApiClient, 'get'> = {
    get: <T,>(path: string, options?: { query?: unknown }): Promise<T> => {
      calls.push({ path, query: options?.query });
      const answer = path === INVOICES_PATH ? ({ records, count: records.length, hasMore: false } satisfies InvoicePage) : ({ dueDate } as Partial<BillingDetails>);
      return Promise.resolve(answer as T);
    },
  };
  return { api, calls };
}

describe('checkPayment', () => {
  test('searches the invoice by its number on the first page', async () => {
    const { api, calls } = fakeApi([invoice('7', 'open')]);

    await checkPayment(api, '7');

    expect(calls).toEqual([{ path: INVOICES_PATH, query: { searchParam: '7', pageNumber: 1 } }]);
  });

  test('finds an open invoice not paid, and asks nothing more', async () => {
    const { api, calls } = fakeApi([invoice('7', 'open')]);

    expect(await checkPayment(api, '7')).toEqual({ paid: false });
    expect(calls).toHaveLength(1);
  });

  test('matches the number exactly: invoice 17 paid does not pay invoice 7', async () => {
    const { api } = fakeApi([invoice('17', 'paid'), invoice('7', 'open')]);

    expect(await checkPayment(api, '7')).toEqual({ paid: false });
  });

  test('answers a paid invoice with the company’s new due date', async () => {
    const { api, calls } = fakeApi([invoice('7', 'paid')], '2027-01-03');

    expect(await checkPayment(api, '7')).toEqual({ paid: true, dueDate: '2027-01-03' });
    expect(calls.map((call) => call.path)).toEqual([INVOICES_PATH, SUBSCRIPTION_PATH]);
  });
});
