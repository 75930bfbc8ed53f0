/**
 * The rules of a file list's save and upload that need no storage (core/file-lists): which options a
 * save keeps, adds and drops; which option each uploaded file is for and what refuses an upload; the
 * files a change leaves behind, to be deleted.
 */
import { FILE_LIST_UPLOAD_MAX_BYTES, type FileListUploadFields } from '../../../shared/file-lists';
import { filesLeft } from '../../../functions/core/file-lists/change-file-list';
import { newOption, savedOptions } from '../../../functions/core/file-lists/file-list-options';
import { assertOptionsExist, pairUploads, withFiles } from '../../../functions/core/file-lists/file-list-uploads';
import { AppError } from '../../../functions/core/errors';
import type { UploadedFile } from '../../../functions/core/media/multipart';
import type { StoredFileListOption } from '../../../functions/core/repositories/file-lists';

const LIST = '01J000000000000000000000AA';
const withFile = (id: string, name: string, key: string): StoredFileListOption => ({
  id,
  name,
  mediaType: 'image',
  key,
  contentType: 'image/png',
  fileName: key.split('/').pop() ?? key,
});
const file = (name: string, size = 3): UploadedFile => ({ fieldName: 'files', fileName: name, mimeType: 'image/png', bytes: Buffer.alloc(size) });
const fields = (id: string[], extra: Partial<FileListUploadFields> = {}): FileListUploadFields => ({ id, name: [], mediaType: [], ...extra });

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? [error.code, error.options.fields] : error;
  }
  return 'no refusal';
}

describe('savedOptions', () => {
  const stored = [withFile('A', 'Fotos', 'k/a.png'), withFile('B', 'Tabela', 'k/b.pdf')];

  it('keeps an option sent with its id, renamed, with its file, in the order sent', () => {
    const options = savedOptions(stored, [{ id: 'B', name: 'Preços' }, { id: 'A', name: 'Fotos' }], () => 'NEW');

    expect(options).toEqual([{ ...stored[1], name: 'Preços' }, stored[0]]);
  });

  it('adds an option sent without an id as a new one without a file, and drops the stored ones not sent', () => {
    let next = 0;
    const options = savedOptions(stored, [{ id: 'A', name: 'Fotos' }, { name: 'Cupom' }, { name: 'Vídeo' }], () => `NEW${(next += 1)}`);

    expect(options).toEqual([stored[0], newOption('NEW1', 'Cupom'), newOption('NEW2', 'Vídeo')]);
    expect(options.map((option) => option.id)).not.toContain('B');
  });

  it('refuses an id of no option of the list, on that option’s field', () => {
    expect(refusal(() => savedOptions(stored, [{ id: 'A', name: 'Fotos' }, { id: 'X', name: 'Alheia' }], () => 'NEW'))).toEqual([
      'ERR_VALIDATION',
      [{ path: 'options.1.id', message: 'Opção não encontrada nesta lista' }],
    ]);
  });
});

describe('pairUploads', () => {
  it('pairs the n-th file with the n-th option id', () => {
    const [a, b] = [file('a.png'), file('b.png')];

    expect(pairUploads(LIST, [a, b], fields(['A', 'B'], { fileId: LIST }))).toEqual([
      { optionId: 'A', file: a },
      { optionId: 'B', file: b },
    ]);
  });

  it.each([
    ['a fileId of another list', [file('a.png')], fields(['A'], { fileId: '01J000000000000000000000BB' }), 'fileId'],
    ['fewer ids than files', [file('a.png'), file('b.png')], fields(['A']), 'id'],
    ['more ids than files', [file('a.png')], fields(['A', 'B']), 'id'],
    ['two files for one option', [file('a.png'), file('b.png')], fields(['A', 'A']), 'id'],
    ['files over the cap together', [file('a.png', FILE_LIST_UPLOAD_MAX_BYTES / 2), file('b.png', FILE_LIST_UPLOAD_MAX_BYTES / 2 + 1)], fields(['A', 'B']), 'files'],
  ])('refuses %s on that field', (_case, files, sent, path) => {
    const refused = refusal(() => pairUploads(LIST, files, sent)) as [string, { path: string }[]];

    expect([refused[0], refused[1][0]?.path]).toEqual(['ERR_VALIDATION', path]);
  });

  it('takes files exactly at the cap together', () => {
    expect(pairUploads(LIST, [file('a.png', FILE_LIST_UPLOAD_MAX_BYTES / 2), file('b.png', FILE_LIST_UPLOAD_MAX_BYTES / 2)], fields(['A', 'B']))).toHaveLength(2);
  });
});

describe('the options of an upload', () => {
  const options = [newOption('A', 'Fotos'), withFile('B', 'Tabela', 'k/old.pdf')];
  const stored = { key: 'k/new.png', fileName: 'new.png', contentType: 'image/png', mediaType: 'image' } as const;

  it('refuses a file for an option the list does not have, naming the file’s place', () => {
    expect(refusal(() => assertOptionsExist(options, ['A', 'Z']))).toEqual(['ERR_VALIDATION', [{ path: 'id.1', message: 'Opção não encontrada nesta lista' }]]);
  });

  it('sets each stored file on its option, replacing an earlier file, and leaves the others as they were', () => {
    const next = withFiles(options, [{ optionId: 'B', ...stored }]);

    expect(next).toEqual([options[0], { id: 'B', name: 'Tabela', ...stored }]);
  });

  it('refuses files for an option removed since the list was read', () => {
    expect(refusal(() => withFiles([newOption('A', 'Fotos')], [{ optionId: 'B', ...stored }]))).toEqual([
      'ERR_VALIDATION',
      [{ path: 'id.0', message: 'Opção não encontrada nesta lista' }],
    ]);
  });
});

describe('filesLeft', () => {
  it('names the files of options removed and of files replaced, never a file still pointed at', () => {
    const before = { options: [withFile('A', 'a', 'k/a'), withFile('B', 'b', 'k/b'), withFile('C', 'c', 'k/c'), newOption('D', 'd')] };
    const after = { options: [withFile('A', 'a', 'k/a'), withFile('B', 'b', 'k/b2'), newOption('D', 'd')] };

    expect(filesLeft(before, after)).toEqual(['k/b', 'k/c']);
    expect(filesLeft(before, { options: [] })).toEqual(['k/a', 'k/b', 'k/c']);
    expect(filesLeft(after, after)).toEqual([]);
  });
});
