/**
 * This browser's sign-in tag, to tell whether an `auth` event (shared/realtime-events.ts) announces a
 * sign-in elsewhere or our own: the server names the new sign-in by `signInTag(origin_jti)`, and our
 * access token carries our `origin_jti` (kept by Cognito across refreshes).
 */
import { signInTag } from '../../../shared/sign-in';

/** The claims of a JWT, unverified: the server verifies tokens; the browser only reads its own. */
export function readJwtClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The tag of the sign-in the token descends from, or undefined when the token names none. */
export async function signInTagOfToken(token: string | undefined): Promise<string | undefined> {
  if (token === undefined) return undefined;
  const originJti = readJwtClaims(token)?.origin_jti;
  return typeof originJti === 'string' && originJti !== '' ? signInTag(originJti) : undefined;
}
