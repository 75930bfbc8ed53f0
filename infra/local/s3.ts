/**
 * The local S3: `s3rver` in-process, storing objects under `dataDir`, with the buckets and their CORS
 * rules (infra/resources/buckets.ts) created at start (again on every start; that is harmless).
 *
 * Clients of this endpoint need three settings that real S3 does not (docs/architecture.md §4):
 * - `forcePathStyle: true`, since there is no DNS for virtual-hosted bucket names;
 * - `requestChecksumCalculation: 'WHEN_REQUIRED'` and `responseChecksumValidation: 'WHEN_REQUIRED'`:
 *   otherwise the SDK sends streamed uploads with aws-chunked encoding and checksum trailers, which
 *   s3rver does not understand and stores corrupted.
 * s3rver does not verify SigV4 signatures, so any credentials work.
 */
import { createRequire } from 'node:module';
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
