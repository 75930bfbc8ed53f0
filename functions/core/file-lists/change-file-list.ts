/**
 * The steps of every change of a file list (its name, message and options; its files): read it
 * (ERR_NO_FILE_FOUND when the company has none with this id); decide the list after the change on that
 * read (`decide`, which may refuse the change); write it on the condition that it is still at the
 * version read, so a concurrent change cannot slip under the decision; a lost race reads and decides
 * again, a few times, then answers ERR_CONFLICT; the files the list no longer points at are deleted
 * once nothing points at them; then the list is published as a `file` update.
 */
import type { FileList } from '../../../shared/file-lists';
import type { Caller } from '../caller/load-caller';
import { conflict } from '../errors';
import { deleteMediaObject } from '../media/storage';
import { replaceFileList, type StoredFileList } from '../repositories/file-lists';
import { presentFileList, publishFileList } from './present-file-list';
import { readFileList } from './read-file-list';

/** How often a change lost to a concurrent one is read, decided and tried again. */
export const CHANGE_ATTEMPTS = 4;

export type FileListChange = Pick<StoredFileList, 'name' | 'message' | 'options'>;

export async function changeFileList(
  caller: Caller,
  id: string,
  decide: (current: StoredFileList) => FileListChange,
  now: Date,
): Promise<FileList> {
  for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
    const current = await readFileList(caller, id);
    const next: StoredFileList = { ...current, ...decide(current), updatedAt: now.toISOString(), version: current.version + 1 };
    if (await replaceFileList(next, current.version)) {
      await deleteFilesLeft(current, next);
      const list = await presentFileList(next);
      await publishFileList(caller.companyId, 'update', list);
      return list;
    }
    // Changed or deleted since it was read: decide again on what is stored now.
  }
  throw conflict(`File list ${id}`);
}

/** The objects of `before`'s options that `after` no longer points at (options removed, files replaced). */
export function filesLeft(before: Pick<StoredFileList, 'options'>, after: Pick<StoredFileList, 'options'>): string[] {
  const kept = new Set(after.options.flatMap((option) => (option.key === null ? [] : [option.key])));
  return before.options.flatMap((option) => (option.key !== null && !kept.has(option.key) ? [option.key] : []));
}

export async function deleteFilesLeft(before: Pick<StoredFileList, 'options'>, after: Pick<StoredFileList, 'options'>): Promise<void> {
  await Promise.all(filesLeft(before, after).map(deleteMediaObject));
}
