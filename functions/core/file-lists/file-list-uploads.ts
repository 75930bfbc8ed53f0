/**
 * The rules of an upload of a file list's files (POST /files/uploadList/{id}) that need no storage:
 * which option each file is for, and the options once the stored files are set on them. Every refusal
 * is ERR_VALIDATION on the field at fault, before anything is stored or changed.
 */
import { FILE_LIST_UPLOAD_FIELD, FILE_LIST_UPLOAD_MAX_BYTES, type FileListMediaType, type FileListUploadFields } from '../../../shared/file-lists';
import { AppError } from '../errors';
import type { UploadedFile } from '../media/multipart';
import type { StoredFileListOption } from '../repositories/file-lists';
import { UNKNOWN_OPTION } from './file-list-options';

/** A file and the option it is for. */
export interface OptionUpload {
  readonly optionId: string;
  readonly file: UploadedFile;
}

/** A file once stored: what its option records of it. */
export interface StoredOptionFile {
  readonly optionId: string;
  readonly key: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly mediaType: FileListMediaType;
}

const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', { message, fields: [{ path, message }] });

/**
 * Pairs each file with the option `id` sent in its place (the n-th id for the n-th file): one id per
 * file, each option once, the files together within FILE_LIST_UPLOAD_MAX_BYTES, and a `fileId`, when
 * sent, naming the list of the path.
 */
export function pairUploads(listId: string, files: readonly UploadedFile[], fields: FileListUploadFields): OptionUpload[] {
  if (fields.fileId !== undefined && fields.fileId !== listId) throw invalid('fileId', 'Not the list of the path');
  if (fields.id.length !== files.length) throw invalid('id', 'Send one option id per file');
  if (new Set(fields.id).size !== fields.id.length) throw invalid('id', 'Send one file per option');
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > FILE_LIST_UPLOAD_MAX_BYTES) throw invalid(FILE_LIST_UPLOAD_FIELD, `Files too large together (max ${FILE_LIST_UPLOAD_MAX_BYTES} bytes)`);
  return files.map((file, index) => ({ optionId: fields.id[index] ?? '', file }));
}

/** Refuses an upload for an option the list does not have (another list's, or one removed). */
export function assertOptionsExist(options: readonly Pick<StoredFileListOption, 'id'>[], optionIds: readonly string[]): void {
  const known = new Set(options.map((option) => option.id));
  const index = optionIds.findIndex((optionId) => !known.has(optionId));
  if (index >= 0) throw invalid(`id.${index}`, UNKNOWN_OPTION);
}

/** The options with the stored files set on theirs (each replacing any earlier file of its option). */
export function withFiles(options: readonly StoredFileListOption[], files: readonly StoredOptionFile[]): StoredFileListOption[] {
  assertOptionsExist(options, files.map((file) => file.optionId));
  const byOption = new Map(files.map((file) => [file.optionId, file]));
  return options.map((option) => {
    const file = byOption.get(option.id);
    return file ? { ...option, key: file.key, fileName: file.fileName, contentType: file.contentType, mediaType: file.mediaType } : option;
  });
}
