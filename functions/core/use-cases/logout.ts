/**
 * DELETE /auth/logout: the user signs out everywhere (spec 1 §4.4; checklist C-023).
 *
 * Steps: Cognito's global sign-out (every refresh token of the account dies); mark the user offline with
 * the time of the sign-out, so that the backend refuses at once every access token of a sign-in up to
 * then (API Gateway's JWT authorizer would accept them until they expire); tell the company's
 * connections that the user is offline.
 */
import { signOutEverywhere } from '../identity/cognito-users';
import { publishToCompany } from '../realtime/publisher';
import { markSignedOut } from '../repositories/users';
import type { Session } from './load-session';
import { presentUser } from './present-user';

export async function logout(session: Session, now = new Date()): Promise<void> {
  const { user } = session;
  await signOutEverywhere(user.email);
  // Never before the caller's own sign-in, whatever the clocks say: the caller's token must die too.
  const signedOutAt = Math.max(Math.floor(now.getTime() / 1000), user.activeSession?.authTime ?? 0);
  await markSignedOut(user.companyId, user.id, signedOutAt);
  const dto = await presentUser({ ...user, online: false });
  await publishToCompany(user.companyId, 'company', 'user', { action: 'update', user: dto });
}
