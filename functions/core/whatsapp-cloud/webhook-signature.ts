/**
 * Whether a Cloud API webhook delivery comes from Meta: Meta signs the raw body with the app's secret
 * (HMAC-SHA256) and sends `X-Hub-Signature-256: sha256=<hex>`. The hex we compute is compared with the
 * one sent in constant time (core/same-secret.ts). The body must be the bytes as received, before any
 * parsing: re-serialized JSON would not match.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from '../same-secret';

export const SIGNATURE_HEADER = 'x-hub-signature-256';

/** `sha256=<hex>` of `body` under `appSecret`, as Meta sends it. */
export function webhookSignature(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** Whether `header` is the signature of `body` under `appSecret`; no secret or no header matches nothing. */
export function isSignedByMeta(body: string | Buffer, header: string | undefined, appSecret: string): boolean {
  if (appSecret === '' || header === undefined) return false;
  // Meta writes it in lower case; the same signature in upper case is still the same.
  return sameSecret(header.trim().toLowerCase(), webhookSignature(body, appSecret));
}
