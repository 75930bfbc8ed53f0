/**
 * Media files, the pure part: safe file names, S3 object keys built from safe segments, and the file
 * type told by a file's first bytes (never by its name or the browser's claim alone). Announcements use
 * it for their image; message media will use it too. Nothing here touches AWS.
 */

/** The longest stored file name; longer names are cut in their stem, keeping the extension. */
export const MAX_FILE_NAME_LENGTH = 120;

const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * A file name safe to store and to put in an object key: only the last path segment of what the browser
 * sent (so '../../etc/passwd' is 'passwd'), accents folded, whitespace replaced by underscores (spec 3
 * §5), every other character outside [A-Za-z0-9._-] dropped, no leading dots (never '.', '..' or a
 * hidden file), at most MAX_FILE_NAME_LENGTH characters. A name with nothing usable left becomes
 * `fallback` with the original extension.
 */
export function safeFileName(original: string, fallback = 'file'): string {
  const lastSegment = original.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s/g, '_')
    .replace(/[^A-Za-z0-9._-]/g, '');
  const { stem, extension } = splitExtension(cleaned);
  const safeStem = stem.replace(/^\.+/, '') || fallback;
  return `${safeStem.slice(0, MAX_FILE_NAME_LENGTH - extension.length)}${extension}`;
}

/** The lower-case extension with its dot ('.png'), or '' when the name has none. */
export function fileExtension(fileName: string): string {
  return splitExtension(fileName).extension.toLowerCase();
}

function splitExtension(name: string): { stem: string; extension: string } {
  const match = /^(.*?)(\.[A-Za-z0-9]{1,10})$/.exec(name);
  return match ? { stem: match[1] ?? '', extension: match[2] ?? '' } : { stem: name, extension: '' };
}

/**
 * An S3 object key from segments, e.g. objectKey('announcements', id, safeName). Every segment must
 * already be safe ([A-Za-z0-9._-], not starting with a dot): a key can then never climb out of its
 * prefix nor collide with another entity's. An unsafe segment is a bug of the caller, so it throws.
 */
export function objectKey(...segments: readonly string[]): string {
  for (const segment of segments) {
    if (!SAFE_SEGMENT.test(segment)) throw new Error(`Unsafe object key segment: ${JSON.stringify(segment)}`);
  }
  return segments.join('/');
}

export interface MediaType {
  /** The content type stored with the object and served on download. */
  readonly contentType: string;
  /** Extensions (lower case, with the dot) a file of this type may carry. */
  readonly extensions: readonly string[];
}

interface Signature extends MediaType {
  readonly magic: readonly number[];
}

/** Known file signatures; extend the table when a new kind of media is accepted. */
const SIGNATURES: readonly Signature[] = [
  { contentType: 'image/png', extensions: ['.png'], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], magic: [0xff, 0xd8, 0xff] },
];

/** The type a file's first bytes show, or undefined when they match no known signature. */
export function sniffMediaType(bytes: Uint8Array): MediaType | undefined {
  const found = SIGNATURES.find(({ magic }) => magic.every((byte, index) => bytes[index] === byte));
  return found ? { contentType: found.contentType, extensions: found.extensions } : undefined;
}
