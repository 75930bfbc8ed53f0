/**
 * Contacts: one partition per contact, listed and searched through GSI1 (folded name) and GSI2
 * (number); one uniqueness item per normalised number (keys.ts).
 */
import { batchGetAll, fromItem, table } from './table';
import { contactListIndexes, keys } from './keys';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { foldForSearch } from '../../../shared/text';

export interface Contact {
  readonly id: string;
  readonly companyId: string;
  readonly name: string;
  /** Digits only, with country code (e.g. 5511999990000); group ids keep their WhatsApp form. */
  readonly number: string;
  readonly email: string;
  readonly profilePicUrl: string | null;
  readonly extraInfo: readonly { readonly name: string; readonly value: string }[];
  readonly isGroup: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const contactItem = (contact: Contact) => ({
  ...keys.contact(contact.companyId, contact.id),
  ...contactListIndexes({ ...contact, foldedName: foldForSearch(contact.name) }),
  entity: 'contact',
  ...contact,
});

export async function getContact(companyId: string, contactId: string): Promise<Contact | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.contact(companyId, contactId) }));
  return Item ? fromItem<Contact>(Item) : undefined;
}

/** Several contacts of one company by id (missing ones left out), e.g. for a page of tickets. */
export async function getContacts(companyId: string, contactIds: readonly string[]): Promise<Map<string, Contact>> {
  const unique = [...new Set(contactIds)];
  const items = await batchGetAll(unique.map((id) => keys.contact(companyId, id)));
  return new Map(items.map((item) => [String(item.id), fromItem<Contact>(item)]));
}
