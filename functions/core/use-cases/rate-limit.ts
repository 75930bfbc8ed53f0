/**
 * Fixed-window rate limits for public routes (password reset, sign-up): one counter item per scope,
 * subject and window, removed by the table's TTL once the window is over.
 *
 * Steps: hash the subject (an email or an IP must not sit in a key in clear); add one to the window's
 * counter with a condition that it is still under the limit, so a refused call does not count; when the
 * condition fails, refuse with ERR_TOO_MANY_REQUESTS and say when the window ends.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../errors';
import { addRateLimitHit } from '../repositories/rate-limits';

export interface RateLimit {
  /** What is limited, e.g. 'forgot-password:email'. */
  readonly scope: string;
  /** Who is limited, e.g. the normalised email or the source IP. */
  readonly subject: string;
  /** Calls allowed per window. */
  readonly limit: number;
  readonly windowSeconds: number;
  readonly now?: Date;
}

const hashSubject = (subject: string): string => createHash('sha256').update(subject).digest('base64url').slice(0, 32);

/** Counts one call; throws ERR_TOO_MANY_REQUESTS (429) when the window already holds `limit` calls. */
export async function consumeRateLimit({ scope, subject, limit, windowSeconds, now = new Date() }: RateLimit): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const window = Math.floor(nowSeconds / windowSeconds);
  const windowEnds = (window + 1) * windowSeconds;
  const counted = await addRateLimitHit({ scope, subject: hashSubject(subject), window, endsAt: windowEnds }, limit);
  if (!counted) throw new AppError('ERR_TOO_MANY_REQUESTS', { details: { retryAfterSeconds: windowEnds - nowSeconds } });
}
