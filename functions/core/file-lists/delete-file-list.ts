/**
 * DELETE /files/{id}: the list, on the condition that it is still as read (a lost race reads again, then
 * ERR_CONFLICT), so the files deleted with it are exactly the ones it pointed at; then published as
 * `file` delete.
 */
import type { Caller } from '../caller/load-caller';
import { conflict } from '../errors';
import { removeFileList } from '../repositories/file-lists';
import { CHANGE_ATTEMPTS, deleteFilesLeft } from './change-file-list';
import { publishFileListDeleted } from './present-file-list';
import { readFileList } from './read-file-list';

export async function deleteFileList(caller: Caller, id: string): Promise<void> {
  for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
    const current = await readFileList(caller, id);
    const removed = await removeFileList(caller.companyId, id, current.version);
    if (removed) {
      await deleteFilesLeft(removed, { options: [] });
      await publishFileListDeleted(caller.companyId, id);
      return;
    }
  }
  throw conflict(`File list ${id}`);
}
