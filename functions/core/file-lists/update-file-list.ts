/**
 * PUT /files/{id}: the list's name, message and options as a change (change-file-list.ts): options kept
 * by id with their files, new ones added, the ones left out removed with their files (file-list-options.ts);
 * without `options`, the list keeps its own.
 */
import { ulid } from 'ulid';
import type { FileList, FileListBody } from '../../../shared/file-lists';
import type { Caller } from '../caller/load-caller';
import { changeFileList } from './change-file-list';
import { savedOptions } from './file-list-options';

export async function updateFileList(caller: Caller, id: string, body: FileListBody, now = new Date()): Promise<FileList> {
  return changeFileList(
    caller,
    id,
    (current) => ({
      name: body.name,
      message: body.message,
      options: body.options === undefined ? current.options : savedOptions(current.options, body.options, () => ulid(now.getTime())),
    }),
    now,
  );
}
