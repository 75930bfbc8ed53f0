/**
 * Live file lists (spec 2 §4, §7; checklist O-095): the company's `file` events keep the cached lists in
 * step while the page is open. A deleted list leaves them at once; otherwise the lists and the list are
 * read again: where a list goes depends on the server's order and paging (api/list-cache.ts), and the
 * event carries no links to the files, which each read signs afresh. The answer of this client's own
 * save or delete goes through the same steps, harmless twice.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { fileListKeys, fileListPages } from '../api/file-lists';
import { updateCachedItem } from '../api/list-cache';
import { useRealtimeEvent } from '../realtime/hooks';

export type FileListEvent = CompanyChannels['file'];

export function applyFileListEvent(client: QueryClient, event: FileListEvent): void {
  if (event.action === 'delete') {
    fileListPages.updateLists(client, fileListKeys.lists, (data) => fileListPages.remove(data, event.id));
    updateCachedItem(client, fileListKeys.one(event.id), undefined);
  } else {
    void client.invalidateQueries({ queryKey: fileListKeys.one(event.record.id) });
  }
  void client.invalidateQueries({ queryKey: fileListKeys.lists });
}

export function useFileListEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback((event: FileListEvent) => applyFileListEvent(queryClient, event), [queryClient]);
  useRealtimeEvent('file', apply);
}
