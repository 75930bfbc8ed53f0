/**
 * DELETE /users/{id}: an admin removes a user of their company, never themself.
 *
 * Steps: refuse the caller's own id; read the user in the caller's company (ERR_NO_USER_FOUND otherwise,
 * also for another company's id); a platform super user is deleted only by a super user; delete the
 * Cognito account first (which also ends its refresh tokens; an account already gone counts as
 * deleted), so that after a failure half-way a second call finishes the job; then in one transaction
 * delete the user, the identity item (the user's tokens find no identity any more) and the email's
 * uniqueness item (the email is free again), and take one user off the company's counter; close the
 * user's sockets at once (a socket opening meanwhile is refused by its own `$connect`, which finds the
 * user gone); take them out of every internal chat (chats/leave-chats.ts). Then tell the company's connections.
 *
 * The user's tickets and messages keep the user's id and a snapshot of the name, so they stay readable
 * (tickets come with a later issue, which must keep that snapshot).
 */
import { leaveAllChats } from '../chats/leave-chats';
import { AppError } from '../errors';
import { deleteAccount } from '../aws/cognito-accounts';
import { closeUserSockets } from '../realtime/close-sockets';
import { publishToCompany } from '../realtime/publisher';
import { removeUserFromCompanyAction } from '../repositories/companies';
import { Steps } from '../repositories/transaction';
import { deleteIdentityAction, deleteUserAction, freeEmailAction, getUser } from '../repositories/users';
import type { Caller } from '../caller/load-caller';

export async function deleteUser(caller: Caller, userId: string): Promise<void> {
  if (userId === caller.userId) throw new AppError('ERR_NO_PERMISSION', { message: 'You cannot delete yourself' });
  const user = await getUser(caller.companyId, userId);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  if (user.super && !caller.isSuper) throw new AppError('ERR_NO_PERMISSION', { message: 'Only a super user deletes a super user' });

  try {
    await deleteAccount(user.email);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'UserNotFoundException')) throw error;
  }

  const steps = new Steps<'user' | 'identity' | 'email' | 'usersCount'>();
  steps.add('user', deleteUserAction(user));
  steps.add('identity', deleteIdentityAction(user.cognitoSub));
  steps.add('email', freeEmailAction(user.email, user.cognitoSub));
  steps.add('usersCount', removeUserFromCompanyAction(user.companyId));
  const failed = await steps.run();
  // Deleted by a concurrent call: the same answer as if it had been gone before.
  if (failed.has('user')) throw new AppError('ERR_NO_USER_FOUND');
  if (failed.size > 0) throw new Error(`Deleting user ${user.id} failed on ${[...failed].join(', ')}`);

  await closeUserSockets(user.companyId, user.id);
  await leaveAllChats(user.companyId, user.id);

  await publishToCompany(user.companyId, 'company', 'user', { action: 'delete', userId: user.id });
}
