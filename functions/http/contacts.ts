/**
 * Contacts (spec 1 §3, §5, §7; spec 3 §9): every user of the company lists, searches, reads, creates,
 * edits, imports and exports contacts (the contacts page is for all users, spec 1 §2.1); deleting needs
 * 'contacts-page:deleteContact' (admins).
 */
import {
  CONTACTS_IMPORT_FIELDS,
  CONTACTS_IMPORT_MAX_BYTES,
  ContactListQuery,
  ContactOptionsQuery,
  ContactParams,
  CreateContactBody,
  UpdateContactBody,
} from '../../shared/contacts';
import { httpModule, callerRoute } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { readUploadedFile } from '../core/media/multipart';
import { createContact } from '../core/contacts/create-contact';
import { deleteContact } from '../core/contacts/delete-contact';
import { exportContacts } from '../core/contacts/export-contacts';
import { importContacts } from '../core/contacts/import-contacts';
import { listContactOptions, searchContacts, showContact } from '../core/contacts/list-contacts';
import { updateContact } from '../core/contacts/update-contact';

export const handler = httpModule('contacts', {
  'GET /contacts': callerRoute({ query: ContactListQuery }, async ({ caller, query }) => ok(await searchContacts(caller, query))),
  'GET /contacts/list': callerRoute({ query: ContactOptionsQuery }, async ({ caller, query }) =>
    ok(await listContactOptions(caller, query.searchParam)),
  ),
  'GET /contacts/export': callerRoute({}, async ({ caller }) => ok(await exportContacts(caller))),
  // No `body` schema: the body is multipart, read here rather than as JSON.
  'POST /contacts/import': callerRoute({}, async ({ caller, event }) => {
    const file = await readUploadedFile(event, { fieldNames: CONTACTS_IMPORT_FIELDS, maxBytes: CONTACTS_IMPORT_MAX_BYTES });
    return ok(await importContacts(caller, file));
  }),
  'GET /contacts/{id}': callerRoute({ params: ContactParams }, async ({ caller, params }) => ok(await showContact(caller, params.id))),
  'POST /contacts': callerRoute({ body: CreateContactBody }, async ({ caller, body }) => created(await createContact(caller, body))),
  'PUT /contacts/{id}': callerRoute({ params: ContactParams, body: UpdateContactBody }, async ({ caller, params, body }) =>
    ok(await updateContact(caller, params.id, body)),
  ),
  'DELETE /contacts/{id}': callerRoute(
    { params: ContactParams, access: { permission: 'contacts-page:deleteContact' } },
    async ({ caller, params }) => {
      await deleteContact(caller, params.id);
      return noContent();
    },
  ),
});
