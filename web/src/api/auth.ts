/**
 * The calls of signing in and out (spec 1 §4, spec 3 §2): who is signed in (GET /auth/me), logout,
 * the forgotten password's two steps, and the public sign-up. Cognito's own sign-in and token refresh go
 * through Amplify (auth/amplify-sign-in.ts, refresh-session.ts), not through the API.
 */
import type { SignUpBody } from '../../../shared/companies';
import type { Me } from '../sign-in/me';
import type { ApiClient } from './client';

export const AUTH_ME_PATH = '/auth/me';
export const LOGOUT_PATH = '/auth/logout';
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';
export const RESET_PASSWORD_PATH = '/auth/reset-password';
export const SIGN_UP_PATH = '/companies/cadastro';

export function fetchMe(api: Pick<ApiClient, 'get'>, signal?: AbortSignal): Promise<Me> {
  return api.get<Me>(AUTH_ME_PATH, signal === undefined ? undefined : { signal });
}

/** DELETE /auth/logout: ends every sign-in of the account at once (C-023). */
export function logout(api: Pick<ApiClient, 'delete'>): Promise<void> {
  return api.delete(LOGOUT_PATH);
}

/** Step 1 of /forgetpsw: the code goes to the address, if it is an account's. */
export function requestPasswordCode(api: ApiClient, email: string): Promise<void> {
  return api.post(FORGOT_PASSWORD_PATH, { email });
}

/** Step 2 of /forgetpsw: the new password with the code, in the body (docs/architecture.md §7). */
export function resetForgottenPassword(api: ApiClient, body: { readonly email: string; readonly code: string; readonly password: string }): Promise<void> {
  return api.post(RESET_PASSWORD_PATH, body);
}

/** The public sign-up (spec 2 §2): a company, its admin and its trial. */
export function signUpCompany(api: ApiClient, body: SignUpBody): Promise<void> {
  return api.post(SIGN_UP_PATH, body);
}
