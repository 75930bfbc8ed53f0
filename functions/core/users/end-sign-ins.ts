/**
 * Ends every sign-in of a user, as a logout does (DELETE /auth/logout, a password change by an admin or
 * by the user, a password reset; docs/architecture.md §8).
 *
 * Steps: Cognito's global sign-out (every refresh token of the account dies); the user's sign-out mark
 * (caller/load-caller.ts), which refuses at once every access token of a sign-in up to then (API Gateway's
 * JWT authorizer would accept them until they expire) and marks the user offline; then the user's
 * sockets are closed, after the mark, so a socket opening meanwhile is refused by its own `$connect`
 * (close-sockets.ts).
 */
import { signOutEverywhere } from '../aws/cognito-accounts';
import { closeUserSockets } from '../realtime/close-sockets';
import { markSignedOut, type User } from '../repositories/users';

/**
 * The mark is `now`, or the caller's own sign-in (`callerSignIn`, epoch seconds) when a clock behind
 * Cognito's puts that later: when the caller ends their own sign-ins, their token must die too.
 */
export async function endSignIns(user: Pick<User, 'id' | 'companyId' | 'email'>, now: Date, callerSignIn?: number): Promise<void> {
  await signOutEverywhere(user.email);
  const signedOutAt = Math.max(Math.floor(now.getTime() / 1000), callerSignIn ?? 0);
  await markSignedOut(user.companyId, user.id, signedOutAt);
  await closeUserSockets(user.companyId, user.id);
}
