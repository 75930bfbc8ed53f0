/**
 * How attached files travel (spec 1 §2.6, §7; README "Messages"): files up to the multipart limit go in
 * multipart POSTs of at most MESSAGE_UPLOAD_MAX_FILES each; bigger ones, up to WhatsApp's document
 * limit, go one by one through a presigned upload; anything bigger is refused before sending.
 */
import { MESSAGE_MEDIA_MAX_BYTES, MESSAGE_UPLOAD_MAX_BYTES, MESSAGE_UPLOAD_MAX_FILES } from '../../../../shared/messages';

export interface SizedFile {
  readonly name: string;
  readonly size: number;
}

export interface UploadPlan<F extends SizedFile> {
  readonly multipartBatches: readonly (readonly F[])[];
  readonly presigned: readonly F[];
  readonly tooLarge: readonly F[];
}

export function planUploads<F extends SizedFile>(files: readonly F[]): UploadPlan<F> {
  const small = files.filter((file) => file.size > 0 && file.size <= MESSAGE_UPLOAD_MAX_BYTES);
  const multipartBatches: F[][] = [];
  for (let start = 0; start < small.length; start += MESSAGE_UPLOAD_MAX_FILES) {
    multipartBatches.push(small.slice(start, start + MESSAGE_UPLOAD_MAX_FILES));
  }
  return {
    multipartBatches,
    presigned: files.filter((file) => file.size > MESSAGE_UPLOAD_MAX_BYTES && file.size <= MESSAGE_MEDIA_MAX_BYTES),
    tooLarge: files.filter((file) => file.size > MESSAGE_MEDIA_MAX_BYTES),
  };
}

/** A content type the API accepts for a file the browser could not type. */
export function uploadMimeType(type: string): string {
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(type) ? type.toLowerCase() : 'application/octet-stream';
}
