/**
 * Live contact lists: the company's `ContactList` and `ContactListItem` events read the affected lists
 * again while a contact-list page is open (a list's page order and paging are the server's; an upload
 * arrives as one `reload`).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { contactListKeys } from '../api/contact-lists';
import { useRealtimeEvent } from '../realtime/hooks';

export function useContactListEvents(): void {
  const queryClient = useQueryClient();
  const onList = useCallback(
    (event: CompanyChannels['ContactList']) => {
      void queryClient.invalidateQueries({ queryKey: contactListKeys.lists });
      void queryClient.invalidateQueries({ queryKey: contactListKeys.summaries });
      const id = event.action === 'delete' ? event.id : event.record.id;
      void queryClient.invalidateQueries({ queryKey: contactListKeys.one(id) });
    },
    [queryClient],
  );
  const onItem = useCallback(
    (event: CompanyChannels['ContactListItem']) => {
      const listId = 'record' in event ? event.record.contactListId : event.contactListId;
      void queryClient.invalidateQueries({ queryKey: contactListKeys.items(listId) });
    },
    [queryClient],
  );
  useRealtimeEvent('ContactList', onList);
  useRealtimeEvent('ContactListItem', onItem);
}
