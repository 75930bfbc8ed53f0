/**
 * The signature of what the n8n and webhook integrations receive: `X-Atende-Signature: sha256=<hex>`,
 * the HMAC-SHA256 of the request's raw body with the integration's secret, as GitHub and Stripe sign
 * theirs. A receiver computes the same over the bytes it got and compares in constant time; the body's
 * `sentAt` and the `X-Atende-Delivery` id let it refuse old or repeated deliveries.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../same-secret';

/** A new secret: 32 random bytes, base64url, with a prefix that tells what it is when it turns up somewhere. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export const webhookSignature = (secret: string, body: string): string => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/** What a receiver does (and our tests): whether `signature` is the body's with this secret. */
export function verifyWebhookSignature(secret: string, body: string, signature: string): boolean {
  return sameSecret(signature, webhookSignature(secret, body));
}
