/** Media of messages: kinds told by bytes, the type a file is served with, and several files in one form. */
import { AppError } from '../../../functions/core/errors';
import { contentTypeOf, sniffMediaType } from '../../../functions/core/media/files';
import { readUploadedFiles, type MultipartRequest } from '../../../functions/core/media/multipart';
import { mediaTypeOf } from '../../../functions/core/conversations/present-message';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffMediaType for message media', () => {
  it.each([
    ['an Opus voice note (Ogg)', bytes('OggS', [0, 2]), 'audio/ogg'],
    ['an MP3 with ID3 tags', bytes('ID3', [4, 0]), 'audio/mpeg'],
    ['an MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['an M4A', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0]), 'audio/mp4'],
    ['an MP4 video', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0]), 'video/mp4'],
    ['a WebM video', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x01]), 'video/webm'],
    ['a WebP image', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['a WAV sound', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['a PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['a zip (docx, xlsx ...)', bytes([0x50, 0x4b, 0x03, 0x04, 0x14]), 'application/zip'],
    ['a legacy Office file', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/x-ole-storage'],
  ])('knows %s', (_label, content, contentType) => {
    expect(sniffMediaType(content)?.contentType).toBe(contentType);
  });

  it('does not take a RIFF of another kind, or a bare ftyp cut short, for media', () => {
    expect(sniffMediaType(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeUndefined();
    expect(sniffMediaType(bytes([0, 0, 0, 0x18], 'ft'))).toBeUndefined();
    expect(sniffMediaType(bytes('<html><script>'))).toBeUndefined();
  });
});

describe('contentTypeOf', () => {
  it('makes the container precise by the extension, and never trusts a name alone', () => {
    const zip = sniffMediaType(bytes([0x50, 0x4b, 0x03, 0x04]));
    expect(contentTypeOf(zip, 'relatorio.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(contentTypeOf(zip, 'fotos.zip')).toBe('application/zip');
    expect(contentTypeOf(sniffMediaType(bytes('%PDF-')), 'nota.pdf')).toBe('application/pdf');
    expect(contentTypeOf(undefined, 'page.html')).toBe('application/octet-stream');
    expect(contentTypeOf(undefined, 'image.svg')).toBe('application/octet-stream');
  });
});

describe('mediaTypeOf', () => {
  it('sends images, audio and video as such and everything else as a document', () => {
    expect(['image/webp', 'audio/ogg', 'video/mp4', 'application/pdf', 'application/octet-stream'].map(mediaTypeOf)).toEqual([
      'image',
      'audio',
      'video',
      'application',
      'application',
    ]);
  });
});

describe('readUploadedFiles', () => {
  const BOUNDARY = '----files-boundary';
  const OPTIONS = { fieldNames: ['medias', 'file'] as ['medias', 'file'], maxBytes: 16, maxFiles: 2, textFields: ['body'] };

  function request(parts: { name: string; fileName?: string; content: string }[]): MultipartRequest {
    const chunks = parts.map((part) => {
      const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
      return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n${part.content}\r\n`;
    });
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: Buffer.from(`${chunks.join('')}--${BOUNDARY}--\r\n`).toString('base64'),
      isBase64Encoded: true,
    };
  }

  async function failureOf(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error instanceof AppError ? error.options.fields : error;
    }
    return 'no error';
  }

  it('reads every file in order and the text fields asked for', async () => {
    const form = await readUploadedFiles(
      request([
        { name: 'body', content: 'Segue o orçamento' },
        { name: 'other', content: 'ignored' },
        { name: 'medias', fileName: 'a.pdf', content: 'one' },
        { name: 'medias', fileName: 'b.pdf', content: 'two' },
      ]),
      OPTIONS,
    );

    expect(form.fields).toEqual({ body: 'Segue o orçamento' });
    expect(form.files.map((file) => [file.fileName, file.bytes.toString()])).toEqual([
      ['a.pdf', 'one'],
      ['b.pdf', 'two'],
    ]);
  });

  it("reads a caption's line breaks as LF, as the same text comes in JSON, though the browser sent CRLF", async () => {
    const form = await readUploadedFiles(
      request([
        { name: 'body', content: 'Linha 1\r\nLinha 2\r\n\r\nLinha 4\rfim' },
        { name: 'medias', fileName: 'a.pdf', content: 'one' },
      ]),
      OPTIONS,
    );

    expect(form.fields).toEqual({ body: 'Linha 1\nLinha 2\n\nLinha 4\nfim' });
  });

  it('reads a field sent once per file with every value in its order, room made for ten files with three each', async () => {
    const perFile = Array.from({ length: 10 }, (_, index) => [
      { name: 'files', fileName: `f${index}.pdf`, content: `file ${index}` },
      { name: 'id', content: `option ${index}` },
      { name: 'name', content: `f${index}.pdf` },
      { name: 'mediaType', content: 'application/pdf' },
    ]).flat();

    const form = await readUploadedFiles(request([{ name: 'fileId', content: 'list' }, { name: 'typeArch', content: 'fileList' }, ...perFile]), {
      fieldNames: ['files'],
      maxBytes: 16,
      maxFiles: 10,
      textFields: ['fileId', 'typeArch'],
      listFields: ['id', 'name', 'mediaType'],
    });

    expect(form.fields).toEqual({ fileId: 'list', typeArch: 'fileList' });
    expect(form.lists.id).toEqual(Array.from({ length: 10 }, (_, index) => `option ${index}`));
    expect(form.lists.mediaType).toHaveLength(10);
    expect(form.files).toHaveLength(10);
  });

  it('answers an empty list for a list field never sent, and takes no list field it was not asked for', async () => {
    const form = await readUploadedFiles(
      request([
        { name: '__proto__', content: 'x' },
        { name: 'medias', fileName: 'a.pdf', content: 'one' },
      ]),
      { ...OPTIONS, listFields: ['id'] },
    );

    expect(form.lists).toEqual({ id: [] });
  });

  it('refuses more files than allowed, an empty one, and none at all', async () => {
    const three = request(['a', 'b', 'c'].map((name) => ({ name: 'medias', fileName: `${name}.txt`, content: name })));

    expect(await failureOf(readUploadedFiles(three, OPTIONS))).toEqual([{ path: 'medias', message: 'Send at most 2 files' }]);
    expect(await failureOf(readUploadedFiles(request([{ name: 'medias', fileName: 'a.txt', content: '' }]), OPTIONS))).toEqual([
      { path: 'medias', message: 'Required' },
    ]);
    expect(await failureOf(readUploadedFiles(request([{ name: 'body', content: 'oi' }]), OPTIONS))).toEqual([
      { path: 'medias', message: 'Required' },
    ]);
  });
});
