/**
 * Contact lists and their items (spec 2 §2, §3, §5, §7): the recipients a campaign can target. A list has
 * a name and the count of its items; an item a name, a number (normalised as contacts' are), an email and
 * whether the number is on WhatsApp (`isWhatsappValid`: null until the session host has checked it).
 */
import { z } from 'zod';
import { ContactEmailSchema, ContactNameSchema, ContactNumberSchema } from './contacts';
import { SearchParam, PageNumber } from './paging';

export interface ContactList {
  readonly id: string;
  readonly name: string;
  readonly contactsCount: number;
  readonly companyId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** GET /contact-lists/list: what the campaign dialog's select needs. */
export type ContactListSummary = Pick<ContactList, 'id' | 'name' | 'contactsCount'>;

export interface ContactListPage {
  readonly records: readonly ContactList[];
  readonly hasMore: boolean;
}

export interface ContactListItem {
  readonly id: string;
  readonly name: string;
  readonly number: string;
  readonly email: string;
  /** Whether the number is on WhatsApp, as the session host last answered; null until checked. */
  readonly isWhatsappValid: boolean | null;
  readonly companyId: string;
  readonly contactListId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface ContactListItemPage {
  readonly contacts: readonly ContactListItem[];
  readonly hasMore: boolean;
}

/** Spec 2 §5: 2 to 50 characters. */
const listName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, { error: 'Required', abort: true })
  .min(2, 'Too Short!')
  .max(50, 'Too Long!');

export const ContactListParams = z.object({ id: z.ulid('Invalid id') });
export const ContactListItemParams = z.object({ id: z.ulid('Invalid id') });

export const CreateContactListBody = z.object({ name: listName });
export type CreateContactListBody = z.output<typeof CreateContactListBody>;
export const UpdateContactListBody = CreateContactListBody;
export type UpdateContactListBody = CreateContactListBody;

/** An item's fields, with the contact form's rules (spec 2 §5: name 2 to 50, number 8 to 50, a valid email). */
export const ContactListItemFields = z.object({
  name: ContactNameSchema,
  number: ContactNumberSchema,
  email: ContactEmailSchema.optional().default(''),
});
export type ContactListItemFields = z.output<typeof ContactListItemFields>;

export const CreateContactListItemBody = ContactListItemFields.extend({ contactListId: z.ulid('Invalid id') });
export type CreateContactListItemBody = z.output<typeof CreateContactListItemBody>;
export const UpdateContactListItemBody = ContactListItemFields;
export type UpdateContactListItemBody = ContactListItemFields;

/** GET /contact-list-items: one list's items, searched by name, number or email. */
export const ContactListItemsQuery = z.object({
  searchParam: SearchParam,
  pageNumber: PageNumber,
  contactListId: z.ulid('Invalid id'),
});
export type ContactListItemsQuery = z.output<typeof ContactListItemsQuery>;

/** The most items one list holds (a campaign's recipients); the upload stops there. */
export const CONTACT_LIST_MAX_ITEMS = 20_000;
