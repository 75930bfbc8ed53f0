/**
 * Contact lists of campaigns and their items (spec 2 §2, §6, §7; `/contact-lists`, `/contact-list-items`),
 * for a company with campaigns (the plan or its campaignsEnabled setting, decided on the server).
 * Deleting an item needs contacts-page:deleteContact (spec 2 §6).
 */
import {
  ContactListItemParams,
  ContactListItemsQuery,
  ContactListParams,
  CreateContactListBody,
  CreateContactListItemBody,
  UpdateContactListBody,
  UpdateContactListItemBody,
} from '../../shared/contact-lists';
import { CONTACTS_IMPORT_FIELDS, CONTACTS_IMPORT_MAX_BYTES } from '../../shared/contacts';
import { createContactList } from '../core/contact-lists/create-contact-list';
import { createContactListItem } from '../core/contact-lists/create-contact-list-item';
import { deleteContactList } from '../core/contact-lists/delete-contact-list';
import { deleteContactListItem } from '../core/contact-lists/delete-contact-list-item';
import { listContactListSummaries, searchContactLists, showContactList } from '../core/contact-lists/search-contact-lists';
import { searchContactListItems, showContactListItem } from '../core/contact-lists/search-contact-list-items';
import { updateContactList } from '../core/contact-lists/update-contact-list';
import { updateContactListItem } from '../core/contact-lists/update-contact-list-item';
import { uploadContactList } from '../core/contact-lists/upload-contact-list';
import { callerRoute, httpModule } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { readUploadedFile } from '../core/media/multipart';

const access = { campaigns: true } as const;

export const handler = httpModule('contact-lists', {
  'GET /contact-lists': callerRoute({ query: ListQuery, access }, async ({ caller, query }) => ok(await searchContactLists(caller, query))),
  'GET /contact-lists/list': callerRoute({ access }, async ({ caller }) => ok(await listContactListSummaries(caller))),
  'GET /contact-lists/{id}': callerRoute({ params: ContactListParams, access }, async ({ caller, params }) => ok(await showContactList(caller, params.id))),
  'POST /contact-lists': callerRoute({ body: CreateContactListBody, access }, async ({ caller, body }) => created(await createContactList(caller, body))),
  'PUT /contact-lists/{id}': callerRoute({ params: ContactListParams, body: UpdateContactListBody, access }, async ({ caller, params, body }) =>
    ok(await updateContactList(caller, params.id, body)),
  ),
  'DELETE /contact-lists/{id}': callerRoute({ params: ContactListParams, access }, async ({ caller, params }) => {
    await deleteContactList(caller, params.id);
    return noContent();
  }),
  // No `body` schema: the body is multipart (the spreadsheet in `file`, as contact import takes it).
  'POST /contact-lists/{id}/upload': callerRoute({ params: ContactListParams, access }, async ({ caller, params, event }) => {
    const file = await readUploadedFile(event, { fieldNames: CONTACTS_IMPORT_FIELDS, maxBytes: CONTACTS_IMPORT_MAX_BYTES });
    return ok(await uploadContactList(caller, params.id, file));
  }),
  'GET /contact-list-items': callerRoute({ query: ContactListItemsQuery, access }, async ({ caller, query }) =>
    ok(await searchContactListItems(caller, query)),
  ),
  'GET /contact-list-items/{id}': callerRoute({ params: ContactListItemParams, access }, async ({ caller, params }) =>
    ok(await showContactListItem(caller, params.id)),
  ),
  'POST /contact-list-items': callerRoute({ body: CreateContactListItemBody, access }, async ({ caller, body }) =>
    created(await createContactListItem(caller, body)),
  ),
  'PUT /contact-list-items/{id}': callerRoute(
    { params: ContactListItemParams, body: UpdateContactListItemBody, access },
    async ({ caller, params, body }) => ok(await updateContactListItem(caller, params.id, body)),
  ),
  'DELETE /contact-list-items/{id}': callerRoute(
    { params: ContactListItemParams, access: { ...access, permission: 'contacts-page:deleteContact' } },
    async ({ caller, params }) => {
      await deleteContactListItem(caller, params.id);
      return noContent();
    },
  ),
});
