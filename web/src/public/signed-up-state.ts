/** What the sign-up leaves in the history state for the login page: the new account's email to fill in. */
export interface SignedUpState {
  readonly email: string;
}

export function signedUpEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const { email } = state as { email?: unknown };
  return typeof email === 'string' ? email : '';
}
