/**
 * Zip archives that come from outside (an .xlsx is one), read without letting them take the memory.
 * Every archive the product reads goes through `openBoundedZip`: the spreadsheets of the contact import
 * now (through ./spreadsheet-rows.ts), contact lists and file lists later. Never hand an uploaded
 * archive to a library that inflates it, or one of its parts, whole.
 *
 * A zip bomb lies about its sizes, or tells the truth about a ratio of 1:1000, so the guard counts the
 * bytes it actually inflates:
 * - only the parts asked for are inflated, each as a stream of chunks the caller consumes (and may stop);
 * - a part that inflates past `maxPartBytes`, or parts that together inflate past `maxTotalBytes`, stop
 *   the reading at once ('too-big'), whatever they declared;
 * - a part that inflates past the size it declared stops too ('unreadable': the archive is corrupt);
 * - declared sizes only refuse earlier: an archive that declares more than `maxTotalBytes` in all is
 *   refused before anything is inflated ('too-big'), as is one of more than `maxEntries` entries. A
 *   part declaring more than `maxPartBytes` is still read: a caller that streams it (a sheet of 500,000
 *   rows) may have seen enough long before the bound.
 * Parsing the zip itself is yauzl's: it reads the central directory, supports ZIP64 and data
 * descriptors, and checks every offset and name against the buffer.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export interface ZipLimits {
  readonly maxEntries: number;
  readonly maxPartBytes: number;
  readonly maxTotalBytes: number;
}

export type ZipRefusal = 'unreadable' | 'too-big';

/** Why an archive is not read; `message` is for logs, never for the user. */
export class ZipRefused extends Error {
  constructor(
    readonly reason: ZipRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'ZipRefused';
  }
}

export interface BoundedZip {
  /** The names of the archive's entries, as stored. */
  readonly names: readonly string[];
  /**
   * The inflated bytes of one part, chunk by chunk; leaving the loop early stops the inflating. Throws
   * ZipRefused when the part is missing, corrupt or past a bound.
   */
  read(name: string): AsyncGenerator<Buffer, void, undefined>;
  /** Bytes inflated so far, all parts together. */
  readonly inflatedBytes: number;
}

export async function openBoundedZip(bytes: Buffer, limits: ZipLimits): Promise<BoundedZip> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new ZipRefused('unreadable', `not a zip: ${String(error)}`);
  }
  if (zip.entryCount > limits.maxEntries) throw new ZipRefused('too-big', `${zip.entryCount} entries`);

  const entries = new Map<string, Entry>();
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entries.has(entry.fileName)) throw new ZipRefused('unreadable', `two entries named ${entry.fileName}`);
      entries.set(entry.fileName, entry);
      declared += entry.uncompressedSize;
    }
  } catch (error) {
    throw error instanceof ZipRefused ? error : new ZipRefused('unreadable', `bad central directory: ${String(error)}`);
  }
  if (declared > limits.maxTotalBytes) throw new ZipRefused('too-big', `${declared} bytes declared`);

  let inflated = 0;
  async function* read(name: string): AsyncGenerator<Buffer, void, undefined> {
    const entry = entries.get(name);
    if (!entry) throw new ZipRefused('unreadable', `no part ${name}`);
    let stream: Readable;
    try {
      stream = await zip.openReadStreamPromise(entry);
    } catch (error) {
      throw new ZipRefused('unreadable', `${name}: ${String(error)}`);
    }
    let count = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        count += chunk.length;
        inflated += chunk.length;
        if (count > limits.maxPartBytes || inflated > limits.maxTotalBytes) throw new ZipRefused('too-big', `${name} inflates past the bounds`);
        if (count > entry.uncompressedSize) throw new ZipRefused('unreadable', `${name} inflates past its declared ${entry.uncompressedSize} bytes`);
        yield chunk;
      }
    } catch (error) {
      // yauzl's own check of the declared size, or a corrupt deflate stream.
      throw error instanceof ZipRefused ? error : new ZipRefused('unreadable', `${name}: ${String(error)}`);
    } finally {
      stream.destroy();
    }
  }

  return {
    names: [...entries.keys()],
    read,
    get inflatedBytes() {
      return inflated;
    },
  };
}
