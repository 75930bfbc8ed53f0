/**
 * Reads one uploaded file from a multipart/form-data request as API Gateway hands it to a Lambda (the
 * body base64-encoded, since it is binary). Parsing is busboy's, with hard limits: one file, a maximum
 * size, few parts; anything else is a validation error (400 ERR_VALIDATION) on the file field, never a
 * crash. The file's name and type are the browser's claims: callers check the bytes (./files.ts).
 */
import busboy from 'busboy';
import { AppError } from '../errors';

export interface MultipartRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body?: string;
  readonly isBase64Encoded: boolean;
}

export interface UploadedFile {
  /** The form field the file came in. */
  readonly fieldName: string;
  /** The name the browser sent, unsanitised: pass it through `safeFileName` before storing it. */
  readonly fileName: string;
  /** The type the browser claimed; not to be trusted. */
  readonly mimeType: string;
  readonly bytes: Buffer;
}

export interface ReadFileOptions {
  /** Fields a file is taken from, the first one also naming the field in error messages. */
  readonly fieldNames: readonly [string, ...string[]];
  readonly maxBytes: number;
}

/** Text fields are not read, but a few are tolerated (clients add e.g. a `body`) up to a small size. */
const LIMITS = { files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12, headerPairs: 20 } as const;

export async function readUploadedFile(request: MultipartRequest, options: ReadFileOptions): Promise<UploadedFile> {
  const field = options.fieldNames[0];
  const invalid = (message: string) => new AppError('ERR_VALIDATION', { message, fields: [{ path: field, message }] });

  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw invalid('Expected multipart/form-data');
  const body = Buffer.from(request.body ?? '', request.isBase64Encoded ? 'base64' : 'utf8');

  return new Promise<UploadedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers send file names as raw UTF-8; busboy's default (latin1) would garble accents. Busboy
      // flags a file that merely reaches `fileSize` as truncated, hence one byte more than allowed.
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: { ...LIMITS, fileSize: options.maxBytes + 1 },
      });
    } catch {
      reject(invalid('Expected multipart/form-data'));
      return;
    }

    let file: Promise<UploadedFile> | undefined;
    let failure: AppError | undefined;
    const fail = (message: string) => {
      failure ??= invalid(message);
    };

    parser.on('file', (name, stream, info) => {
      if (file || !options.fieldNames.includes(name)) {
        stream.resume();
        return;
      }
      file = new Promise((done, broken) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => fail(`File too large (max ${options.maxBytes} bytes)`));
        stream.on('error', broken);
        stream.on('end', () =>
          done({ fieldName: name, fileName: info.filename, mimeType: info.mimeType, bytes: Buffer.concat(chunks) }),
        );
      });
    });
    parser.on('filesLimit', () => fail('Send one file only'));
    parser.on('partsLimit', () => fail('Too many form fields'));
    parser.on('fieldsLimit', () => fail('Too many form fields'));
    parser.on('error', () => reject(invalid('Malformed multipart body')));
    parser.on('close', () => {
      if (failure) return reject(failure);
      if (!file) return reject(invalid('Required'));
      file.then((uploaded) => (uploaded.bytes.length === 0 ? reject(invalid('Required')) : resolve(uploaded)), () => reject(invalid('Malformed multipart body')));
    });
    parser.end(body);
  });
}
