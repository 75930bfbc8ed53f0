/**
 * POST /files/uploadList/{id}: files for options of a list, each file's option named by the `id` sent in
 * its place. Steps: pair files and options and check them against the list as read (file-list-uploads.ts;
 * a refusal stores nothing); store each file privately under the company's prefix with a safe name
 * (spaces as underscores), typed by its bytes, never by the browser's claim; set them on their options as
 * a change (change-file-list.ts: an option removed meanwhile refuses it, a file replaced is deleted);
 * when the change fails, the files just stored are deleted again.
 */
import { ulid } from 'ulid';
import type { FileList, FileListUploadFields } from '../../../shared/file-lists';
import type { Caller } from '../caller/load-caller';
import { mediaTypeOf } from '../conversations/present-message';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { deleteMediaObject, putMediaObject } from '../media/storage';
import { changeFileList } from './change-file-list';
import { assertOptionsExist, pairUploads, withFiles, type OptionUpload, type StoredOptionFile } from './file-list-uploads';
import { readFileList } from './read-file-list';

export async function uploadFileListFiles(
  caller: Caller,
  id: string,
  files: readonly UploadedFile[],
  fields: FileListUploadFields,
  now = new Date(),
): Promise<FileList> {
  const uploads = pairUploads(id, files, fields);
  const current = await readFileList(caller, id);
  assertOptionsExist(current.options, uploads.map((upload) => upload.optionId));

  const stored = await storeFiles(caller.companyId, id, uploads);
  try {
    return await changeFileList(caller, id, (list) => ({ name: list.name, message: list.message, options: withFiles(list.options, stored) }), now);
  } catch (error) {
    await Promise.all(stored.map((file) => deleteMediaObject(file.key)));
    throw error;
  }
}

/** Stores every file, or none: when one fails, those stored are deleted again. */
async function storeFiles(companyId: string, listId: string, uploads: readonly OptionUpload[]): Promise<StoredOptionFile[]> {
  const results = await Promise.allSettled(uploads.map(({ optionId, file }) => storeFile(companyId, listId, optionId, file)));
  const stored = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed === undefined) return stored;
  await Promise.all(stored.map((file) => deleteMediaObject(file.key)));
  throw failed.reason;
}

async function storeFile(companyId: string, listId: string, optionId: string, file: UploadedFile): Promise<StoredOptionFile> {
  const fileName = safeFileName(file.fileName);
  const contentType = contentTypeOf(sniffMediaType(file.bytes), fileName);
  const key = objectKey('companies', companyId, 'file-lists', listId, `${ulid()}-${fileName}`);
  await putMediaObject(key, file.bytes, contentType);
  return { optionId, key, fileName, contentType, mediaType: mediaTypeOf(contentType) };
}
