/**
 * Recorded audio as MP3 at 128 kbps (spec 1 §2.6, §9), encoded in the browser with lamejs from the
 * decoded samples of the recording. Recordings under 10000 bytes (a slip of the finger) are discarded.
 * The page imports this module only when a recording ends (audio-recorder.ts); the format's constants
 * live in mp3-format.ts.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { MP3_KBPS } from './mp3-format';

export { isRecordingKept, MIN_RECORDING_BYTES, MP3_KBPS, MP3_MIME_TYPE } from './mp3-format';

/** lamejs encodes in blocks of this many samples per channel (a multiple of an MP3 frame's 1152). */
const BLOCK = 1152 * 8;

/** Web Audio's samples (-1..1) as the 16-bit integers lamejs takes, clipped. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    const sample = Math.max(-1, Math.min(1, samples[index] ?? 0));
    out[index] = sample < 0 ? Math.round(sample * 0x8000) : Math.round(sample * 0x7fff);
  }
  return out;
}

/** Encodes one (mono) or two (stereo; more are mixed down to the first two) channels. */
export function encodeMp3(channels: readonly Float32Array[], sampleRate: number): Uint8Array<ArrayBuffer> {
  const [left, right] = channels;
  if (left === undefined) return new Uint8Array();
  const stereo = right !== undefined;
  const encoder = new Mp3Encoder(stereo ? 2 : 1, sampleRate, MP3_KBPS);
  const leftPcm = toInt16(left);
  const rightPcm = stereo ? toInt16(right) : undefined;

  const chunks: Uint8Array[] = [];
  for (let start = 0; start < leftPcm.length; start += BLOCK) {
    const end = start + BLOCK;
    chunks.push(encoder.encodeBuffer(leftPcm.subarray(start, end), rightPcm?.subarray(start, end)));
  }
  chunks.push(encoder.flush());

  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const mp3 = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    mp3.set(chunk, offset);
    offset += chunk.length;
  }
  return mp3;
}
