/**
 * The signature of outgoing messages (spec 1 §2.6): on by default, the choice stored in the browser;
 * when on, the text goes out after the sender's name in bold on a line of its own.
 */

export const SIGNATURE_STORAGE_KEY = 'signOption';

type StorageGetter = () => Pick<Storage, 'getItem' | 'setItem'> | undefined;

// Reading `localStorage` throws in some browsers when storage is disabled, hence a getter.
const browserStorage: StorageGetter = () => globalThis.localStorage;

export function readSignaturePreference(getStorage: StorageGetter = browserStorage): boolean {
  try {
    return getStorage()?.getItem(SIGNATURE_STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function writeSignaturePreference(enabled: boolean, getStorage: StorageGetter = browserStorage): void {
  try {
    getStorage()?.setItem(SIGNATURE_STORAGE_KEY, String(enabled));
  } catch {
    // Storage unavailable (privacy modes): the choice lasts for the visit.
  }
}

/** The body to send: the trimmed text, after `*name*:` when the signature is on. */
export function signedBody(text: string, senderName: string, signatureOn: boolean): string {
  const body = text.trim();
  const name = senderName.trim();
  return signatureOn && name !== '' ? `*${name}*:\n${body}` : body;
}
