/**
 * The notification volume (spec 1 §2.7, §9): 0 to 1 in steps of 0.1, stored locally, 1 by default. A
 * small store outside React, so the header's slider and the sound player share one value.
 */
export const VOLUME_STORAGE_KEY = 'volume';
export const DEFAULT_VOLUME = 1;
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.1;

/** Clamped to 0..1 and rounded to the 0.1 step. */
export function normalizeVolume(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_VOLUME;
  const clamped = Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, value));
  // Whole tenths, in integers first: 0.1 * 3 is 0.30000000000000004 in floating point.
  return Math.round(clamped * 10) / 10;
}

/** A stored value as a volume; anything missing or not a number gives the default. */
export function parseVolume(raw: string | null | undefined): number {
  if (raw == null || raw.trim() === '') return DEFAULT_VOLUME;
  const value = Number(raw);
  return Number.isFinite(value) ? normalizeVolume(value) : DEFAULT_VOLUME;
}

type StorageGetter = () => Pick<Storage, 'getItem' | 'setItem'> | undefined;

// Merely reading `localStorage` throws in some browsers when storage is disabled, hence a getter.
const browserStorage: StorageGetter = () => globalThis.localStorage;

export interface VolumeStore {
  readonly get: () => number;
  readonly set: (volume: number) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createVolumeStore(getStorage: StorageGetter = browserStorage): VolumeStore {
  let volume: number;
  try {
    volume = parseVolume(getStorage()?.getItem(VOLUME_STORAGE_KEY));
  } catch {
    volume = DEFAULT_VOLUME;
  }
  const listeners = new Set<() => void>();
  return {
    get: () => volume,
    set(next) {
      volume = normalizeVolume(next);
      try {
        getStorage()?.setItem(VOLUME_STORAGE_KEY, String(volume));
      } catch {
        // Storage unavailable (privacy modes): the volume lasts for the visit.
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
