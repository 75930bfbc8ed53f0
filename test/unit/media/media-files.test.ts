/** The media helpers: safe names and keys, types told by bytes, and reading one file from a multipart body. */
import { fileExtension, MAX_FILE_NAME_LENGTH, objectKey, safeFileName, sniffMediaType } from '../../../functions/core/media/files';
import { readUploadedFile, type MultipartRequest } from '../../../functions/core/media/multipart';
import { AppError } from '../../../functions/core/errors';

describe('safeFileName', () => {
  it.each([
    ['Foto do Aviso.png', 'Foto_do_Aviso.png'],
    ['../../etc/passwd .png', 'passwd_.png'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['relatório final (1).jpg', 'relatorio_final_1.jpg'],
    ['.htaccess', 'file.htaccess'],
    ['..', 'file'],
    ['写真.png', 'file.png'],
    ['a<b>c|d:e*f?"g.jpeg', 'abcdefg.jpeg'],
    ['tab\there.png', 'tab_here.png'],
  ])('turns %j into %j', (original, safe) => {
    expect(safeFileName(original)).toBe(safe);
  });

  it('uses the fallback it is given for a name with nothing usable', () => {
    expect(safeFileName('////', 'image')).toBe('image');
  });

  it(`cuts long names to ${MAX_FILE_NAME_LENGTH} characters, keeping the extension`, () => {
    const safe = safeFileName(`${'a'.repeat(500)}.jpeg`);

    expect(safe).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(safe.endsWith('a.jpeg')).toBe(true);
  });

  it('only ever answers characters of [A-Za-z0-9._-], never starting with a dot', () => {
    const nasty = ['../x', '\0evil.png', '%2e%2e%2fx.png', ' .png', '.../...png', 'a/b/../c.png', '\u202Egnp.exe'];

    for (const name of nasty) expect(safeFileName(name)).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/);
  });
});

describe('fileExtension', () => {
  it('answers the lower-case extension with its dot, or nothing', () => {
    expect([fileExtension('a.PNG'), fileExtension('a.tar.gz'), fileExtension('README')]).toEqual(['.png', '.gz', '']);
  });
});

describe('objectKey', () => {
  it('joins safe segments with slashes', () => {
    expect(objectKey('announcements', '01HZY3M0000000000000000000', 'a.png')).toBe('announcements/01HZY3M0000000000000000000/a.png');
  });

  it.each(['..', '.', '', 'a/b', '.hidden', 'x y'])('refuses the segment %j', (segment) => {
    expect(() => objectKey('announcements', segment)).toThrow('Unsafe object key segment');
  });
});

describe('sniffMediaType', () => {
  it('knows PNG and JPEG by their first bytes, and nothing else', () => {
    expect(sniffMediaType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toEqual({ contentType: 'image/png', extensions: ['.png'] });
    expect(sniffMediaType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toEqual({ contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] });
    expect(sniffMediaType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffMediaType(Buffer.from([0x89, 0x50]))).toBeUndefined();
    expect(sniffMediaType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('readUploadedFile', () => {
  const BOUNDARY = '----test-boundary';
  const OPTIONS = { fieldNames: ['file', 'medias'] as ['file', 'medias'], maxBytes: 16 };

  /** A multipart body as a browser builds it, handed over base64-encoded as API Gateway does. */
  function request(parts: { name: string; fileName?: string; content: Buffer | string }[], contentType?: string): MultipartRequest {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
      const type = part.fileName === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
      chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    return {
      headers: { 'content-type': contentType ?? `multipart/form-data; boundary=${BOUNDARY}` },
      body: Buffer.concat(chunks).toString('base64'),
      isBase64Encoded: true,
    };
  }

  async function failureOf(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error instanceof AppError ? { code: error.code, fields: error.options.fields } : error;
    }
    return 'no error';
  }

  it('reads the file of the first accepted field, byte for byte, with its UTF-8 name', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 13, 10, 45, 45]);

    const file = await readUploadedFile(request([{ name: 'body', content: 'ignored' }, { name: 'medias', fileName: 'Férias.png', content: bytes }]), OPTIONS);

    expect(file).toEqual({ fieldName: 'medias', fileName: 'Férias.png', mimeType: 'application/octet-stream', bytes });
  });

  it.each([
    ['no file at all', request([{ name: 'body', content: 'x' }]), 'Required'],
    ['a file in another field', request([{ name: 'photo', fileName: 'a.png', content: 'x' }]), 'Required'],
    ['an empty file', request([{ name: 'file', fileName: 'a.png', content: '' }]), 'Required'],
    ['a file over the limit', request([{ name: 'file', fileName: 'a.png', content: Buffer.alloc(17) }]), 'File too large (max 16 bytes)'],
    ['two files', request([{ name: 'file', fileName: 'a.png', content: 'x' }, { name: 'file', fileName: 'b.png', content: 'y' }]), 'Send one file only'],
    ['a JSON body', { headers: { 'content-type': 'application/json' }, body: '{}', isBase64Encoded: false }, 'Expected multipart/form-data'],
    ['a multipart type without boundary', { headers: { 'content-type': 'multipart/form-data; x=1' }, body: '', isBase64Encoded: false }, 'Expected multipart/form-data'],
    ['a truncated body', { ...request([{ name: 'file', fileName: 'a.png', content: 'x' }]), body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`).toString('base64') }, 'Malformed multipart body'],
  ])('refuses %s on the first field name', async (_label, input, message) => {
    expect(await failureOf(readUploadedFile(input, OPTIONS))).toEqual({ code: 'ERR_VALIDATION', fields: [{ path: 'file', message }] });
  });

  it('accepts a file exactly at the limit', async () => {
    const file = await readUploadedFile(request([{ name: 'file', fileName: 'a.png', content: Buffer.alloc(16, 7) }]), OPTIONS);

    expect(file.bytes).toEqual(Buffer.alloc(16, 7));
  });
});
