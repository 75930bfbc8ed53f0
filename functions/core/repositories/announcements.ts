/**
 * Announcements: platform data (not tenant data), a few dozen items in one partition written by the
 * super user. Sort keys are time-sortable ids, so one Query reads them newest first.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Announcement } from '../../../shared/announcements';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, queryPrefix, setFields, table } from './table';

/** An announcement as stored: the API's shape without the presigned URL, which is made per answer. */
export type StoredAnnouncement = Omit<Announcement, 'mediaUrl'>;

export const announcementItem = (announcement: StoredAnnouncement) => ({
  ...keys.announcement(announcement.id),
  entity: 'announcement',
  ...announcement,
});

export async function findAnnouncement(id: string): Promise<StoredAnnouncement | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.announcement(id) }));
  return Item ? fromItem<StoredAnnouncement>(Item) : undefined;
}

/** Every announcement, newest first: one key-condition Query of the partition, followed page by page. */
export async function readAllAnnouncements(): Promise<StoredAnnouncement[]> {
  const items = await queryPrefix(keys.announcementPrefix(), { ScanIndexForward: false });
  return items.map((item) => fromItem<StoredAnnouncement>(item));
}

export async function insertAnnouncement(announcement: StoredAnnouncement): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: announcementItem(announcement),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export type AnnouncementChanges = Partial<Omit<StoredAnnouncement, 'id' | 'createdAt'>>;

export interface ChangedAnnouncement {
  readonly before: StoredAnnouncement;
  readonly after: StoredAnnouncement;
}

/**
 * Sets the given fields of an existing announcement; answers it before and after the change, or
 * undefined when there is no such announcement (a conditional update, so it never creates one).
 */
export async function setAnnouncementFields(id: string, changes: AnnouncementChanges): Promise<ChangedAnnouncement | undefined> {
  const entries = Object.entries(changes as Record<string, unknown>).filter(([, value]) => value !== undefined);
  if (entries.length === 0) throw new Error('setAnnouncementFields needs at least one change');
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.announcement(id),
        ...setFields(changes),
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return undefined;
    const before = fromItem<StoredAnnouncement>(Attributes);
    return { before, after: { ...before, ...Object.fromEntries(entries) } };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Deletes the announcement; answers what was deleted, or undefined when there was nothing. */
export async function removeAnnouncement(id: string): Promise<StoredAnnouncement | undefined> {
  const { Attributes } = await dynamo().send(
    new DeleteCommand({ TableName: table(), Key: keys.announcement(id), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes ? fromItem<StoredAnnouncement>(Attributes) : undefined;
}
