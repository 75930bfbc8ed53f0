/**
 * Maps what Amplify's `signIn` throws to the spec's error codes, so the login screen speaks the same
 * catalogue as the API. An unknown email and a wrong password give the same code on purpose: telling
 * them apart would let anyone probe which emails have accounts.
 */

/** The codes a refused sign-in can carry; the last two are the web's own, not the server's. */
export type SignInErrorCode = 'ERR_INVALID_CREDENTIALS' | 'ERR_INTERNAL_SERVER_ERROR' | 'ERR_NETWORK' | 'ERR_SIGN_IN_INCOMPLETE';

export function signInErrorCode(error: unknown): SignInErrorCode {
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
