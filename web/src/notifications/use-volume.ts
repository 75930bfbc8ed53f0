/** The one notification volume of the page, for the slider and the sound player. */
import { useSyncExternalStore } from 'react';
import { createVolumeStore, DEFAULT_VOLUME } from './volume';

export const volumeStore = createVolumeStore();

const serverVolume = () => DEFAULT_VOLUME;

export function useVolume(): number {
  return useSyncExternalStore(volumeStore.subscribe, volumeStore.get, serverVolume);
}
