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
import { httpModule, sessionRoute } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { readUploadedFile } from '../core/media/multipart';
import { createContact } from '../core/contacts/create-contact';
import { deleteContact } from '../core/contacts/delete-contact';
import { exportContacts } from '../core/contacts/export-contacts';
import { importContacts } from '../core/contacts/import-contacts';
import { listContactOptions, searchContacts, showContact } from '../core/contacts/list-contacts';
import { updateContact } from '../core/contacts/update-contact';

export const handler = httpModule('contacts', {
  'GET /contacts': sessionRoute({ query: ContactListQuery }, async ({ session, query }) => ok(await searchContacts(session, query))),
  'GET /contacts/list': sessionRoute({ query: ContactOptionsQuery }, async ({ session, query }) =>
    ok(await listContactOptions(session, query.searchParam)),
  ),
  'GET /contacts/export': sessionRoute({}, async ({ session }) => ok(await exportContacts(session))),
  // No `body` schema: the body is multipart, read here rather than as JSON.
  'POST /contacts/import': sessionRoute({}, async ({ session, event }) => {
    const file = await readUploadedFile(event, { fieldNames: CONTACTS_IMPORT_FIELDS, maxBytes: CONTACTS_IMPORT_MAX_BYTES });
    return ok(await importContacts(session, file));
  }),
  'GET /contacts/{id}': sessionRoute({ params: ContactParams }, async ({ session, params }) => ok(await showContact(session, params.id))),
  'POST /contacts': sessionRoute({ body: CreateContactBody }, async ({ session, body }) => created(await createContact(session, body))),
  'PUT /contacts/{id}': sessionRoute({ params: ContactParams, body: UpdateContactBody }, async ({ session, params, body }) =>
    ok(await updateContact(session, params.id, body)),
  ),
  'DELETE /contacts/{id}': sessionRoute(
    { params: ContactParams, access: { permission: 'contacts-page:deleteContact' } },
    async ({ session, params }) => {
      await deleteContact(session, params.id);
      return noContent();
    },
  ),
});
