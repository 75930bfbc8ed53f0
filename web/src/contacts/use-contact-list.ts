/** The contacts of a search, page by page (GET /contacts with the cursor of the page before). */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ContactPage } from '../../../shared/contacts';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../app/services';

export function useContactList(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: queryKeys.contacts.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<ContactPage>('/contacts', {
        query: { searchParam: search === '' ? undefined : search, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
  });
}
