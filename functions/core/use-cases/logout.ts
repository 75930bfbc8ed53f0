/**
 * DELETE /auth/logout: the user signs out everywhere (spec 1 §4.4; checklist C-023).
 *
 * Steps: end every session of the user (endSessions: Cognito's global sign-out, the sign-out mark that
 * refuses at once every access token of a sign-in up to then, which API Gateway's JWT authorizer would
 * accept until they expire, and the user's sockets closed); tell the company's connections that the
 * user is offline.
 */
import { publishToCompany } from '../realtime/publisher';
import { endSessions } from './end-sessions';
import type { Session } from './load-session';
import { presentUser } from './present-user';

export async function logout(session: Session, now = new Date()): Promise<void> {
  const { user } = session;
  await endSessions(user, now, user.activeSession?.authTime);
  const dto = await presentUser({ ...user, online: false });
  await publishToCompany(user.companyId, 'company', 'user', { action: 'update', user: dto });
}
