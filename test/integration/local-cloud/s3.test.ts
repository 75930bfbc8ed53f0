/**
 * The local S3 stand-in, driven by the real SDK v3 client with the settings docs/architecture.md §4 documents:
 * uploads come back byte-identical, presigned URLs work, objects persist, CORS preflights answer.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { startS3, writeObjectFile, type LocalS3 } from '../../../infra/local/s3';
import { MEDIA_BUCKET } from '../../../infra/resources/buckets';

const BUCKET = 'test-media';
const WEB_ORIGIN = 'http://localhost:5173';

function clientFor(s3: LocalS3): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function download(client: S3Client, key: string): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  if (!object.Body) throw new Error(`object ${key} has no body`);
  return Buffer.from(await object.Body.transformToByteArray());
}

describe('local S3', () => {
  let dataDir: string;
  let s3: LocalS3;
  let client: S3Client;

  const start = (): Promise<LocalS3> =>
    startS3({
      port: 0,
      dataDir,
      buckets: [{ name: BUCKET, cors: MEDIA_BUCKET.cors }],
      allowedOrigins: [WEB_ORIGIN],
    });

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'local-s3-'));
    s3 = await start();
    client = clientFor(s3);
  });

  afterEach(async () => {
    client.destroy();
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('stores a buffer body and returns it byte-identical', async () => {
    // Prepare
    const content = randomBytes(200_000);

    // Act
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'media/buffer.bin', Body: content }));
    const stored = await download(client, 'media/buffer.bin');

    // Assess
    expect(stored.equals(content)).toBe(true);
  });

  test('stores a streamed body and returns it byte-identical to a read made right after it', async () => {
    // Prepare: large enough that the file is still being written when the last chunk has been read.
    const chunks = [...Array.from({ length: 40 }, () => randomBytes(70_000)), randomBytes(10)];
    const content = Buffer.concat(chunks);

    // Act
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'media/stream.bin',
        Body: Readable.from(chunks),
        ContentLength: content.length,
        ContentType: 'application/octet-stream',
      }),
    );
    const stored = await download(client, 'media/stream.bin');

    // Assess
    expect(stored.equals(content)).toBe(true);
  });

  test.each([
    ['a buffer', (chunks: Buffer[]) => Buffer.concat(chunks)],
    ['a stream of many chunks', (chunks: Buffer[]) => Readable.from(chunks)],
  ])('has written every byte of %s to the file by the time it answers the upload', async (_name, bodyOf) => {
    // Prepare
    const chunks = Array.from({ length: 64 }, () => randomBytes(32_768));
    const filePath = path.join(dataDir, 'written.bin');

    // Act
    const stored = await writeObjectFile(bodyOf(chunks), filePath);

    // Assess: read at once, with no await between, as a GET arriving right after the answer would.
    const content = Buffer.concat(chunks);
    expect(readFileSync(filePath).equals(content)).toBe(true);
    expect(stored.size).toBe(content.length);
  });

  test('accepts an upload through a presigned PUT URL', async () => {
    // Prepare
    const content = randomBytes(50_000);
    const url = await getSignedUrl(
      client,
      new PutObjectCommand({ Bucket: BUCKET, Key: 'media/presigned.bin', ContentType: 'image/png' }),
      { expiresIn: 300 },
    );

    // Act
    const response = await fetch(url, { method: 'PUT', body: content, headers: { 'content-type': 'image/png' } });

    // Assess
    expect(response.status).toBe(200);
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'media/presigned.bin' }));
    expect(object.ContentType).toBe('image/png');
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? []).equals(content)).toBe(true);
  });

  test('keeps objects and buckets across a stop and a restart on the same directory', async () => {
    // Prepare
    const content = Buffer.from('survives a restart');
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'media/kept.txt', Body: content }));
    client.destroy();
    await s3.stop();

    // Act
    s3 = await start();
    client = clientFor(s3);
    const stored = await download(client, 'media/kept.txt');

    // Assess
    expect(stored.equals(content)).toBe(true);
  });

  test('answers a CORS preflight from an allowed origin with the CORS headers', async () => {
    // Act
    const response = await fetch(`${s3.endpoint}/${BUCKET}/media/upload.png`, {
      method: 'OPTIONS',
      headers: {
        origin: WEB_ORIGIN,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  test('refuses a CORS preflight from an origin that is not allowed', async () => {
    // Act
    const response = await fetch(`${s3.endpoint}/${BUCKET}/media/upload.png`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });

    // Assess
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
