/**
 * Keeps the cached contact lists and contacts in step with what changed on the server: a `contact`
 * realtime event (spec 3 §7), or the answer of this client's own save or delete. Saving applies the
 * same change the event will bring, so every step here is idempotent: a contact is first taken out of
 * a list, then put back where the server would list it.
 *
 * A contact list is cached as the pages GET /contacts answered for one search term, in the server's
 * order (the folded name, or the number for a number search, then the id). A contact is put back only
 * where the loaded pages cover its place: one that sorts after the last loaded contact, while more
 * pages exist, arrives with the next page instead. The list steps are the resource lists' own
 * (api/list-cache.ts), with `contacts` as the noun.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { numberSearchDigits, type ContactDto, type ContactPage } from '../../../shared/contacts';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { foldForSearch } from '../../../shared/text';
import { listCache, updateCachedItem } from '../api/list-cache';
import { queryKeys } from '../api/query-keys';

export type ContactEvent = CompanyChannels['contact'];

/** The pages of one search, as the contacts page's infinite query caches them (page param: the cursor). */
export type ContactListData = InfiniteData<ContactPage, string | null>;

const contactLists = listCache<ContactPage, 'contacts'>('contacts');

/** Whether the server would answer this contact for the search term (GET /contacts `searchParam`). */
export function matchesSearch(contact: Pick<ContactDto, 'name' | 'number'>, search: string): boolean {
  const digits = numberSearchDigits(search);
  if (digits !== undefined) return contact.number.startsWith(digits);
  return foldForSearch(contact.name).startsWith(foldForSearch(search));
}

/** The contact's place in the list of a search term, comparable as the server's index compares it. */
function sortKey(contact: Pick<ContactDto, 'id' | 'name' | 'number'>, search: string): string {
  const field = numberSearchDigits(search) === undefined ? foldForSearch(contact.name) : contact.number;
  return `${field}#${contact.id}`;
}

/** The list without the contact; the very same object when it was not there. */
export function removeFromList(data: ContactListData, contactId: string): ContactListData {
  return contactLists.remove(data, contactId);
}

/** The list with the contact in its place (replacing its former self), or without it if it no longer matches. */
export function upsertIntoList(data: ContactListData, search: string, contact: ContactDto): ContactListData {
  const rest = removeFromList(data, contact.id);
  if (!matchesSearch(contact, search)) return rest;

  const key = sortKey(contact, search);
  for (const [pageIndex, page] of rest.pages.entries()) {
    const index = page.contacts.findIndex((other) => sortKey(other, search) > key);
    if (index >= 0) return contactLists.withPage(rest, pageIndex, { ...page, contacts: page.contacts.toSpliced(index, 0, contact) });
  }
  const lastIndex = rest.pages.length - 1;
  const last = rest.pages[lastIndex];
  if (last === undefined || last.hasMore) return rest;
  return contactLists.withPage(rest, lastIndex, { ...last, contacts: [...last.contacts, contact] });
}

/** The list after the event; `reload` is not applied to a list (the lists are fetched again). */
export function applyToList(data: ContactListData, search: string, event: ContactEvent): ContactListData {
  switch (event.action) {
    case 'create':
    case 'update':
      return upsertIntoList(data, search, event.contact);
    case 'delete':
      return removeFromList(data, event.contactId);
    case 'reload':
      return data;
  }
}

/** Applies a change of contacts to every cached contact list and to the cached contact itself. */
export function applyContactEvent(client: QueryClient, event: ContactEvent): void {
  if (event.action === 'reload') {
    void client.invalidateQueries({ queryKey: queryKeys.contacts.all });
    return;
  }

  contactLists.updateLists(client, queryKeys.contacts.lists, (data, search) => applyToList(data as ContactListData, search, event));
  if (event.action === 'delete') updateCachedItem(client, queryKeys.contacts.one(event.contactId), undefined);
  else updateCachedItem(client, queryKeys.contacts.one(event.contact.id), event.contact);
}
