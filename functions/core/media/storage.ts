/**
 * The private media bucket (infra/resources/buckets.ts): store, delete, and hand out short-lived
 * presigned download and upload URLs. Media is never public (docs/architecture.md §7): an answer carries a presigned URL,
 * never the bucket's name or a permanent address. Keys come from `objectKey` (./files.ts).
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '../aws/clients';
import { config } from '../config';

/** How long a presigned download URL works: long enough to show a page, short enough not to be shared. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;

export async function putMediaObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config.mediaBucket(), Key: key, Body: body, ContentType: contentType }));
}

/** Deleting a key that does not exist succeeds, as S3 does, so a retried delete is harmless. */
export async function deleteMediaObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config.mediaBucket(), Key: key }));
}

/** How a download is served: the type to render it with and, for documents, the name to save it under. */
export interface DownloadOptions {
  /** Overrides the stored Content-Type (an upload through a presigned URL stores what the browser claimed). */
  readonly contentType?: string;
  /** Served as an attachment under this (already safe) name instead of inline. */
  readonly attachmentName?: string;
}

/** A GET URL for the object, signed locally (no call to AWS), valid for `expiresInSeconds`. */
export async function presignedDownloadUrl(
  key: string,
  expiresInSeconds = DOWNLOAD_URL_SECONDS,
  options: DownloadOptions = {},
): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config.mediaBucket(),
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.attachmentName ? `attachment; filename="${options.attachmentName}"` : undefined,
    }),
    { expiresIn: expiresInSeconds },
  );
}

/** How long a presigned upload URL works: one upload right after asking for it. */
export const UPLOAD_URL_SECONDS = 5 * 60;

/**
 * A PUT URL for the object, signed locally, valid for `expiresInSeconds`. Content type and length are
 * part of the signature, so S3 refuses an upload of another size or type than announced; the browser
 * must send exactly these headers.
 */
export async function presignedUploadUrl(
  key: string,
  contentType: string,
  contentLength: number,
  expiresInSeconds = UPLOAD_URL_SECONDS,
): Promise<string> {
  return getSignedUrl(
    s3(),
    new PutObjectCommand({ Bucket: config.mediaBucket(), Key: key, ContentType: contentType, ContentLength: contentLength }),
    { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}

/** The size of a stored object, or undefined when there is none (e.g. a presigned upload never made). */
export async function mediaObjectSize(key: string): Promise<number | undefined> {
  try {
    const { ContentLength } = await s3().send(new HeadObjectCommand({ Bucket: config.mediaBucket(), Key: key }));
    return ContentLength ?? 0;
  } catch (error) {
    if (error instanceof NotFound || error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

/** The first `count` bytes of a stored object (to tell its type), or undefined when there is none. */
export async function readMediaObjectStart(key: string, count: number): Promise<Uint8Array | undefined> {
  try {
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket(), Key: key, Range: `bytes=0-${count - 1}` }));
    return Body ? await Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    if (error instanceof NoSuchKey || error instanceof NotFound) return undefined;
    throw error;
  }
}

/** A whole stored object (the session host sending a file), or undefined when there is none. */
export async function readMediaObject(key: string): Promise<Uint8Array | undefined> {
  try {
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: config.mediaBucket(), Key: key }));
    return Body ? await Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    if (error instanceof NoSuchKey || error instanceof NotFound) return undefined;
    throw error;
  }
}
