/**
 * What a recording becomes (spec 1 §2.6, §9): MP3 at 128 kbps; under 10000 bytes (a slip of the
 * finger) it is discarded. Apart from mp3.ts, so that the recorder button does not bring the encoder
 * (lamejs, the largest library of the ticket page) into the page: it is loaded when a recording ends.
 */
export const MP3_KBPS = 128;
export const MIN_RECORDING_BYTES = 10_000;
export const MP3_MIME_TYPE = 'audio/mpeg';

export function isRecordingKept(byteLength: number): boolean {
  return byteLength >= MIN_RECORDING_BYTES;
}
