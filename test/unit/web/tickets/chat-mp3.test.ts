import { encodeMp3, isRecordingKept, MIN_RECORDING_BYTES, toInt16 } from '../../../../web/src/tickets/conversation/mp3';

function tone(seconds: number, sampleRate: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let index = 0; index < samples.length; index += 1) samples[index] = 0.5 * Math.sin((2 * Math.PI * 440 * index) / sampleRate);
  return samples;
}

/** The bitrate (kbps) a MPEG-1 Layer III frame header announces, found at the first frame sync. */
function firstFrameBitrate(mp3: Uint8Array): number | undefined {
  const kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  for (let index = 0; index + 2 < mp3.length; index += 1) {
    if (mp3[index] === 0xff && ((mp3[index + 1] ?? 0) & 0xfe) === 0xfa) return kbps[(mp3[index + 2] ?? 0) >> 4];
  }
  return undefined;
}

describe('recorded audio', () => {
  test('is encoded as MP3 at 128 kbps', () => {
    // Act
    const mp3 = encodeMp3([tone(2, 44_100)], 44_100);

    // Assess
    expect(firstFrameBitrate(mp3)).toBe(128);
    expect(mp3.length).toBeGreaterThan(28_000);
    expect(mp3.length).toBeLessThan(36_000);
  });

  test('keeps two channels', () => {
    // Act
    const mp3 = encodeMp3([tone(1, 48_000), tone(1, 48_000)], 48_000);

    // Assess
    expect(firstFrameBitrate(mp3)).toBe(128);
  });

  test('a short recording is under the minimum and discarded', () => {
    // Act
    const mp3 = encodeMp3([tone(0.3, 44_100)], 44_100);

    // Assess
    expect(mp3.length).toBeLessThan(MIN_RECORDING_BYTES);
    expect(isRecordingKept(mp3.length)).toBe(false);
  });

  test('a recording of the minimum size is kept', () => {
    expect(isRecordingKept(MIN_RECORDING_BYTES)).toBe(true);
    expect(isRecordingKept(MIN_RECORDING_BYTES - 1)).toBe(false);
  });

  test('samples are clipped to 16 bits', () => {
    expect([...toInt16(Float32Array.from([-2, -1, 0, 1, 2]))]).toEqual([-32768, -32768, 0, 32767, 32767]);
  });
});
