/**
 * Media files, the pure part: safe file names, S3 object keys built from safe segments, and the file
 * type told by a file's first bytes (never by its name or the browser's claim alone). Announcements use
 * it for their image, messages and quick messages for their media. Nothing here touches AWS.
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
  /** Bytes at the start of the file. */
  readonly magic: readonly number[];
  /** More bytes further in (containers such as RIFF and ISO media name their kind after a size field). */
  readonly at?: { readonly offset: number; readonly bytes: readonly number[] };
}

const ascii = (text: string): number[] => Array.from({ length: text.length }, (_, index) => text.charCodeAt(index));

/**
 * Known file signatures, the most specific first; extend the table when a new kind of media is
 * accepted. GIF is deliberately absent: WhatsApp sends animations as MP4, and nothing here accepts GIFs.
 */
const SIGNATURES: readonly Signature[] = [
  { contentType: 'image/png', extensions: ['.png'], magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], magic: [0xff, 0xd8, 0xff] },
  { contentType: 'image/webp', extensions: ['.webp'], magic: ascii('RIFF'), at: { offset: 8, bytes: ascii('WEBP') } },
  { contentType: 'audio/wav', extensions: ['.wav'], magic: ascii('RIFF'), at: { offset: 8, bytes: ascii('WAVE') } },
  // WhatsApp's voice notes are Opus in an Ogg container.
  { contentType: 'audio/ogg', extensions: ['.ogg', '.oga', '.opus'], magic: ascii('OggS') },
  { contentType: 'audio/mpeg', extensions: ['.mp3'], magic: ascii('ID3') },
  { contentType: 'audio/mpeg', extensions: ['.mp3'], magic: [0xff, 0xfb] },
  { contentType: 'audio/mpeg', extensions: ['.mp3'], magic: [0xff, 0xf3] },
  { contentType: 'audio/mpeg', extensions: ['.mp3'], magic: [0xff, 0xf2] },
  { contentType: 'audio/aac', extensions: ['.aac'], magic: [0xff, 0xf1] },
  { contentType: 'audio/aac', extensions: ['.aac'], magic: [0xff, 0xf9] },
  // ISO base media: `ftyp` after the box size, then the brand.
  { contentType: 'audio/mp4', extensions: ['.m4a'], magic: [], at: { offset: 4, bytes: ascii('ftypM4A ') } },
  { contentType: 'video/quicktime', extensions: ['.mov'], magic: [], at: { offset: 4, bytes: ascii('ftypqt  ') } },
  { contentType: 'video/mp4', extensions: ['.mp4', '.m4v', '.3gp'], magic: [], at: { offset: 4, bytes: ascii('ftyp') } },
  { contentType: 'video/webm', extensions: ['.webm', '.mkv'], magic: [0x1a, 0x45, 0xdf, 0xa3] },
  { contentType: 'application/pdf', extensions: ['.pdf'], magic: ascii('%PDF-') },
  // Office Open XML and OpenDocument files are zip archives; legacy Office files are OLE2 compound files.
  {
    contentType: 'application/zip',
    extensions: ['.zip', '.docx', '.xlsx', '.pptx', '.odt', '.ods', '.odp'],
    magic: [0x50, 0x4b, 0x03, 0x04],
  },
  {
    contentType: 'application/x-ole-storage',
    extensions: ['.doc', '.xls', '.ppt'],
    magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  },
];

const startsWith = (bytes: Uint8Array, expected: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + expected.length && expected.every((byte, index) => bytes[offset + index] === byte);

/** The type a file's first bytes show, or undefined when they match no known signature. */
export function sniffMediaType(bytes: Uint8Array): MediaType | undefined {
  const found = SIGNATURES.find(
    ({ magic, at }) => (magic.length > 0 || at) && startsWith(bytes, magic) && (!at || startsWith(bytes, at.bytes, at.offset)),
  );
  return found ? { contentType: found.contentType, extensions: found.extensions } : undefined;
}

/** How many leading bytes `sniffMediaType` needs to see: read at least these from a stored object. */
export const SNIFF_BYTES = 64;

/** The precise types of the documents that travel inside the generic containers above, by extension. */
const CONTAINED_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'application/zip': {
    '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    '.odt': 'application/vnd.oasis.opendocument.text',
    '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
    '.odp': 'application/vnd.oasis.opendocument.presentation',
  },
  'application/x-ole-storage': {
    '.doc': 'application/msword',
    '.xls': 'application/vnd.ms-excel',
    '.ppt': 'application/vnd.ms-powerpoint',
  },
};

/** Served for anything the bytes do not identify: browsers download it, never render it. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/**
 * The content type to store and serve a file with: the sniffed one, made precise by the extension for
 * documents inside a container (a .docx is a zip); octet-stream when the bytes are not recognised, so a
 * file is never served as something the browser would run (HTML, SVG) on the strength of its name.
 */
export function contentTypeOf(type: MediaType | undefined, fileName: string): string {
  if (!type) return UNKNOWN_CONTENT_TYPE;
  const extension = fileExtension(fileName);
  return CONTAINED_TYPES[type.contentType]?.[extension] ?? type.contentType;
}
