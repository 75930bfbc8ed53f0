/**
 * Plays the notification chime at the stored volume. The WAV is made once per page and kept as an
 * object URL. Browsers refuse sound before the user has interacted with the page; the notice is then
 * silent, which is all we can do.
 */
import { chimeWav } from './chime';
import { volumeStore } from './use-volume';

let chimeUrl: string | undefined;

export function playChime(): void {
  const volume = volumeStore.get();
  if (volume === 0) return;
  chimeUrl ??= URL.createObjectURL(new Blob([chimeWav() as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }));
  const audio = new Audio(chimeUrl);
  audio.volume = volume;
  audio.play().catch(() => {
    // Autoplay blocked until the user interacts with the page.
  });
}
