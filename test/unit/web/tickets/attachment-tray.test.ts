import { MESSAGE_MEDIA_MAX_BYTES } from '../../../../shared/messages';
import {
  addToTray,
  captionInTray,
  removeFromTray,
  TRAY_MAX_FILES,
  trayFileKind,
  type TrayFile,
} from '../../../../web/src/tickets/conversation/attachment-tray';

const file = (name: string, type: string, size = 1000): TrayFile => ({ name, type, size });

/** Ids t1, t2, ... and preview URLs named after the file, as the hook's object URLs would be. */
function factories() {
  let count = 0;
  const previewed: string[] = [];
  return {
    previewed,
    make: {
      newId: () => `t${String((count += 1))}`,
      previewOf: (each: TrayFile) => {
        previewed.push(each.name);
        return `blob:${each.name}`;
      },
    },
  };
}

describe('the attachment tray', () => {
  test('adds picked files after those waiting, each with an empty caption', () => {
    // Prepare
    const { make } = factories();
    const first = addToTray<TrayFile>([], [file('a.pdf', 'application/pdf')], make).items;

    // Act
    const { items, refused } = addToTray(first, [file('b.pdf', 'application/pdf')], make);

    // Assess
    expect(items.map((item) => [item.id, item.file.name, item.caption])).toEqual([
      ['t1', 'a.pdf', ''],
      ['t2', 'b.pdf', ''],
    ]);
    expect(refused).toEqual([]);
  });

  test('makes a thumbnail for images only; other files show an icon by their kind', () => {
    // Prepare
    const { make, previewed } = factories();

    // Act
    const { items } = addToTray<TrayFile>([], [file('photo.jpg', 'image/jpeg'), file('clip.mp4', 'video/mp4'), file('notes.txt', '')], make);

    // Assess
    expect(items.map((item) => [item.kind, item.previewUrl])).toEqual([
      ['image', 'blob:photo.jpg'],
      ['video', null],
      ['document', null],
    ]);
    expect(previewed).toEqual(['photo.jpg']);
    expect(trayFileKind('audio/ogg')).toBe('audio');
  });

  test('refuses a file over the sending limit and an empty one, saying why, and keeps the rest', () => {
    // Prepare
    const { make } = factories();
    const huge = file('backup.zip', 'application/zip', MESSAGE_MEDIA_MAX_BYTES + 1);
    const empty = file('empty.txt', 'text/plain', 0);

    // Act
    const { items, refused } = addToTray<TrayFile>([], [huge, file('ok.pdf', 'application/pdf'), empty], make);

    // Assess
    expect(items.map((item) => item.file.name)).toEqual(['ok.pdf']);
    expect(refused).toEqual([
      { file: huge, reason: 'tooLarge' },
      { file: empty, reason: 'empty' },
    ]);
  });

  test('holds as many files as one send takes and refuses those beyond', () => {
    // Prepare
    const { make } = factories();
    const files = Array.from({ length: TRAY_MAX_FILES + 2 }, (_, index) => file(`f${String(index)}.pdf`, 'application/pdf'));

    // Act
    const { items, refused } = addToTray<TrayFile>([], files, make);

    // Assess
    expect(items).toHaveLength(TRAY_MAX_FILES);
    expect(refused.map(({ file: each, reason }) => [each.name, reason])).toEqual([
      [`f${String(TRAY_MAX_FILES)}.pdf`, 'tooMany'],
      [`f${String(TRAY_MAX_FILES + 1)}.pdf`, 'tooMany'],
    ]);
  });

  test("sets one file's caption and leaves the others'", () => {
    // Prepare
    const { make } = factories();
    const { items } = addToTray<TrayFile>([], [file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg')], make);

    // Act
    const captioned = captionInTray(items, 't2', 'the back');

    // Assess
    expect(captioned.map((item) => item.caption)).toEqual(['', 'the back']);
  });

  test('removes one file and hands it back, so its thumbnail can be revoked', () => {
    // Prepare
    const { make } = factories();
    const { items } = addToTray<TrayFile>([], [file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg')], make);

    // Act
    const { items: left, removed } = removeFromTray(items, 't1');

    // Assess
    expect(left.map((item) => item.file.name)).toEqual(['b.jpg']);
    expect(removed?.previewUrl).toBe('blob:a.jpg');
    expect(removeFromTray<TrayFile>(left, 'nope')).toEqual({ items: left, removed: null });
  });
});
