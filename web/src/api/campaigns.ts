/**
 * Campaigns (spec 2 §2, §4, §7): paths, cache keys, the list page's search (GET /campaigns, page by
 * page), one campaign, its recipients (GET /campaigns/{id}/shipping, by cursor) and all of them for the
 * report's CSV, the writes (save, delete, cancel, restart, the attachment) as requests the screens run
 * in their mutations, and the `campaign` events that keep every cached list and campaign current.
 */
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { Campaign, CampaignPage, CampaignShipping, CampaignShippingPage } from '../../../shared/campaigns';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { TemplateMessage } from '../../../shared/whatsapp-cloud';
import { useRealtimeEvent } from '../realtime/hooks';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';
import { listCache, updateCachedItem } from './list-cache';

export type { Campaign, CampaignShipping };

export const CAMPAIGNS_PATH = '/campaigns';
export const campaignPath = (id: string) => `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`;
export const campaignMediaPath = (id: string) => `${campaignPath(id)}/media-upload`;
export const campaignShippingPath = (id: string) => `${campaignPath(id)}/shipping`;
/** The file lists the dialog's select offers (spec 2 §7: GET /files/). */

export const campaignKeys = {
  all: ['campaigns'] as const,
  /** Every search of the list page (the prefix of `list`). */
  lists: ['campaigns', 'list'] as const,
  list: (search: string) => ['campaigns', 'list', search] as const,
  one: (id: string) => ['campaigns', 'one', id] as const,
  /** A campaign's recipients as the report loads them, page by page. */
  shipping: (id: string) => ['campaigns', 'shipping', id] as const,
  /** The dialog's file-list select, until the file lists have their own module. */
};

/** The loaded pages of the list page (api/list-cache.ts): their campaigns, each once. */
export const campaignPages = listCache<CampaignPage, 'records'>('records');

/** The campaigns of a search, page by page (GET /campaigns with `pageNumber`, from 1). */
export function useCampaignPages(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: campaignKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<CampaignPage>(CAMPAIGNS_PATH, { query: { searchParam: search === '' ? undefined : search, pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPageParam) => (last.hasMore ? lastPageParam + 1 : null),
  });
}

/** One campaign; `fresh` reads it again even when cached (what a dialog is about to edit). */
export function useCampaign(id: string, options: { readonly fresh?: boolean } = {}) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: ({ signal }) => api.get<Campaign>(campaignPath(id), { signal }),
    ...(options.fresh === true && { staleTime: 0 }),
  });
}

export const SHIPPING_PAGE_SIZE = 100;
/** The CSV export reads the recipients in the route's largest pages. */
const SHIPPING_EXPORT_PAGE_SIZE = 500;

function shippingPage(api: ApiClient, id: string, cursor: string | null, limit: number, signal?: AbortSignal): Promise<CampaignShippingPage> {
  return api.get<CampaignShippingPage>(campaignShippingPath(id), { query: { cursor: cursor ?? undefined, limit }, signal });
}

/** The report's recipients, a page at a time (the cursor of one page reads the next; null after the last). */
export function useCampaignShippingPages(id: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: campaignKeys.shipping(id),
    queryFn: ({ pageParam, signal }) => shippingPage(api, id, pageParam, SHIPPING_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
}

/** Every recipient of a campaign, in order, walking the pages to the last (the report's CSV). */
export async function fetchAllCampaignShipping(api: ApiClient, id: string): Promise<CampaignShipping[]> {
  const rows: CampaignShipping[] = [];
  let cursor: string | null = null;
  do {
    const page: CampaignShippingPage = await shippingPage(api, id, cursor, SHIPPING_EXPORT_PAGE_SIZE);
    rows.push(...page.shipping);
    cursor = page.cursor;
  } while (cursor !== null);
  return rows;
}

/** A file list as the dialog's select names it. */
/**
 * The body of POST /campaigns and PUT /campaigns/{id} (shared/campaigns.ts CampaignBody checks it):
 * `scheduledAt` as 'YYYY-MM-DD HH:mm:ss' on the company's clock, or null for none; empty choices null,
 * and the tag 'Nenhuma' when there is none (spec 2 §3, §7).
 */
export interface CampaignRequestBody {
  readonly name: string;
  readonly message1: string;
  readonly message2: string;
  readonly message3: string;
  readonly message4: string;
  readonly message5: string;
  readonly scheduledAt: string | null;
  readonly whatsappId: string | null;
  readonly contactListId: string | null;
  readonly tagListId: string;
  readonly fileListId: string | null;
  /** On a Cloud API connection its approved template (variables may name the campaign's placeholders); null otherwise. */
  readonly template: TemplateMessage | null;
}

/** Creates a campaign, or updates `id` when given. */
export function saveCampaign(api: ApiClient, body: CampaignRequestBody, id?: string): Promise<Campaign> {
  return id === undefined ? api.post<Campaign>(CAMPAIGNS_PATH, body) : api.put<Campaign>(campaignPath(id), body);
}

export function deleteCampaign(api: ApiClient, id: string): Promise<void> {
  return api.delete<undefined>(campaignPath(id));
}

/** POST /campaigns/{id}/cancel: a campaign in progress stops (CANCELADA). */
export function cancelCampaign(api: ApiClient, id: string): Promise<Campaign> {
  return api.post<Campaign>(`${campaignPath(id)}/cancel`);
}

/** POST /campaigns/{id}/restart: a cancelled campaign goes on with the recipients it has not reached. */
export function restartCampaign(api: ApiClient, id: string): Promise<Campaign> {
  return api.post<Campaign>(`${campaignPath(id)}/restart`);
}

/** POST /campaigns/{id}/media-upload: the attachment, in a multipart form under `file`. */
export function uploadCampaignMedia(api: ApiClient, id: string, file: File): Promise<Campaign> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<Campaign>(campaignMediaPath(id), form);
}

/** DELETE /campaigns/{id}/media-upload: removes the attachment. */
export function deleteCampaignMedia(api: ApiClient, id: string): Promise<Campaign> {
  return api.delete<Campaign>(campaignMediaPath(id));
}

export type CampaignEvent = CompanyChannels['campaign'];

/**
 * Applies a change the server reports (a `campaign` event, or this client's own save, cancel or
 * delete written as one; twice is harmless): a changed campaign takes its place in every loaded list
 * and in its cached copy (the progress of a running one arrives this way about once a second); a new
 * one makes the lists read again, since where it goes is the server's order and paging; a deleted one
 * leaves them at once.
 */
export function applyCampaignEvent(client: QueryClient, event: CampaignEvent): void {
  if (event.action === 'delete') {
    campaignPages.updateLists(client, campaignKeys.lists, (data) => campaignPages.remove(data, event.id));
    updateCachedItem(client, campaignKeys.one(event.id), undefined);
    return;
  }
  const { record } = event;
  updateCachedItem(client, campaignKeys.one(record.id), record);
  if (event.action === 'create') void client.invalidateQueries({ queryKey: campaignKeys.lists });
  else campaignPages.updateLists(client, campaignKeys.lists, (data) => campaignPages.replace(data, record.id, record));
}

/** Keeps the cached campaigns current from the company's `campaign` events while mounted. */
export function useCampaignEvents(onEvent?: (event: CampaignEvent) => void): void {
  const queryClient = useQueryClient();
  const apply = useCallback(
    (event: CampaignEvent) => {
      applyCampaignEvent(queryClient, event);
      onEvent?.(event);
    },
    [queryClient, onEvent],
  );
  useRealtimeEvent('campaign', apply);
}
