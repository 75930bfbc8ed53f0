/**
 * Ticket notes (spec 1 §2.8): internal observations on a ticket, items of the ticket's partition
 * (`NOTE#<ulid>`), so a ticket's notes are one Query newest first. A note id is `<ticketId>.<ulid>`,
 * which finds its item by key. A ticket has a handful of notes: the list is read whole.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { parseMessageId } from './messages';
import { fromItem, queryPrefix, table } from './table';

export interface StoredNote {
  /** `<ticketId>.<noteUlid>`. */
  readonly id: string;
  readonly companyId: string;
  readonly ticketId: string;
  readonly contactId: string;
  readonly note: string;
  readonly userId: string;
  /** The author's name when writing: readable after the user is deleted. */
  readonly userName: string;
  readonly createdAt: string;
}

/** Note ids have the shape of message ids: the ticket, a dot, a ULID. */
export const parseNoteId = (noteId: string) => {
  const parts = parseMessageId(noteId);
  return parts ? { ticketId: parts.ticketId, noteUlid: parts.messageUlid } : undefined;
};

function noteKey(companyId: string, noteId: string) {
  const parts = parseNoteId(noteId);
  if (!parts) throw new Error(`Malformed note id ${JSON.stringify(noteId)}`);
  return keys.ticketNote(companyId, parts.ticketId, parts.noteUlid);
}

export const noteItem = (note: StoredNote) => ({ ...noteKey(note.companyId, note.id), entity: 'ticketNote', ...note });

export async function putNewNote(note: StoredNote): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: noteItem(note), ConditionExpression: 'attribute_not_exists(PK)' }));
}

export async function getNote(companyId: string, noteId: string): Promise<StoredNote | undefined> {
  if (!parseNoteId(noteId)) return undefined;
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: noteKey(companyId, noteId) }));
  return Item ? fromItem<StoredNote>(Item) : undefined;
}

/** The ticket's notes, newest first. */
export async function listNotes(companyId: string, ticketId: string): Promise<StoredNote[]> {
  const items = await queryPrefix(keys.ticketNotePrefix(companyId, ticketId), { ScanIndexForward: false });
  return items.map((item) => fromItem<StoredNote>(item));
}

/** Deletes the note; answers whether it existed. */
export async function deleteNote(companyId: string, noteId: string): Promise<boolean> {
  if (!parseNoteId(noteId)) return false;
  try {
    await dynamo().send(new DeleteCommand({ TableName: table(), Key: noteKey(companyId, noteId), ConditionExpression: 'attribute_exists(PK)' }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
