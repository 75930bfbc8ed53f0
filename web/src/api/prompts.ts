/**
 * AI prompts (spec 3 §2 AI prompts, §7; `/prompt`, plan flag `useOpenAi`): paths, cache keys, the
 * company's prompts with this month's AI usage (GET /prompt, read whole: a company has a few), one
 * prompt, the writes as requests the screens run in their mutations, and the `prompt` events that keep
 * the cached list current. The API key is write-only: answers say `hasApiKey`, never the key.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { AiUsage, Prompt, PromptDeleted, PromptList, PromptModel } from '../../../shared/prompts';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { useRealtimeEvent } from '../realtime/hooks';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';
import { updateCachedItem } from './list-cache';

export type { AiUsage, Prompt, PromptList };

export const PROMPTS_PATH = '/prompt';
export const promptPath = (id: string) => `${PROMPTS_PATH}/${encodeURIComponent(id)}`;

export const promptKeys = {
  all: ['prompts'] as const,
  /** The company's prompts with the month's usage (GET /prompt): the page's table and every select of prompts. */
  list: ['prompts', 'list'] as const,
  one: (id: string) => ['prompts', 'one', id] as const,
};

/** The company's prompts and this month's usage; `enabled` false where the plan has no AI (the call would be refused). */
export function usePrompts(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: promptKeys.list,
    queryFn: ({ signal }) => api.get<PromptList>(PROMPTS_PATH, { signal }),
    enabled,
  });
}

/** One prompt, read fresh even when cached (what the dialog is about to edit). */
export function usePrompt(id: string) {
  const { api } = useServices();
  return useQuery({ queryKey: promptKeys.one(id), queryFn: ({ signal }) => api.get<Prompt>(promptPath(id), { signal }), staleTime: 0 });
}

/**
 * The body of POST /prompt and PUT /prompt/{id} (shared/prompts.ts CreatePromptBody, UpdatePromptBody
 * check it). Numbers as typed (NaN for an empty field, which the schema refuses); `queueId` absent when
 * none is chosen ('Informe o setor'); `apiKey` absent on an edit that keeps the stored key.
 */
export interface PromptRequestBody {
  readonly name: string;
  readonly prompt: string;
  readonly model: PromptModel;
  readonly maxTokens: number;
  readonly temperature: number;
  readonly maxMessages: number;
  readonly queueId?: string;
  readonly apiKey?: string;
  readonly baseUrl: string;
}

/** Creates a prompt, or saves `id` when given. */
export function savePrompt(api: ApiClient, body: PromptRequestBody, id?: string): Promise<Prompt> {
  return id === undefined ? api.post<Prompt>(PROMPTS_PATH, body) : api.put<Prompt>(promptPath(id), body);
}

/** Deletes a prompt; the answer's message is what the page shows (spec 3 §7). */
export function deletePrompt(api: ApiClient, id: string): Promise<PromptDeleted> {
  return api.delete<PromptDeleted>(promptPath(id));
}

export type PromptEvent = CompanyChannels['prompt'];

/** The server's order of GET /prompt: by name (accents and case aside), then by id. */
export const comparePrompts = (a: Pick<Prompt, 'name' | 'id'>, b: Pick<Prompt, 'name' | 'id'>): number =>
  a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** The list after a change: a saved prompt in its place by name (new or renamed), a deleted one gone. */
export function applyToPromptList(list: PromptList, event: PromptEvent): PromptList {
  const id = event.action === 'delete' ? event.id : event.record.id;
  const others = list.prompts.filter((prompt) => prompt.id !== id);
  if (event.action === 'delete') return others.length === list.prompts.length ? list : { ...list, prompts: others };
  return { ...list, prompts: [...others, event.record].sort(comparePrompts) };
}

/**
 * Applies a change the server reports (a `prompt` event, or this client's own save or delete written as
 * one; twice is harmless) to the cached list, in place (the list is whole and small), and to the cached
 * prompt. The month's usage is not in the event: it stays as read.
 */
export function applyPromptEvent(client: QueryClient, event: PromptEvent): void {
  client.setQueryData<PromptList>(promptKeys.list, (list) => (list === undefined ? list : applyToPromptList(list, event)));
  if (event.action === 'delete') updateCachedItem(client, promptKeys.one(event.id), undefined);
  else updateCachedItem(client, promptKeys.one(event.record.id), event.record);
}

/** Keeps the cached prompts current from the company's `prompt` events while mounted. */
export function usePromptEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback((event: PromptEvent) => applyPromptEvent(queryClient, event), [queryClient]);
  useRealtimeEvent('prompt', apply);
}
