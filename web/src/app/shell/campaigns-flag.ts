/**
 * The browser-local `cshow` flag (spec 1 §2.2, spec 3 §2, docs/architecture.md §8): present when the company
 * setting campaignsEnabled is 'true'. The spec sets it at sign-in; we set or clear it whenever the
 * shell learns the company's settings (every /auth/me load, right after sign-in included, and live
 * settings events), so a flag left by an earlier company or an old setting does not linger. It only
 * shows menu entries: the server decides from the plan and the setting.
 */
export const CAMPAIGNS_FLAG_KEY = 'cshow';

type StorageGetter = () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;

// Merely reading `localStorage` throws in some browsers when storage is disabled, hence a getter.
const browserStorage: StorageGetter = () => globalThis.localStorage;

export function readCampaignsFlag(getStorage: StorageGetter = browserStorage): boolean {
  try {
    return getStorage()?.getItem(CAMPAIGNS_FLAG_KEY) != null;
  } catch {
    return false;
  }
}

/** Stores or removes the flag; returns what the flag now says. */
export function writeCampaignsFlag(enabled: boolean, getStorage: StorageGetter = browserStorage): boolean {
  try {
    const storage = getStorage();
    if (enabled) storage?.setItem(CAMPAIGNS_FLAG_KEY, 'true');
    else storage?.removeItem(CAMPAIGNS_FLAG_KEY);
  } catch {
    // Storage unavailable (privacy modes): the menu still follows the value for this visit.
  }
  return enabled;
}
