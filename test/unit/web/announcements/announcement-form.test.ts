/** The announcement dialog's rules: its defaults (spec 3 §4), its messages (§5), the image it takes and what follows the save. */
import type { Announcement } from '../../../../shared/announcements';
import {
  announcementBody,
  announcementFieldMessage,
  announcementFormErrors,
  announcementFormOf,
  announcementSchema,
  emptyAnnouncementForm,
  IMAGE_ACCEPT,
  imageProblem,
  imageStep,
  shownImageName,
  storedImageName,
  type AnnouncementFormValues,
} from '../../../../web/src/announcements/announcement-form';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';

const messagesFor = (values: Partial<AnnouncementFormValues>, editing = false) =>
  announcementFormErrors(schemaFieldMessages(announcementSchema(editing), announcementBody({ ...emptyAnnouncementForm(), ...values })));

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });

const stored: Announcement = {
  id: '01JABCDEF0123456789ABCDEFG',
  title: 'Manutenção',
  text: 'Sábado às 22h',
  priority: 1,
  status: false,
  mediaPath: 'announcements/x/aviso.png',
  mediaName: 'aviso.png',
  mediaUrl: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

describe('a new announcement in the dialog', () => {
  it('starts low priority (3) and active, with no title or text', () => {
    expect(emptyAnnouncementForm()).toEqual({ title: '', text: '', priority: 3, status: true });
  });

  it('sends its four fields as they are', () => {
    expect(announcementBody({ title: 'T', text: 'X', priority: 2, status: false })).toEqual({ title: 'T', text: 'X', priority: 2, status: false });
  });
});

describe('an announcement being edited', () => {
  it('starts from its stored title, text, priority and status', () => {
    expect(announcementFormOf(stored)).toEqual({ title: 'Manutenção', text: 'Sábado às 22h', priority: 1, status: false });
  });
});

describe('the messages of the announcement dialog (spec 3 §5)', () => {
  it.each([false, true])('requires a title and a text (editing: %s)', (editing) => {
    expect(messagesFor({}, editing)).toEqual({ title: { key: 'required' }, text: { key: 'required' } });
    expect(messagesFor({ title: '   ', text: '\n' }, editing)).toEqual({ title: { key: 'required' }, text: { key: 'required' } });
  });

  it('takes any title and text within the limits', () => {
    expect(messagesFor({ title: 'Novidade', text: 'Nova versão no ar.' })).toEqual({});
  });

  it('says too long past the limits of the server', () => {
    expect(messagesFor({ title: 'a'.repeat(151), text: 'b'.repeat(4001) })).toEqual({ title: { key: 'tooLong' }, text: { key: 'tooLong' } });
  });

  it('shows an unknown server message as it came', () => {
    expect(announcementFieldMessage('Something else')).toEqual({ text: 'Something else' });
  });
});

describe('the image of an announcement', () => {
  it('offers .png, .jpg and .jpeg in the picker', () => {
    expect(IMAGE_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.png', '.jpg', '.jpeg']));
    expect(IMAGE_ACCEPT).not.toMatch(/gif|webp|\*/);
  });

  it.each(['aviso.png', 'FOTO.JPG', 'banner.jpeg'])('takes %s', (name) => {
    expect(imageProblem(file(name))).toBeUndefined();
  });

  it.each(['aviso.gif', 'doc.pdf', 'png', 'image.png.exe'])('refuses %s for its type', (name) => {
    expect(imageProblem(file(name))).toBe('wrongType');
  });

  it('refuses a file over the server limit of 4 MB', () => {
    expect(imageProblem({ name: 'big.png', size: 4 * 1024 * 1024 + 1 })).toBe('tooBig');
    expect(imageProblem({ name: 'fits.png', size: 4 * 1024 * 1024 })).toBeUndefined();
  });

  it('is stored with its spaces as underscores', () => {
    expect(storedImageName('minha foto  nova.png')).toBe('minha_foto_nova.png');
    expect(shownImageName(null, { kind: 'add', file: file('minha foto.png') })).toBe('minha_foto.png');
  });

  it('is uploaded when chosen, under its stored name', () => {
    const chosen = file('a b.png');
    expect(imageStep(false, { kind: 'add', file: chosen })).toEqual({ kind: 'upload', file: chosen, fileName: 'a_b.png' });
  });

  it('is deleted when removed, and only when there was one', () => {
    expect(imageStep(true, { kind: 'remove' })).toEqual({ kind: 'delete' });
    expect(imageStep(false, { kind: 'remove' })).toBeNull();
    expect(imageStep(true, { kind: 'keep' })).toBeNull();
  });

  it('shows the stored name until it is removed or replaced', () => {
    expect(shownImageName('aviso.png', { kind: 'keep' })).toBe('aviso.png');
    expect(shownImageName('aviso.png', { kind: 'remove' })).toBeNull();
  });
});
