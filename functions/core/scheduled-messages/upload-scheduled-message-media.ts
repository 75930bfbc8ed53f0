import { ulid } from 'ulid';
import { isScheduleEditable, type ScheduledMessage } from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { deleteMediaObject, putMediaObject } from '../media/storage';
import { changeScheduledMessage } from './change-scheduled-message';
import { readScheduledMessageToChange } from './read-scheduled-message';

/** The image types the spec accepts (png, jpg, jpeg), told by the bytes, with the extension each is stored under. */
const IMAGE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/**
 * POST /schedules/{id}/media-upload: a png or jpeg image (told by its bytes), replacing any earlier one;
 * not on a schedule that sends a template (issue 32: it goes as Meta keeps it, without an image).
 */
export async function uploadScheduledMessageMedia(caller: Caller, id: string, file: UploadedFile, now = new Date()): Promise<ScheduledMessage> {
  const current = await readScheduledMessageToChange(caller, id);
  if (!isScheduleEditable(current)) throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
  if (current.template) {
    const message = 'A template is sent without an image';
    throw new AppError('ERR_VALIDATION', { message, fields: [{ path: 'file', message }] });
  }
  const contentType = sniffMediaType(file.bytes)?.contentType ?? '';
  const extensions = IMAGE_EXTENSIONS[contentType];
  if (!extensions) {
    const message = 'Apenas imagens png, jpg ou jpeg';
    throw new AppError('ERR_VALIDATION', { message, fields: [{ path: 'file', message }] });
  }
  const safe = safeFileName(file.fileName, 'imagem');
  const mediaName = extensions.some((extension) => safe.toLowerCase().endsWith(extension)) ? safe : `${safe}${extensions[0] ?? ''}`;
  const mediaPath = objectKey('companies', caller.companyId, 'schedules', id, `${ulid()}-${mediaName}`);
  await putMediaObject(mediaPath, file.bytes, contentTypeOf(sniffMediaType(file.bytes), mediaName));
  try {
    return await changeScheduledMessage(caller, id, { mediaPath, mediaName }, now, current);
  } catch (error) {
    await deleteMediaObject(mediaPath);
    throw error;
  }
}
