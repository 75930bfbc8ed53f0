/**
 * The attachment tray of a conversation (issue 14; rules in attachment-tray.ts): the files waiting to
 * be sent, filled by the file picker, paste and drop. Thumbnails are object URLs, revoked when their
 * file leaves the tray (removed, sent, cancelled) or the conversation closes, so the bytes are freed.
 * What cannot be added is said in a toast, with the input's own messages.
 */
import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type SyntheticEvent } from 'react';
import { useToast } from '../../feedback/toast';
import { format, useTexts } from '../../i18n/texts';
import { addToTray, captionInTray, removeFromTray, TRAY_MAX_FILES, type TrayItem } from './attachment-tray';
import { conversationTexts } from './texts';

let nextId = 0;
const newId = () => `tray-${String((nextId += 1))}`;
const previewOf = (file: File) => URL.createObjectURL(file);

function revoke(items: readonly TrayItem[]) {
  for (const item of items) if (item.previewUrl !== null) URL.revokeObjectURL(item.previewUrl);
}

export interface AttachmentTray {
  readonly items: readonly TrayItem[];
  readonly add: (files: readonly File[]) => void;
  readonly setCaption: (id: string, caption: string) => void;
  readonly remove: (id: string) => void;
  /** Empties the tray (sent or cancelled). */
  readonly clear: () => void;
}

export function useAttachmentTray(): AttachmentTray {
  const texts = useTexts(conversationTexts).input;
  const toast = useToast();
  const [items, setItems] = useState<readonly TrayItem[]>([]);
  // The same items for the handlers and the unmount, which must not wait for a render to see them.
  const current = useRef<readonly TrayItem[]>([]);
  const commit = useCallback((next: readonly TrayItem[]) => {
    current.current = next;
    setItems(next);
  }, []);

  useEffect(() => {
    const tray = current;
    return () => revoke(tray.current);
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const { items: next, refused } = addToTray(current.current, files, { newId, previewOf });
      commit(next);
      for (const { file, reason } of refused) {
        if (reason === 'tooLarge') toast.failure(format(texts.fileTooLarge, { name: file.name }));
        else if (reason === 'empty') toast.failure(format(texts.fileEmpty, { name: file.name }));
      }
      if (refused.some(({ reason }) => reason === 'tooMany')) toast.failure(format(texts.tooManyFiles, { count: String(TRAY_MAX_FILES) }));
    },
    [commit, toast, texts],
  );

  const setCaption = useCallback((id: string, caption: string) => commit(captionInTray(current.current, id, caption)), [commit]);

  const remove = useCallback(
    (id: string) => {
      const { items: next, removed } = removeFromTray(current.current, id);
      if (removed) revoke([removed]);
      commit(next);
    },
    [commit],
  );

  const clear = useCallback(() => {
    revoke(current.current);
    commit([]);
  }, [commit]);

  return { items, add, setCaption, remove, clear };
}

/**
 * What makes an element take files into the tray: pasted (the clipboard's files; pasted text stays
 * text) and dropped. Events from portals that React bubbles through the element (a dialog opened from
 * the conversation) are not the conversation's: only those from inside it on the page count.
 */
export function trayDropTarget(tray: AttachmentTray, enabled: boolean) {
  const inside = (event: SyntheticEvent) => event.target instanceof Node && event.currentTarget.contains(event.target);
  return {
    onPaste(event: ClipboardEvent) {
      const files = [...event.clipboardData.files];
      if (!enabled || files.length === 0 || !inside(event)) return;
      event.preventDefault();
      tray.add(files);
    },
    onDragOver(event: DragEvent) {
      if (!enabled || !event.dataTransfer.types.includes('Files') || !inside(event)) return;
      // Accepting the drag is what lets the drop happen here rather than the browser open the file.
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDrop(event: DragEvent) {
      const files = [...event.dataTransfer.files];
      if (!enabled || files.length === 0 || !inside(event)) return;
      event.preventDefault();
      tray.add(files);
    },
  };
}
