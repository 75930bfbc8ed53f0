/** Quick messages: the ones the caller may use, offered as they type '/' in the conversation (GET /quick-messages/list). */
import { useQuery } from '@tanstack/react-query';
import type { QuickMessage } from '../../../shared/quick-messages';
import { useServices } from '../app/services';

export type { QuickMessage };

export const USABLE_QUICK_MESSAGES_PATH = '/quick-messages/list';

export const quickMessageKeys = {
  all: ['quick-messages'] as const,
  /** The conversation's suggestions (under the resource, so invalidating it refreshes them). */
  usable: ['quick-messages', 'usable'] as const,
};

export function useQuickMessageOptions(enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: quickMessageKeys.usable,
    queryFn: ({ signal }) => api.get<QuickMessage[]>(USABLE_QUICK_MESSAGES_PATH, { signal }),
    enabled,
  });
}
