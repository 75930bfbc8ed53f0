/**
 * File lists of campaigns: one item per list in the company partition (`FILELIST#<ulid>`), its options
 * inside it (at most ten, so the item stays a few KB). A company has tens of lists, so the page reads
 * them with one key-condition Query and filters and pages in memory (as contact lists).
 *
 * Every write after the first is conditional on the `version` the writer read, and moves it by one: a
 * change decided on a read (which options to keep, which file replaces which) cannot overwrite one made
 * meanwhile; the use case reads and decides again.
 *
 * `getFileList` is what the campaign engine reads to send a list's files: each option's `key` names its
 * object in the media bucket (null until a file is uploaded).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FileListMediaType } from '../../../shared/file-lists';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { deleteAtVersion, queryPrefix, replaceAtVersion, table } from './table';

export interface StoredFileListOption {
  readonly id: string;
  readonly name: string;
  /** How the file is sent (image, audio, video, or application for a document); null until uploaded. */
  readonly mediaType: FileListMediaType | null;
  /** The file's object key in the media bucket; null until uploaded. */
  readonly key: string | null;
  /** The type the file's bytes showed, stored and served with it; null until uploaded. */
  readonly contentType: string | null;
  /** The file's safe name (spaces as underscores), the end of its key; null until uploaded. */
  readonly fileName: string | null;
}

export interface StoredFileList {
  readonly id: string;
  readonly companyId: string;
  readonly name: string;
  readonly message: string;
  /** Who created the list. */
  readonly userId: string;
  /** In the order they were saved. */
  readonly options: readonly StoredFileListOption[];
  readonly createdAt: string;
  readonly updatedAt: string;
  /** 1 when created, one more with each write: the condition of the next one. */
  readonly version: number;
}

const MEDIA_TYPES: readonly FileListMediaType[] = ['image', 'audio', 'video', 'application'];
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function optionFromItem(value: unknown): StoredFileListOption {
  const option = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const mediaType = MEDIA_TYPES.find((type) => type === option.mediaType) ?? null;
  return {
    id: String(option.id),
    name: String(option.name),
    mediaType,
    key: text(option.key),
    contentType: text(option.contentType),
    fileName: text(option.fileName),
  };
}

/** The stored list, field by field, whatever else the item carries. */
function fileListFromItem(item: Record<string, unknown>): StoredFileList {
  return {
    id: String(item.id),
    companyId: String(item.companyId),
    name: String(item.name),
    message: String(item.message),
    userId: String(item.userId),
    options: Array.isArray(item.options) ? item.options.map(optionFromItem) : [],
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
    version: typeof item.version === 'number' ? item.version : 0,
  };
}

const fileListItem = (list: StoredFileList) => ({ ...keys.fileList(list.companyId, list.id), entity: 'fileList', ...list });

export async function putNewFileList(list: StoredFileList): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: fileListItem(list), ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** One list of the company, or undefined when it has none with this id. */
export async function getFileList(companyId: string, fileListId: string): Promise<StoredFileList | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.fileList(companyId, fileListId) }));
  return Item ? fileListFromItem(Item) : undefined;
}

/** Every list of the company, by name (accents and case aside), then by creation. */
export async function listFileLists(companyId: string): Promise<StoredFileList[]> {
  const lists = (await queryPrefix(keys.fileListPrefix(companyId))).map(fileListFromItem);
  return lists.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

/**
 * Writes `next` over the stored list on the condition that it is still at `expectedVersion` (`next`
 * carries the version after it). False when the list is gone or was changed meanwhile.
 */
export async function replaceFileList(next: StoredFileList, expectedVersion: number): Promise<boolean> {
  return replaceAtVersion(fileListItem(next), expectedVersion);
}

/**
 * Deletes the list if it is still at `expectedVersion`; answers what was deleted (its files' keys for
 * the caller to remove), or undefined when it is gone or was changed meanwhile.
 */
export async function removeFileList(companyId: string, fileListId: string, expectedVersion: number): Promise<StoredFileList | undefined> {
  const removed = await deleteAtVersion(keys.fileList(companyId, fileListId), expectedVersion);
  return removed ? fileListFromItem(removed) : undefined;
}
