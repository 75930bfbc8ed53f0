/**
 * How attached files travel (spec 1 §2.6, §7; README "Messages"), each with its caption as its message's
 * body: files up to the multipart limit go in multipart POSTs of at most MESSAGE_UPLOAD_MAX_FILES each;
 * bigger ones, up to WhatsApp's document limit, go one by one through a presigned upload; anything bigger
 * is refused before sending. The server gives a multipart POST's one `body` (and `quotedMsg`) to its
 * first file only, so a captioned file starts a new POST; the quote goes with the first file sent.
 * Files leave in the order given.
 */
import { MESSAGE_MEDIA_MAX_BYTES, MESSAGE_UPLOAD_MAX_BYTES, MESSAGE_UPLOAD_MAX_FILES } from '../../../../shared/messages';

export interface SizedFile {
  readonly name: string;
  readonly size: number;
}

export interface CaptionedFile<F extends SizedFile> {
  readonly file: F;
  /** The message's body: empty for none. */
  readonly caption: string;
}

export type UploadStep<F extends SizedFile> =
  | { readonly kind: 'multipart'; readonly files: readonly F[]; readonly body: string; readonly quotedMsg: string | null }
  | { readonly kind: 'presigned'; readonly file: F; readonly body: string; readonly quotedMsg: string | null };

export interface UploadPlan<F extends SizedFile> {
  readonly steps: readonly UploadStep<F>[];
  readonly tooLarge: readonly F[];
}

export function planUploads<F extends SizedFile>(files: readonly CaptionedFile<F>[], quotedMsg: string | null): UploadPlan<F> {
  const steps: UploadStep<F>[] = [];
  const tooLarge: F[] = [];
  let quote = quotedMsg;
  // The files of the last step while it is a multipart POST that may take more (it is pushed to).
  let batch: F[] | null = null;
  for (const { file, caption } of files) {
    if (file.size > MESSAGE_MEDIA_MAX_BYTES) {
      tooLarge.push(file);
    } else if (file.size > MESSAGE_UPLOAD_MAX_BYTES) {
      batch = null;
      steps.push({ kind: 'presigned', file, body: caption, quotedMsg: quote });
      quote = null;
    } else if (file.size > 0) {
      if (batch !== null && caption === '' && batch.length < MESSAGE_UPLOAD_MAX_FILES) {
        batch.push(file);
      } else {
        batch = [file];
        steps.push({ kind: 'multipart', files: batch, body: caption, quotedMsg: quote });
        quote = null;
      }
    }
  }
  return { steps, tooLarge };
}

/** A content type the API accepts for a file the browser could not type. */
export function uploadMimeType(type: string): string {
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(type) ? type.toLowerCase() : 'application/octet-stream';
}
