/**
 * The private media bucket (infra/resources/buckets.ts): store, delete, and hand out short-lived
 * presigned download URLs. Media is never public (DESIGN.md §7): an answer carries a presigned URL,
 * never the bucket's name or a permanent address. Keys come from `objectKey` (./files.ts).
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
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

/** A GET URL for the object, signed locally (no call to AWS), valid for `expiresInSeconds`. */
export async function presignedDownloadUrl(key: string, expiresInSeconds = DOWNLOAD_URL_SECONDS): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.mediaBucket(), Key: key }), {
    expiresIn: expiresInSeconds,
  });
}
