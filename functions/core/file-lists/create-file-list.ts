/**
 * POST /files: a new list of the caller's company, created by the caller, with its options in the order
 * sent and no file yet (they come through POST /files/uploadList/{id}); published as `file` create.
 */
import { ulid } from 'ulid';
import type { FileList, FileListBody } from '../../../shared/file-lists';
import type { Caller } from '../caller/load-caller';
import { putNewFileList, type StoredFileList } from '../repositories/file-lists';
import { newOption } from './file-list-options';
import { presentFileList, publishFileList } from './present-file-list';

export async function createFileList(caller: Caller, body: FileListBody, now = new Date()): Promise<FileList> {
  const at = now.toISOString();
  const stored: StoredFileList = {
    id: ulid(now.getTime()),
    companyId: caller.companyId,
    name: body.name,
    message: body.message,
    userId: caller.userId,
    // Ids sent with a new list's options name nothing yet: every option is new.
    options: (body.options ?? []).map((option) => newOption(ulid(now.getTime()), option.name)),
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  await putNewFileList(stored);
  const list = await presentFileList(stored);
  await publishFileList(caller.companyId, 'create', list);
  return list;
}
