/**
 * The local S3: `s3rver` in-process, storing objects under `dataDir`, with the buckets and their CORS
 * rules (infra/resources/buckets.ts) created at start (again on every start; that is harmless).
 *
 * Clients of this endpoint need three settings that real S3 does not (docs/architecture.md §4):
 * - `forcePathStyle: true`, since there is no DNS for virtual-hosted bucket names;
 * - `requestChecksumCalculation: 'WHEN_REQUIRED'` and `responseChecksumValidation: 'WHEN_REQUIRED'`:
 *   otherwise the SDK sends streamed uploads with aws-chunked encoding and checksum trailers, which
 *   s3rver does not understand and stores corrupted.
 * s3rver does not verify SigV4 signatures, so any credentials work. Two of its parts are replaced at
 * start: its one-account key check (`acceptEveryAccessKey`) and its file writers, which answered an
 * upload before its file was written (`writeObjectsCompletely`).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CorsRuleDefinition } from '../resources/buckets';

export interface LocalBucket {
  readonly name: string;
  readonly cors: readonly CorsRuleDefinition[];
}

export interface StartS3Options {
  /** Port of the endpoint; 0 picks a free one. */
  readonly port: number;
  readonly host?: string;
  readonly dataDir: string;
  readonly buckets: readonly LocalBucket[];
  /** Web origins the CORS rules allow (the local web app). */
  readonly allowedOrigins: readonly string[];
}

export interface LocalS3 {
  readonly endpoint: string;
  readonly port: number;
  stop(): Promise<void>;
}

// s3rver ships no type declarations; these are the parts of it we use.
interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string; configs: string[] }[];
}
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: S3rverOptions) => S3rverInstance;
interface S3rverAccounts {
  registry: Map<string, unknown>;
  DUMMY_ACCOUNT: unknown;
}
interface S3rverObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}
interface StoredFile {
  size: number;
  md5: string;
}
interface S3rverFilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<StoredFile>;
  putPart(bucket: string, uploadId: string, partNumber: number, content: Readable): Promise<StoredFile>;
}

const requireCjs = createRequire(import.meta.url);
const S3rver = requireCjs('s3rver') as S3rverConstructor;

/**
 * s3rver knows a single access key id (`S3RVER`) and refuses any other before it even reaches the
 * signature, which it never verifies for SigV4. Our clients sign with whatever credentials their
 * process has, so every key id is mapped to s3rver's one account.
 */
function acceptEveryAccessKey(): void {
  const accounts = requireCjs('s3rver/lib/models/account') as S3rverAccounts;
  const { registry } = accounts;
  if (Object.hasOwn(registry, 'get')) return;
  registry.get = (accessKeyId: string) => Map.prototype.get.call(registry, accessKeyId) ?? accounts.DUMMY_ACCOUNT;
}

/**
 * Writes `content` to `filePath` and resolves once every byte is in the file, with its size and MD5.
 * s3rver's own writer resolves when its hashing step has seen the last chunk, before the file stream has
 * written it (or even opened the file): the PUT is answered 200 and a GET right after finds no object,
 * or a short one. This waits for the file stream itself.
 */
export async function writeObjectFile(content: Buffer | Readable, filePath: string): Promise<StoredFile> {
  const md5 = createHash('md5');
  let size = 0;
  const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
  await pipeline(
    source,
    async function* measure(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        md5.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(filePath),
  );
  return { size, md5: md5.digest('hex') };
}

/** s3rver's filesystem store with its two file writers replaced by `writeObjectFile`. */
function writeObjectsCompletely(): void {
  const Store = requireCjs('s3rver/lib/stores/filesystem') as { prototype: S3rverFilesystemStore };
  const store = Store.prototype;
  // Assigning again on a later start is harmless: the same two functions replace the same two.
  const putObject = async function (this: S3rverFilesystemStore, object: S3rverObject): Promise<StoredFile> {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const stored = await writeObjectFile(object.content, objectPath);
    await this.putMetadata(object.bucket, object.key, object.metadata, stored.md5);
    return stored;
  };
  const putPart = async function (
    this: S3rverFilesystemStore,
    bucket: string,
    uploadId: string,
    partNumber: number,
    content: Readable,
  ): Promise<StoredFile> {
    const partPath = path.join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
    await mkdir(path.dirname(partPath), { recursive: true });
    const stored = await writeObjectFile(content, partPath);
    await writeFile(`${partPath}.md5`, stored.md5);
    return stored;
  };
  store.putObject = putObject;
  store.putPart = putPart;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** S3's CORSConfiguration document for the rules, each allowing the given origins. */
function corsConfigurationXml(rules: readonly CorsRuleDefinition[], origins: readonly string[]): string {
  const element = (name: string, values: readonly (string | number)[]): string =>
    values.map((value) => `<${name}>${escapeXml(String(value))}</${name}>`).join('');
  const corsRules = rules.map(
    (rule) =>
      '<CORSRule>' +
      element('AllowedOrigin', origins) +
      element('AllowedMethod', rule.allowedMethods) +
      element('AllowedHeader', rule.allowedHeaders) +
      element('ExposeHeader', rule.exposedHeaders) +
      element('MaxAgeSeconds', [rule.maxAgeSeconds]) +
      '</CORSRule>',
  );
  return `<?xml version="1.0" encoding="UTF-8"?><CORSConfiguration>${corsRules.join('')}</CORSConfiguration>`;
}

/** The host to put in a URL: wildcard listen addresses are reached through the loopback interface. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startS3(options: StartS3Options): Promise<LocalS3> {
  const host = options.host ?? '127.0.0.1';
  acceptEveryAccessKey();
  writeObjectsCompletely();
  const server = new S3rver({
    address: host,
    port: options.port,
    directory: options.dataDir,
    silent: true,
    configureBuckets: options.buckets.map((bucket) => ({
      name: bucket.name,
      // S3 refuses a CORS rule without an origin, so no origins means no CORS configuration.
      configs:
        bucket.cors.length > 0 && options.allowedOrigins.length > 0
          ? [corsConfigurationXml(bucket.cors, options.allowedOrigins)]
          : [],
    })),
  });
  const { port } = await server.run();

  let stopping: Promise<void> | undefined;
  return {
    endpoint: `http://${urlHost(host)}:${port}`,
    port,
    stop: () => (stopping ??= server.close()),
  };
}
