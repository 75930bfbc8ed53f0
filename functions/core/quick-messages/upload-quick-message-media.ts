import { ulid } from 'ulid';
import type { QuickMessage } from '../../../shared/quick-messages';
import type { Caller } from '../caller/load-caller';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { deleteMediaObject, putMediaObject } from '../media/storage';
import { changeQuickMessage } from './change-quick-message';
import { readChangeableQuickMessage } from './read-quick-message';

/**
 * POST /quick-messages/{id}/media-upload: attaches a file (any kind; typed by its bytes), replacing any
 * earlier one. The file is stored first; when the change then fails, it is removed again.
 */
export async function uploadQuickMessageMedia(caller: Caller, id: string, file: UploadedFile, now = new Date()): Promise<QuickMessage> {
  const current = await readChangeableQuickMessage(caller, id);
  const mediaName = safeFileName(file.fileName);
  const mediaPath = objectKey('companies', caller.companyId, 'quick-messages', id, `${ulid()}-${mediaName}`);
  await putMediaObject(mediaPath, file.bytes, contentTypeOf(sniffMediaType(file.bytes), mediaName));
  try {
    return await changeQuickMessage(caller, id, { mediaPath, mediaName }, now, current);
  } catch (error) {
    await deleteMediaObject(mediaPath);
    throw error;
  }
}
