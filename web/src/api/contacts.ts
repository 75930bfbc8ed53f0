/**
 * Contacts (spec 1 §2.8, spec 3 §9): paths, cache keys, the list and one-contact queries, and the
 * writes (save, delete, export, import) as requests the screens run in their mutations, putting the
 * answer in the cache at once (contacts/contact-cache.ts; the realtime event that follows finds it
 * there). Requests rather than mutation hooks: these keys are read by the shell, which then need not
 * carry TanStack's mutation code into every first load.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { ContactDto, ContactExport, ContactImportResult, ContactPage } from '../../../shared/contacts';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';

export type { ContactDto, ContactExport, ContactImportResult, ContactPage };

export const CONTACTS_PATH = '/contacts';
export const contactPath = (contactId: string) => `${CONTACTS_PATH}/${encodeURIComponent(contactId)}`;
export const CONTACTS_EXPORT_PATH = `${CONTACTS_PATH}/export`;
export const CONTACTS_IMPORT_PATH = `${CONTACTS_PATH}/import`;

export const contactKeys = {
  all: ['contacts'] as const,
  list: (search: string) => ['contacts', 'list', search] as const,
  /** Every contact list, whatever its search (the prefix of `list`). */
  lists: ['contacts', 'list'] as const,
  one: (contactId: string) => ['contacts', 'one', contactId] as const,
  /** One page of GET /contacts for a picker's search (components/ContactSearch.tsx), not the contacts page's list. */
  search: (term: string) => ['contacts', 'search', term] as const,
};

/** The first page of contacts for a picker's search term (GET /contacts?searchParam=), kept 30 s. */
export function useContactSearch(term: string, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: contactKeys.search(term),
    queryFn: ({ signal }) => api.get<ContactPage>(CONTACTS_PATH, { query: { searchParam: term }, signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** The contacts of a search, page by page (GET /contacts with the cursor of the page before). */
export function useContactList(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: contactKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<ContactPage>(CONTACTS_PATH, {
        query: { searchParam: search === '' ? undefined : search, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
  });
}

/** One contact; `fresh` reads it again even when cached (what is about to be edited). */
export function useContact(contactId: string, enabled = true, { fresh = false }: { readonly fresh?: boolean } = {}) {
  const { api } = useServices();
  return useQuery({
    queryKey: contactKeys.one(contactId),
    queryFn: ({ signal }) => api.get<ContactDto>(contactPath(contactId), { signal }),
    enabled,
    ...(fresh && { staleTime: 0 }),
  });
}

/** The body of POST /contacts and PUT /contacts/{id} (the number left out when unchanged). */
export interface ContactBody {
  readonly name: string;
  readonly number?: string;
  readonly email: string;
  readonly extraInfo: readonly { readonly name: string; readonly value: string }[];
}

/** Creates a contact, or updates `contactId` when given. */
export function saveContact(api: ApiClient, body: ContactBody, contactId?: string): Promise<ContactDto> {
  return contactId === undefined ? api.post<ContactDto>(CONTACTS_PATH, body) : api.put<ContactDto>(contactPath(contactId), body);
}

export function deleteContact(api: ApiClient, contactId: string): Promise<void> {
  return api.delete<undefined>(contactPath(contactId));
}

/** GET /contacts/export: a signed link to contatos.csv. */
export function exportContacts(api: ApiClient): Promise<ContactExport> {
  return api.get<ContactExport>(CONTACTS_EXPORT_PATH);
}

/**
 * POST /contacts/import with the spreadsheet in a form (its field: CONTACTS_IMPORT_FIELDS of
 * shared/contacts.ts). When it created contacts, invalidate `contactKeys.all`.
 */
export function importContacts(api: ApiClient, form: FormData): Promise<ContactImportResult> {
  return api.upload<ContactImportResult>(CONTACTS_IMPORT_PATH, form);
}
