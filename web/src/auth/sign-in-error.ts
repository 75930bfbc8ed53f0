/**
 * Maps what Amplify's `signIn` throws to the spec's error codes, so the login screen speaks the same
 * catalogue as the API. An unknown email and a wrong password give the same code on purpose: telling
 * them apart would let anyone probe which emails have accounts.
 */
import type { ErrorCode } from '../i18n/pt';

export function signInErrorCode(error: unknown): ErrorCode {
  const name = error instanceof Error ? error.name : undefined;
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
    case 'EmptySignInUsername':
    case 'EmptySignInPassword':
      return 'ERR_INVALID_CREDENTIALS';
    case 'NetworkError':
      return 'ERR_NETWORK';
    default:
      return 'ERR_INTERNAL_SERVER_ERROR';
  }
}
