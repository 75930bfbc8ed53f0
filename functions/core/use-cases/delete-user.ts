/**
 * DELETE /users/{id}: an admin removes a user of their company, never themself.
 *
 * Steps: refuse the caller's own id; read the user in the caller's company (ERR_NO_USER_FOUND otherwise,
 * also for another company's id); a platform super user is deleted only by a super user; delete the
 * Cognito account first (which also ends its refresh tokens; an account already gone counts as
 * deleted), so that after a failure half-way a second call finishes the job; then in one transaction
 * delete the user, the identity item (the user's tokens find no session any more) and the email's
 * uniqueness item (the email is free again), and take one user off the company's counter; close the
 * user's sockets at once (a socket opening meanwhile is refused by its own `$connect`, which finds the
 * user gone). Then tell the company's connections.
 *
 * The user's tickets and messages keep the user's id and a snapshot of the name, so they stay readable
 * (tickets come with a later issue, which must keep that snapshot).
 */
import { AppError } from '../errors';
import { deleteAccount } from '../identity/cognito-users';
import { closeUserSockets } from '../realtime/close-sockets';
import { publishToCompany } from '../realtime/publisher';
import { keys } from '../repositories/keys';
import { table } from '../repositories/table';
import { getUser } from '../repositories/users';
import type { Session } from './load-session';
import { Steps } from './named-transaction';

export async function deleteUser(session: Session, userId: string): Promise<void> {
  if (userId === session.userId) throw new AppError('ERR_NO_PERMISSION', { message: 'You cannot delete yourself' });
  const user = await getUser(session.companyId, userId);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  if (user.super && !session.isSuper) throw new AppError('ERR_NO_PERMISSION', { message: 'Only a super user deletes a super user' });

  try {
    await deleteAccount(user.email);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'UserNotFoundException')) throw error;
  }

  const steps = new Steps<'user' | 'identity' | 'email' | 'usersCount'>();
  steps.add('user', { Delete: { TableName: table(), Key: keys.user(user.companyId, user.id), ConditionExpression: 'attribute_exists(PK)' } });
  steps.add('identity', { Delete: { TableName: table(), Key: keys.identity(user.cognitoSub) } });
  steps.add('email', {
    Delete: {
      TableName: table(),
      Key: keys.uniqueEmail(user.email),
      // Never free an email that already belongs to somebody else.
      ConditionExpression: 'attribute_not_exists(PK) OR #sub = :sub',
      ExpressionAttributeNames: { '#sub': 'sub' },
      ExpressionAttributeValues: { ':sub': user.cognitoSub },
    },
  });
  steps.add('usersCount', {
    Update: {
      TableName: table(),
      Key: keys.company(user.companyId),
      UpdateExpression: 'ADD usersCount :minusOne',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':minusOne': -1 },
    },
  });
  const failed = await steps.run();
  // Deleted by a concurrent call: the same answer as if it had been gone before.
  if (failed.has('user')) throw new AppError('ERR_NO_USER_FOUND');
  if (failed.size > 0) throw new Error(`Deleting user ${user.id} failed on ${[...failed].join(', ')}`);

  await closeUserSockets(user.companyId, user.id);

  await publishToCompany(user.companyId, 'company', 'user', { action: 'delete', userId: user.id });
}
