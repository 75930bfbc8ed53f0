/**
 * The attachment tray's state (issue 14): files picked, pasted or dropped wait here with a caption each
 * until the agent sends or cancels them. Pure: ids and preview URLs are made by the caller (the hook
 * use-attachment-tray.ts, which also revokes the URLs), so the rules can be tested without a browser.
 *
 * The limits are the sending ones (shared/messages.ts): a file over WhatsApp's document limit or an
 * empty one can never be sent, so it is refused when added; the tray holds as many files as one send
 * takes (MESSAGE_UPLOAD_MAX_FILES), the count the input's "at most N files at once" message names.
 */
import { MESSAGE_MEDIA_MAX_BYTES, MESSAGE_UPLOAD_MAX_FILES } from '../../../../shared/messages';

/** How a waiting file is shown: image thumbnails; an icon and the name for the others. */
export type TrayFileKind = 'image' | 'video' | 'audio' | 'document';

export interface TrayFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export interface TrayItem<F extends TrayFile = File> {
  readonly id: string;
  readonly file: F;
  readonly kind: TrayFileKind;
  readonly caption: string;
  /** An object URL of an image's bytes for its thumbnail, or null; revoked when the item leaves. */
  readonly previewUrl: string | null;
}

export type TrayRefusal = 'tooLarge' | 'empty' | 'tooMany';

export interface TrayAddition<F extends TrayFile> {
  readonly items: readonly TrayItem<F>[];
  /** The files left out, each with why, in the order given. */
  readonly refused: readonly { readonly file: F; readonly reason: TrayRefusal }[];
}

export const TRAY_MAX_FILES = MESSAGE_UPLOAD_MAX_FILES;

/** The browser's type decides the icon only; the server types the file by its bytes. */
export function trayFileKind(type: string): TrayFileKind {
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'document';
}

export interface TrayFactories<F extends TrayFile> {
  readonly newId: () => string;
  /** Called for images only: their thumbnail's URL. */
  readonly previewOf: (file: F) => string;
}

/** Adds the files after those waiting, refusing what could not be sent and what is over the count. */
export function addToTray<F extends TrayFile>(items: readonly TrayItem<F>[], files: readonly F[], make: TrayFactories<F>): TrayAddition<F> {
  const next = [...items];
  const refused: { file: F; reason: TrayRefusal }[] = [];
  for (const file of files) {
    if (file.size > MESSAGE_MEDIA_MAX_BYTES) refused.push({ file, reason: 'tooLarge' });
    else if (file.size === 0) refused.push({ file, reason: 'empty' });
    else if (next.length >= TRAY_MAX_FILES) refused.push({ file, reason: 'tooMany' });
    else {
      const kind = trayFileKind(file.type);
      next.push({ id: make.newId(), file, kind, caption: '', previewUrl: kind === 'image' ? make.previewOf(file) : null });
    }
  }
  return { items: next, refused };
}

export function captionInTray<F extends TrayFile>(items: readonly TrayItem<F>[], id: string, caption: string): TrayItem<F>[] {
  return items.map((item) => (item.id === id ? { ...item, caption } : item));
}

/** The tray without the item, and the item taken out (whose preview the caller revokes). */
export function removeFromTray<F extends TrayFile>(items: readonly TrayItem<F>[], id: string): { items: TrayItem<F>[]; removed: TrayItem<F> | null } {
  return { items: items.filter((item) => item.id !== id), removed: items.find((item) => item.id === id) ?? null };
}
