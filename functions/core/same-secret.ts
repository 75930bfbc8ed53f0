/**
 * Whether a secret someone sent is the one we hold, in constant time: both sides are hashed first
 * (SHA-256), so neither their bytes nor their lengths show in how long the comparison takes. An empty
 * expected secret (none set) matches nothing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

export function sameSecret(given: string | undefined, expected: string): boolean {
  if (expected === '' || given === undefined) return false;
  return timingSafeEqual(digest(given), digest(expected));
}
