/**
 * Queues (spec 3 §2 Queues, §7): GET /queue (the lists the ticket filters, the new-ticket modal, the
 * transfer modal and the queues page read), a queue's option menu (GET /queue-options), and the writes
 * as requests the screens run in their mutations (like api/tags.ts: no mutation code in the chunks
 * that only read these keys).
 */
import { useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { QueueDto, QueueOptionDto } from '../../../shared/queues';
import type { ScheduleEntry } from '../../../shared/schedules';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { QueueDto, QueueOptionDto };

export const QUEUES_PATH = '/queue';
export const QUEUE_OPTIONS_PATH = '/queue-options';
export const queuePath = (queueId: string) => `${QUEUES_PATH}/${encodeURIComponent(queueId)}`;
export const queueOptionPath = (optionId: string) => `${QUEUE_OPTIONS_PATH}/${encodeURIComponent(optionId)}`;

export const queueKeys = {
  all: ['queues'] as const,
  /** One queue's whole option menu (under the root, so refreshing the queues refreshes it too). */
  options: (queueId: string) => ['queues', 'options', queueId] as const,
};

/** The company's queues, read once and kept like any server data; the queues' own events refresh them. */
export function useQueues(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: queueKeys.all,
    queryFn: ({ signal }) => api.get<QueueDto[]>(QUEUES_PATH, { signal }),
    enabled,
  });
}

/**
 * A queue's option menu, every level (GET /queue-options at the top level answers each subtree). Read
 * afresh at each use and forgotten after it: no realtime event tells of a menu's changes, and the queue
 * dialog edits a draft of what it read, which must be the menu as it is now.
 */
export function useQueueOptions(queueId: string | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: queueKeys.options(queueId ?? ''),
    queryFn: ({ signal }) => api.get<QueueOptionDto[]>(QUEUE_OPTIONS_PATH, { query: { queueId, parentId: -1 }, signal }),
    enabled: queueId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The body of POST /queue and PUT /queue/{id}, as the queue dialog sends it. */
export interface QueueBody {
  readonly name: string;
  readonly color: string;
  readonly orderQueue: number | null;
  readonly greetingMessage: string;
  readonly outOfHoursMessage: string;
  readonly schedules: readonly Pick<ScheduleEntry, 'weekdayEn' | 'startTime' | 'endTime'>[];
  /** The AI prompt (null: none); absent: kept as stored. */
  readonly promptId?: string | null;
  /** The chatbot integration (null: none); absent: kept as stored. */
  readonly integrationId?: string | null;
}

/** Creates a queue, or updates `queueId` when given. */
export function saveQueue(api: ApiClient, body: QueueBody, queueId?: string): Promise<QueueDto> {
  return queueId === undefined ? api.post<QueueDto>(QUEUES_PATH, body) : api.put<QueueDto>(queuePath(queueId), body);
}

export function deleteQueue(api: ApiClient, queueId: string): Promise<void> {
  return api.delete<undefined>(queuePath(queueId));
}

/** POST /queue-options: a new option under `parentId` (null: the top level) at `option`. */
export interface NewQueueOptionBody {
  readonly queueId: string;
  readonly parentId: string | null;
  readonly title: string;
  readonly message: string;
  readonly option: number;
}

/** PUT /queue-options/{id}: the fields that changed. */
export interface QueueOptionChanges {
  readonly title?: string;
  readonly message?: string;
  readonly option?: number;
}

export function createQueueOption(api: ApiClient, body: NewQueueOptionBody): Promise<QueueOptionDto> {
  return api.post<QueueOptionDto>(QUEUE_OPTIONS_PATH, body);
}

export function updateQueueOption(api: ApiClient, optionId: string, changes: QueueOptionChanges): Promise<QueueOptionDto> {
  return api.put<QueueOptionDto>(queueOptionPath(optionId), changes);
}

/** Deletes the option with its whole subtree. */
export function deleteQueueOption(api: ApiClient, optionId: string): Promise<void> {
  return api.delete<undefined>(queueOptionPath(optionId));
}
