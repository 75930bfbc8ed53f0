/**
 * Contact lists of campaigns and their items (spec 2 §2, §7): paths, cache keys, the lists page's search
 * (GET /contact-lists, page by page), one list, a list's items (GET /contact-list-items, page by page),
 * and the writes as requests the screens run in their mutations.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { ContactList, ContactListItem, ContactListItemPage, ContactListPage, ContactListSummary } from '../../../shared/contact-lists';
import type { ContactImportResult } from '../../../shared/contacts';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';
import { listCache } from './list-cache';

export type { ContactList, ContactListItem, ContactListSummary };

export const CONTACT_LISTS_PATH = '/contact-lists';
export const CONTACT_LIST_ITEMS_PATH = '/contact-list-items';
export const contactListPath = (listId: string) => `${CONTACT_LISTS_PATH}/${encodeURIComponent(listId)}`;
export const contactListItemPath = (itemId: string) => `${CONTACT_LIST_ITEMS_PATH}/${encodeURIComponent(itemId)}`;

export const contactListKeys = {
  all: ['contactLists'] as const,
  /** Every search of the lists page (the prefix of `list`). */
  lists: ['contactLists', 'list'] as const,
  list: (search: string) => ['contactLists', 'list', search] as const,
  /** The campaign dialog's select (GET /contact-lists/list). */
  summaries: ['contactLists', 'summaries'] as const,
  one: (listId: string) => ['contactLists', 'one', listId] as const,
  /** Every search of one list's items. */
  items: (listId: string) => ['contactLists', 'items', listId] as const,
  itemSearch: (listId: string, search: string) => ['contactLists', 'items', listId, search] as const,
};

/** The loaded pages of the lists page and of a list's contacts (api/list-cache.ts): their items, each once. */
export const contactListPages = listCache<ContactListPage, 'records'>('records');
export const contactListItemPages = listCache<ContactListItemPage, 'contacts'>('contacts');

/** The lists of a search, page by page (GET /contact-lists with `pageNumber`, from 1). */
export function useContactListPages(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: contactListKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<ContactListPage>(CONTACT_LISTS_PATH, { query: { searchParam: search === '' ? undefined : search, pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPageParam) => (last.hasMore ? lastPageParam + 1 : null),
  });
}

/** Every list of the company, its id, name and count (GET /contact-lists/list): the campaign dialog's select. */
export function useContactListSummaries(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: contactListKeys.summaries,
    queryFn: ({ signal }) => api.get<ContactListSummary[]>(`${CONTACT_LISTS_PATH}/list`, { signal }),
    enabled,
  });
}

export function useContactListDetail(listId: string) {
  const { api } = useServices();
  return useQuery({ queryKey: contactListKeys.one(listId), queryFn: ({ signal }) => api.get<ContactList>(contactListPath(listId), { signal }) });
}

/** One list's items of a search, page by page. */
export function useContactListItemPages(listId: string, search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: contactListKeys.itemSearch(listId, search),
    queryFn: ({ pageParam, signal }) =>
      api.get<ContactListItemPage>(CONTACT_LIST_ITEMS_PATH, {
        query: { contactListId: listId, searchParam: search === '' ? undefined : search, pageNumber: pageParam },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPageParam) => (last.hasMore ? lastPageParam + 1 : null),
  });
}

/** Creates a list, or renames `listId` when given. */
export function saveContactList(api: ApiClient, name: string, listId?: string): Promise<ContactList> {
  return listId === undefined ? api.post<ContactList>(CONTACT_LISTS_PATH, { name }) : api.put<ContactList>(contactListPath(listId), { name });
}

export function deleteContactList(api: ApiClient, listId: string): Promise<void> {
  return api.delete<undefined>(contactListPath(listId));
}

export interface ContactListItemBody {
  readonly name: string;
  readonly number: string;
  readonly email: string;
}

/** Adds an item to `listId`, or changes `itemId` when given. */
export function saveContactListItem(api: ApiClient, listId: string, body: ContactListItemBody, itemId?: string): Promise<ContactListItem> {
  return itemId === undefined
    ? api.post<ContactListItem>(CONTACT_LIST_ITEMS_PATH, { ...body, contactListId: listId })
    : api.put<ContactListItem>(contactListItemPath(itemId), body);
}

export function deleteContactListItem(api: ApiClient, itemId: string): Promise<void> {
  return api.delete<undefined>(contactListItemPath(itemId));
}

/** POST /contact-lists/{id}/upload: a spreadsheet's rows become items; answers what was created, skipped and refused. */
export function uploadContactList(api: ApiClient, listId: string, file: File): Promise<ContactImportResult> {
  const form = new FormData();
  form.append('file', file);
  return api.upload<ContactImportResult>(`${contactListPath(listId)}/upload`, form);
}
