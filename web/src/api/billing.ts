/**
 * Billing (spec 3 §2 Invoices, Checkout dialog, Subscription page; §7): paths, cache keys, the
 * company's invoices page by page (GET /invoices/all), its billing data (GET /subscription), the PIX
 * charge of an invoice (POST /subscription) and the check the checkout repeats while it waits for the
 * payment. All three answer a company admin also after the subscription has lapsed, which is how such a
 * company pays (the lapsed billing view). Payments are PIX only (docs/architecture.md §8): no card
 * field is ever sent.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { BillingDetails, Invoice, InvoicePage, PixCharge, SubscriptionBody } from '../../../shared/billing';
import { useRealtimeEvent } from '../realtime/hooks';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { BillingDetails, Invoice, InvoicePage, PixCharge, SubscriptionBody };

export const INVOICES_PATH = '/invoices/all';
export const SUBSCRIPTION_PATH = '/subscription';

export const billingKeys = {
  all: ['billing'] as const,
  /** Every search of the invoices (the prefix of `invoices`). */
  invoiceLists: ['billing', 'invoices'] as const,
  invoices: (search: string) => ['billing', 'invoices', search] as const,
  /** The company's billing data and due date (GET /subscription). */
  details: ['billing', 'details'] as const,
  /** The checkout's repeated look at one invoice while it waits for the payment. */
  payment: (invoiceId: string) => ['billing', 'payment', invoiceId] as const,
};

/** One page of the company's invoices, newest due date first; `search` matches the number or the detail. */
export function listInvoices(api: Pick<ApiClient, 'get'>, search: string, pageNumber: number, signal?: AbortSignal): Promise<InvoicePage> {
  return api.get<InvoicePage>(INVOICES_PATH, { query: { searchParam: search === '' ? undefined : search, pageNumber }, ...(signal !== undefined && { signal }) });
}

/** The invoices of a search, page by page (from 1) while `hasMore`. */
export function useInvoiceList(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: billingKeys.invoices(search),
    queryFn: ({ pageParam, signal }) => listInvoices(api, search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPageParam) => (last.hasMore ? lastPageParam + 1 : null),
  });
}

export function billingDetails(api: Pick<ApiClient, 'get'>, signal?: AbortSignal): Promise<BillingDetails> {
  return api.get<BillingDetails>(SUBSCRIPTION_PATH, signal === undefined ? undefined : { signal });
}

/** The company's billing data, read fresh each time a screen opens on it (the checkout's prefill). */
export function useBillingDetails() {
  const { api } = useServices();
  return useQuery({ queryKey: billingKeys.details, queryFn: ({ signal }) => billingDetails(api, signal), staleTime: 0 });
}

/**
 * POST /subscription: the PIX charge of the invoice (201). The body has no price, users or connections
 * (the server reads them from the plan) and no card field (refused).
 */
export function subscribe(api: Pick<ApiClient, 'post'>, body: SubscriptionBody): Promise<PixCharge> {
  return api.post<PixCharge>(SUBSCRIPTION_PATH, body);
}

/** What a look at the invoice being paid found: still open, or paid with the company's new due date. */
export type PaymentCheck = { readonly paid: false } | { readonly paid: true; readonly dueDate: string | null };

/**
 * Whether `invoiceId` is paid now: its search (the invoice number) read from the first page, then, once
 * paid, the company's new due date. The checkout's fallback to the `payment` event, which a lapsed
 * company's socket may never carry.
 */
export async function checkPayment(api: Pick<ApiClient, 'get'>, invoiceId: string, signal?: AbortSignal): Promise<PaymentCheck> {
  const page = await listInvoices(api, invoiceId, 1, signal);
  const invoice = page.records.find((record) => record.id === invoiceId);
  if (invoice?.status !== 'paid') return { paid: false };
  return { paid: true, dueDate: (await billingDetails(api, signal)).dueDate };
}

/**
 * Refetches the invoices and the billing data when a payment settles an invoice (the company's `payment`
 * event, spec 3 §4), while mounted: the event names the invoice, not the list's page it sits on.
 */
export function useInvoiceEvents(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('payment', () => void queryClient.invalidateQueries({ queryKey: billingKeys.all }));
}
