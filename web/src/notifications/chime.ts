/**
 * The notification sound, made here rather than shipped as a file: a short two-note chime rendered as a
 * 16-bit mono WAV, played through an <audio> element whose volume is the stored one.
 */
export const CHIME_SAMPLE_RATE = 22_050;

interface Note {
  readonly frequencyHz: number;
  readonly startS: number;
  readonly durationS: number;
}

// Two notes a fifth apart (E6 then B6), each fading out, the second starting before the first ends.
const NOTES: readonly Note[] = [
  { frequencyHz: 1318.5, startS: 0, durationS: 0.22 },
  { frequencyHz: 1975.5, startS: 0.12, durationS: 0.3 },
];
const PEAK = 0.35;
const ATTACK_S = 0.005;

/** The chime as the bytes of a WAV file (RIFF, PCM, 16-bit, mono). */
export function chimeWav(sampleRate = CHIME_SAMPLE_RATE): Uint8Array {
  const lengthS = Math.max(...NOTES.map((note) => note.startS + note.durationS));
  const samples = Math.ceil(lengthS * sampleRate);
  const dataBytes = samples * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };

  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);

  for (let i = 0; i < samples; i += 1) {
    const t = i / sampleRate;
    let value = 0;
    for (const note of NOTES) {
      const local = t - note.startS;
      if (local < 0 || local >= note.durationS) continue;
      const envelope = Math.min(1, local / ATTACK_S) * Math.exp((-5 * local) / note.durationS);
      value += Math.sin(2 * Math.PI * note.frequencyHz * local) * envelope;
    }
    const clamped = Math.max(-1, Math.min(1, value * PEAK));
    view.setInt16(44 + i * 2, Math.round(clamped * 0x7fff), true);
  }
  return new Uint8Array(buffer);
}
