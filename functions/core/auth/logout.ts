/**
 * DELETE /auth/logout: the user signs out everywhere (spec 1 §4.4; checklist C-023).
 *
 * Steps: end every sign-in of the user (endSignIns: Cognito's global sign-out, the sign-out mark that
 * refuses at once every access token of a sign-in up to then, which API Gateway's JWT authorizer would
 * accept until they expire, and the user's sockets closed); tell the company's connections that the
 * user is offline.
 */
import { publishToCompany } from '../realtime/publisher';
import { endSignIns } from '../users/end-sign-ins';
import type { Caller } from '../caller/load-caller';
import { presentUser } from '../users/present-user';

export async function logout(caller: Caller, now = new Date()): Promise<void> {
  const { user } = caller;
  await endSignIns(user, now, user.activeSignIn?.authTime);
  const dto = await presentUser({ ...user, online: false });
  await publishToCompany(user.companyId, 'company', 'user', { action: 'update', user: dto });
}
