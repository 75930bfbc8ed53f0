/**
 * Queue integrations (spec 3 §2 Queue integrations, §7; `/queueIntegration`, plan flag
 * `useIntegrations`, administrators): paths, cache keys, the page's search (GET /queueIntegration, page
 * by page, answered as `queueIntegrations, hasMore`), every integration's name for the queue dialog's
 * select, one integration, the writes (save, delete, a new signing secret, the Dialogflow test) as
 * requests the screens run in their mutations, and the `queueIntegration` events that keep every cached
 * list current. Secrets are write-only: the service account is never answered, and the signing secret
 * only in the answer that made it, which the screen shows once and never caches.
 */
import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type {
  QueueIntegration,
  QueueIntegrationLanguage,
  QueueIntegrationPage,
  QueueIntegrationTestResult,
  QueueIntegrationType,
  QueueIntegrationWithSecret,
} from '../../../shared/queue-integrations';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { useRealtimeEvent } from '../realtime/hooks';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';
import { listCache, updateCachedItem } from './list-cache';

export type { QueueIntegration, QueueIntegrationPage, QueueIntegrationTestResult, QueueIntegrationType, QueueIntegrationWithSecret };

export const QUEUE_INTEGRATIONS_PATH = '/queueIntegration';
export const queueIntegrationPath = (id: string) => `${QUEUE_INTEGRATIONS_PATH}/${encodeURIComponent(id)}`;
export const queueIntegrationSecretPath = (id: string) => `${queueIntegrationPath(id)}/secret`;
export const QUEUE_INTEGRATION_TEST_PATH = `${QUEUE_INTEGRATIONS_PATH}/testSession`;

export const queueIntegrationKeys = {
  all: ['queueIntegrations'] as const,
  /** Every search of the page (the prefix of `list`). */
  lists: ['queueIntegrations', 'list'] as const,
  list: (search: string) => ['queueIntegrations', 'list', search] as const,
  one: (id: string) => ['queueIntegrations', 'one', id] as const,
  /** Every integration's id, name and type, for the queue dialog's select. */
  choices: ['queueIntegrations', 'choices'] as const,
};

/** The loaded pages of a search (api/list-cache.ts): their integrations, each once. */
export const queueIntegrationPages = listCache<QueueIntegrationPage, 'queueIntegrations'>('queueIntegrations');

function searchPage(api: ApiClient, search: string, pageNumber: number, signal?: AbortSignal): Promise<QueueIntegrationPage> {
  return api.get<QueueIntegrationPage>(QUEUE_INTEGRATIONS_PATH, { query: { searchParam: search === '' ? undefined : search, pageNumber }, signal });
}

/** The integrations of a search (by name or type), page by page (GET /queueIntegration with `pageNumber`, from 1). */
export function useQueueIntegrationPages(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: queueIntegrationKeys.list(search),
    queryFn: ({ pageParam, signal }) => searchPage(api, search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPageParam) => (last.hasMore ? lastPageParam + 1 : null),
  });
}

/** An integration as a select offers it. */
export interface QueueIntegrationChoice {
  readonly id: string;
  readonly name: string;
  readonly type: QueueIntegrationType;
}

/** Enough pages for any company's integrations (a handful); a select longer than this would be unusable anyway. */
const CHOICES_PAGES_MAX = 20;

/** Every integration of the company, as the queue dialog's select offers them: every page of GET /queueIntegration. */
export function useQueueIntegrationChoices(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: queueIntegrationKeys.choices,
    queryFn: async ({ signal }) => {
      const choices: QueueIntegrationChoice[] = [];
      for (let pageNumber = 1; pageNumber <= CHOICES_PAGES_MAX; pageNumber += 1) {
        const page = await searchPage(api, '', pageNumber, signal);
        choices.push(...page.queueIntegrations.map(({ id, name, type }) => ({ id, name, type })));
        if (!page.hasMore) break;
      }
      return choices;
    },
    enabled,
  });
}

/** One integration, read fresh even when cached (what the dialog is about to edit). */
export function useQueueIntegration(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: queueIntegrationKeys.one(id),
    queryFn: ({ signal }) => api.get<QueueIntegration>(queueIntegrationPath(id), { signal }),
    staleTime: 0,
  });
}

/**
 * The body of POST /queueIntegration and PUT /queueIntegration/{id} (shared/queue-integrations.ts
 * QueueIntegrationBody checks it): every field, those of other types empty. `jsonContent` '' keeps the
 * stored service account on a PUT; numbers as typed ('' takes the default).
 */
export interface QueueIntegrationRequestBody {
  readonly type: QueueIntegrationType | '';
  readonly name: string;
  readonly projectName: string;
  readonly jsonContent: string;
  readonly language: QueueIntegrationLanguage | null;
  readonly urlN8N: string;
  readonly typebotSlug: string;
  readonly typebotExpires: number | '';
  readonly typebotDelayMessage: number | '';
  readonly typebotKeywordFinish: string;
  readonly typebotKeywordRestart: string;
  readonly typebotUnknownMessage: string;
  readonly typebotRestartMessage: string;
}

/** A write's answer: with the signing secret when the write made one (shown once), else the integration. */
export type SavedQueueIntegration = QueueIntegration | QueueIntegrationWithSecret;

/** Whether an answer carries a signing secret, to show once. */
export const carriesSecret = (saved: SavedQueueIntegration): saved is QueueIntegrationWithSecret =>
  'secret' in saved && typeof saved.secret === 'string' && saved.secret !== '';

/** The integration of an answer without its secret: what may be cached. */
export function withoutSecret(saved: SavedQueueIntegration): QueueIntegration {
  if (!('secret' in saved)) return saved;
  const { secret: _secret, ...integration } = saved;
  return integration;
}

/** Creates an integration, or saves `id` when given. */
export function saveQueueIntegration(api: ApiClient, body: QueueIntegrationRequestBody, id?: string): Promise<SavedQueueIntegration> {
  return id === undefined
    ? api.post<SavedQueueIntegration>(QUEUE_INTEGRATIONS_PATH, body)
    : api.put<SavedQueueIntegration>(queueIntegrationPath(id), body);
}

export function deleteQueueIntegration(api: ApiClient, id: string): Promise<void> {
  return api.delete<undefined>(queueIntegrationPath(id));
}

/** POST /queueIntegration/{id}/secret: a new signing secret (n8n, webhook); the old one stops verifying at once. */
export function renewQueueIntegrationSecret(api: ApiClient, id: string): Promise<QueueIntegrationWithSecret> {
  return api.post<QueueIntegrationWithSecret>(queueIntegrationSecretPath(id));
}

/** The body of POST /queueIntegration/testSession: `id` lends a saved integration's service account when `jsonContent` is empty. */
export interface QueueIntegrationTestRequestBody {
  readonly id?: string;
  readonly projectName: string;
  readonly jsonContent: string;
  readonly language: QueueIntegrationLanguage | null;
  readonly text?: string;
}

/** Asks the Dialogflow agent one question with these credentials (ERR_INTEGRATION_TEST_FAILED when it cannot). */
export function testQueueIntegrationSession(api: ApiClient, body: QueueIntegrationTestRequestBody): Promise<QueueIntegrationTestResult> {
  return api.post<QueueIntegrationTestResult>(QUEUE_INTEGRATION_TEST_PATH, body);
}

export type QueueIntegrationEvent = CompanyChannels['queueIntegration'];

/**
 * Applies a change the server reports (a `queueIntegration` event, or this client's own write written as
 * one, its secret left out; twice is harmless): a changed integration takes its place in every loaded
 * search and in its cached copy; a new one makes the searches read again, since where it goes is the
 * server's order and paging; a deleted one leaves them at once. The queue dialog's choices are read again
 * either way.
 */
export function applyQueueIntegrationEvent(client: QueryClient, event: QueueIntegrationEvent): void {
  void client.invalidateQueries({ queryKey: queueIntegrationKeys.choices });
  if (event.action === 'delete') {
    queueIntegrationPages.updateLists(client, queueIntegrationKeys.lists, (data) => queueIntegrationPages.remove(data, event.id));
    updateCachedItem(client, queueIntegrationKeys.one(event.id), undefined);
    return;
  }
  const record = withoutSecret(event.record);
  updateCachedItem(client, queueIntegrationKeys.one(record.id), record);
  if (event.action === 'create') void client.invalidateQueries({ queryKey: queueIntegrationKeys.lists });
  else queueIntegrationPages.updateLists(client, queueIntegrationKeys.lists, (data) => queueIntegrationPages.replace(data, record.id, record));
}

/** Keeps the cached integrations current from the company's `queueIntegration` events while mounted. */
export function useQueueIntegrationEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback((event: QueueIntegrationEvent) => applyQueueIntegrationEvent(queryClient, event), [queryClient]);
  useRealtimeEvent('queueIntegration', apply);
}
