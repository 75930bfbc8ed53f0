/**
 * Contacts: one partition per contact, listed and searched through GSI1 (folded name) and GSI2
 * (number); one uniqueness item per normalised number (keys.ts).
 *
 * The company item carries `contactsCount`, moved with `ADD` in the same transaction as every contact
 * created or deleted, so GET /contacts answers the total without counting. Contacts are the only writer
 * of that attribute; the companies code neither sets nor overwrites it. The same transactions count
 * each new contact on the dashboard's day counters ('Novos Contatos', docs/architecture.md §8), exactly once.
 *
 * The lists of contacts (pages by name or number, searches, options, the export) are in contact-pages.ts.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { foldForSearch } from '../../../shared/text';
import { dynamo } from '../aws/clients';
import type { Company } from './companies';
import { counterActions, newContactDelta } from './dashboard';
import { contactListIndexes, keys } from './keys';
import { batchGetAll, fromItem, table } from './table';
import type { TransactItem } from './transaction';

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

// ---- uniqueness and the counter -------------------------------------------------------------------

/** The item that makes a number belong to one contact of the company. */
export const uniqueContactNumberItem = (companyId: string, number: string, contactId: string) => ({
  ...keys.uniqueContactNumber(companyId, number),
  entity: 'uniqueContactNumber',
  companyId,
  contactId,
});

/** The company's number of contacts (0 before its first contact). */
export function contactsCountOf(company: Company): number {
  // The attribute belongs to this module, not to the Company shape (see the file's comment).
  const stored: unknown = Reflect.get(company, 'contactsCount');
  return typeof stored === 'number' && stored > 0 ? stored : 0;
}

const isNew = 'attribute_not_exists(PK)';

const counterAction = (companyId: string, delta: number): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.company(companyId),
    UpdateExpression: 'ADD contactsCount :delta',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':delta': delta },
  },
});

const createActions = (contact: Contact): TransactItem[] => [
  { Put: { TableName: table(), Item: contactItem(contact), ConditionExpression: isNew } },
  { Put: { TableName: table(), Item: uniqueContactNumberItem(contact.companyId, contact.number, contact.id), ConditionExpression: isNew } },
];

/** The indexes of the actions of a cancelled transaction whose condition failed (empty: not a condition). */
function failedConditions(error: unknown): number[] {
  if (!(error instanceof TransactionCanceledException)) return [];
  return (error.CancellationReasons ?? []).flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

/** Tries of a transaction that lost a race for an item (a hot counter) to another transaction. */
const CONFLICT_ATTEMPTS = 5;

/**
 * Runs a transaction. Every contact write moves the company's counter, so concurrent writes of one
 * company meet on that item, and DynamoDB cancels the later ones with `TransactionConflict` (not a
 * failed condition): those are tried again after a short random pause. Failed conditions are thrown for
 * the caller to read (failedConditions).
 */
async function transact(items: TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []).map((reason) => reason.Code) : [];
      const conflictOnly = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/** The company's counter and the dashboard's 'Novos Contatos' of each creation day, for new contacts. */
const countActions = (companyId: string, contacts: readonly Contact[]): TransactItem[] => [
  counterAction(companyId, contacts.length),
  ...counterActions(
    companyId,
    contacts.map((contact) => newContactDelta(new Date(contact.createdAt))),
  ),
];

/**
 * Writes a new contact with its number's uniqueness item, one more on the company's counter and on the
 * dashboard's new contacts of its creation day, all or nothing. Answers 'duplicate' when the number
 * already belongs to a contact of the company. Every writer of new contacts (the WhatsApp worker too)
 * goes through here or putNewContacts, so the counters stay right.
 */
export async function putNewContact(contact: Contact): Promise<'created' | 'duplicate'> {
  try {
    await transact([...createActions(contact), ...countActions(contact.companyId, [contact])]);
    return 'created';
  } catch (error) {
    if (failedConditions(error).includes(1)) return 'duplicate';
    throw error;
  }
}

/**
 * Contacts per transaction in a bulk write: two actions each, the company's counter and one dashboard
 * counter per creation day (the contacts of an import share one), under DynamoDB's 100 actions.
 */
const BULK_CHUNK = 48;

/**
 * Writes many new contacts of one company, in transactions of up to BULK_CHUNK contacts that each move
 * the counters once. A contact whose number is taken by then (another writer got there first) is left
 * out, and the rest of its chunk written again. Answers the contacts written and the ones left out.
 */
export async function putNewContacts(companyId: string, contacts: readonly Contact[]): Promise<{ created: Contact[]; duplicates: Contact[] }> {
  const created: Contact[] = [];
  const duplicates: Contact[] = [];
  for (let start = 0; start < contacts.length; start += BULK_CHUNK) {
    let chunk = contacts.slice(start, start + BULK_CHUNK);
    while (chunk.length > 0) {
      try {
        await transact([...chunk.flatMap(createActions), ...countActions(companyId, chunk)]);
        created.push(...chunk);
        chunk = [];
      } catch (error) {
        const failed = new Set(failedConditions(error).filter((index) => index < chunk.length * 2).map((index) => Math.floor(index / 2)));
        if (failed.size === 0) throw error;
        duplicates.push(...chunk.filter((_, index) => failed.has(index)));
        chunk = chunk.filter((_, index) => !failed.has(index));
      }
    }
  }
  return { created, duplicates };
}

export type ReplaceOutcome = 'replaced' | 'missing' | 'duplicate' | 'conflict';

/**
 * Replaces a contact read earlier by its new version, keeping the index attributes in step. It holds
 * only while the stored contact still has the number read (`conflict` otherwise: read again and retry).
 * A new number moves the uniqueness item in the same transaction: the old one deleted, the new one
 * claimed (`duplicate` when another contact has it).
 */
export async function replaceContact(before: Contact, after: Contact): Promise<ReplaceOutcome> {
  const { companyId, id } = before;
  const actions: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: contactItem(after),
        ConditionExpression: 'attribute_exists(PK) AND #number = :number',
        ExpressionAttributeNames: { '#number': 'number' },
        ExpressionAttributeValues: { ':number': before.number },
      },
    },
  ];
  const numberChanged = after.number !== before.number;
  if (numberChanged) {
    actions.push(
      {
        Delete: {
          TableName: table(),
          Key: keys.uniqueContactNumber(companyId, before.number),
          ConditionExpression: 'attribute_not_exists(PK) OR contactId = :id',
          ExpressionAttributeValues: { ':id': id },
        },
      },
      { Put: { TableName: table(), Item: uniqueContactNumberItem(companyId, after.number, id), ConditionExpression: isNew } },
    );
  }
  try {
    await transact(actions);
    return 'replaced';
  } catch (error) {
    const failed = failedConditions(error);
    if (failed.length === 0) throw error;
    if (failed.includes(0)) return (await getContact(companyId, id)) ? 'conflict' : 'missing';
    if (failed.includes(2)) return 'duplicate';
    throw new Error(`The uniqueness item of number ${before.number} belongs to another contact than ${id}`);
  }
}

/**
 * Deletes a contact read earlier, its number's uniqueness item and one from the company's counter, all
 * or nothing. False when the contact is gone, or its number changed meanwhile (read again).
 */
export async function deleteContactItems(contact: Contact): Promise<boolean> {
  try {
    await transact([
      {
        Delete: {
          TableName: table(),
          Key: keys.contact(contact.companyId, contact.id),
          ConditionExpression: 'attribute_exists(PK) AND #number = :number',
          ExpressionAttributeNames: { '#number': 'number' },
          ExpressionAttributeValues: { ':number': contact.number },
        },
      },
      {
        Delete: {
          TableName: table(),
          Key: keys.uniqueContactNumber(contact.companyId, contact.number),
          ConditionExpression: 'attribute_not_exists(PK) OR contactId = :id',
          ExpressionAttributeValues: { ':id': contact.id },
        },
      },
      counterAction(contact.companyId, -1),
    ]);
    return true;
  } catch (error) {
    if (failedConditions(error).includes(0)) return false;
    throw error;
  }
}

/** Which of these numbers already belong to a contact of the company: number -> contact id. */
export async function contactIdsByNumber(companyId: string, numbers: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(numbers)];
  const items = await batchGetAll(unique.map((number) => keys.uniqueContactNumber(companyId, number)));
  const numberOf = new Map(unique.map((number) => [keys.uniqueContactNumber(companyId, number).PK, number]));
  return new Map(items.map((item) => [numberOf.get(String(item.PK)) ?? '', String(item.contactId)]));
}

/** The contact that has this number in the company, read through the uniqueness item (never a GSI). */
export async function getContactByNumber(companyId: string, number: string): Promise<Contact | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.uniqueContactNumber(companyId, number), ConsistentRead: true }),
  );
  return Item ? getContact(companyId, String(Item.contactId)) : undefined;
}
