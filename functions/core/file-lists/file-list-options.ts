/**
 * A file list's options after a save (PUT /files/{id}), decided on the list as stored: an option sent
 * with its id is kept, renamed, with its file; one sent without an id is new, with no file yet; a stored
 * option not sent is gone (its file is deleted after the write, change-file-list.ts). An id that names no
 * option of this list refuses the save: it may be another list's, or one removed meanwhile.
 */
import type { FileListOptionBody } from '../../../shared/file-lists';
import { AppError } from '../errors';
import type { StoredFileListOption } from '../repositories/file-lists';

export const UNKNOWN_OPTION = 'Opção não encontrada nesta lista';

/** A new option without a file. */
export const newOption = (id: string, name: string): StoredFileListOption => ({ id, name, mediaType: null, key: null, contentType: null, fileName: null });

export function savedOptions(
  stored: readonly StoredFileListOption[],
  sent: readonly FileListOptionBody[],
  newId: () => string,
): StoredFileListOption[] {
  const byId = new Map(stored.map((option) => [option.id, option]));
  return sent.map((option, index) => {
    if (option.id === undefined) return newOption(newId(), option.name);
    const kept = byId.get(option.id);
    if (!kept) {
      const path = `options.${index}.id`;
      throw new AppError('ERR_VALIDATION', { message: UNKNOWN_OPTION, fields: [{ path, message: UNKNOWN_OPTION }] });
    }
    return { ...kept, name: option.name };
  });
}
