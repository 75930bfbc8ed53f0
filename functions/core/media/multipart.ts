/**
 * Reads uploaded files from a multipart/form-data request as API Gateway hands it to a Lambda (the
 * body base64-encoded, since it is binary). Parsing is busboy's, with hard limits: one file (or a few,
 * where asked), a maximum size per file, few parts; anything else is a validation error (400 ERR_VALIDATION) on the file field, never a
 * crash. The file's name and type are the browser's claims: callers check the bytes (./files.ts). Text
 * fields come with LF line breaks, as JSON bodies do (shared/text.ts, withLfLineEndings).
 */
import busboy from 'busboy';
import { withLfLineEndings } from '../../../shared/text';
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

/** Text fields are tolerated (clients add e.g. a `body`) up to a small size; few parts in all. */
const LIMITS = { fields: 10, fieldSize: 16 * 1024, parts: 12, headerPairs: 20 } as const;

export async function readUploadedFile(request: MultipartRequest, options: ReadFileOptions): Promise<UploadedFile> {
  const { files } = await readForm(request, { ...options, maxFiles: 1, textFields: [] });
  return files[0] as UploadedFile;
}

export interface ReadFilesOptions extends ReadFileOptions {
  /** At most this many files; more is a validation error. */
  readonly maxFiles: number;
  /** Text fields to read (e.g. `body`); others are ignored. */
  readonly textFields: readonly string[];
  /**
   * Text fields sent once per file (a file list's option `id` beside each file), read with every value
   * in the order sent; each may come up to `maxFiles` times more than the form's usual few fields.
   */
  readonly listFields?: readonly string[];
}

export interface UploadedForm {
  /** At least one, in the order they came. */
  readonly files: readonly UploadedFile[];
  /** The text fields asked for that were sent (the first value of each). */
  readonly fields: Readonly<Record<string, string>>;
  /** Every value of each list field asked for, in the order sent (empty when none was). */
  readonly lists: Readonly<Record<string, readonly string[]>>;
}

/** Reads several files and some text fields (a message with attachments and its caption, a file list's files with their options). */
export async function readUploadedFiles(request: MultipartRequest, options: ReadFilesOptions): Promise<UploadedForm> {
  return readForm(request, options);
}

function readForm(request: MultipartRequest, options: ReadFilesOptions): Promise<UploadedForm> {
  const field = options.fieldNames[0];
  const invalid = (message: string) => new AppError('ERR_VALIDATION', { message, fields: [{ path: field, message }] });

  const listFields = options.listFields ?? [];
  // Room for each list field once per file, beyond the usual few fields; and for the parts, each file
  // with its list fields (busboy stops at the part that reaches its limit).
  const perFile = listFields.length * options.maxFiles;
  const extraParts = listFields.length === 0 ? 0 : perFile + options.maxFiles;
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw invalid('Expected multipart/form-data');
  const body = Buffer.from(request.body ?? '', request.isBase64Encoded ? 'base64' : 'utf8');

  return new Promise<UploadedForm>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers send file names as raw UTF-8; busboy's default (latin1) would garble accents. Busboy
      // flags a file that merely reaches `fileSize` as truncated, hence one byte more than allowed.
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: { ...LIMITS, fields: LIMITS.fields + perFile, parts: LIMITS.parts + extraParts, files: options.maxFiles, fileSize: options.maxBytes + 1 },
      });
    } catch {
      reject(invalid('Expected multipart/form-data'));
      return;
    }

    const files: Promise<UploadedFile>[] = [];
    const fields: Record<string, string> = {};
    const lists = new Map<string, string[]>(listFields.map((name) => [name, []]));
    let failure: AppError | undefined;
    const fail = (message: string) => {
      failure ??= invalid(message);
    };

    parser.on('file', (name, stream, info) => {
      if (!options.fieldNames.includes(name)) {
        stream.resume();
        return;
      }
      files.push(
        new Promise((done, broken) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('limit', () => fail(`File too large (max ${options.maxBytes} bytes)`));
          stream.on('error', broken);
          stream.on('end', () =>
            done({ fieldName: name, fileName: info.filename, mimeType: info.mimeType, bytes: Buffer.concat(chunks) }),
          );
        }),
      );
    });
    parser.on('field', (name, value) => {
      // Browsers encode a form's line breaks as CRLF (HTML's multipart/form-data encoding); the text as
      // typed, and as JSON carries it, has LF: a caption reaches WhatsApp as typed.
      if (options.textFields.includes(name) && !Object.hasOwn(fields, name)) fields[name] = withLfLineEndings(value);
      lists.get(name)?.push(withLfLineEndings(value));
    });
    parser.on('filesLimit', () => fail(options.maxFiles === 1 ? 'Send one file only' : `Send at most ${options.maxFiles} files`));
    parser.on('partsLimit', () => fail('Too many form fields'));
    parser.on('fieldsLimit', () => fail('Too many form fields'));
    parser.on('error', () => reject(invalid('Malformed multipart body')));
    parser.on('close', () => {
      if (failure) {
        reject(failure);
        return;
      }
      if (files.length === 0) {
        reject(invalid('Required'));
        return;
      }
      Promise.all(files).then(
        (uploaded) => (uploaded.some((file) => file.bytes.length === 0) ? reject(invalid('Required')) : resolve({ files: uploaded, fields, lists: Object.fromEntries(lists) })),
        () => reject(invalid('Malformed multipart body')),
      );
    });
    parser.end(body);
  });
}
