/**
 * An admin adds a user to their company (POST /users), all or nothing across Cognito and DynamoDB.
 *
 * Steps: refuse at once when the company already has as many users as its plan allows; check that the
 * queues and the default connection are the company's (ERR_NO_WAPP_FOUND for a connection that is
 * not); create the Cognito account; write in one transaction the email's uniqueness item, the user, the
 * identity item, one more user on the company's counter (held under the plan's limit) and a check that
 * each queue and the default connection still exist; if the transaction fails, delete the Cognito
 * account again and say why (email taken, limit reached, queue or connection gone). Then tell the
 * company's connections.
 */
import { ulid } from 'ulid';
import type { CreateUserInput, UserDto } from '../../../shared/users';
import { AppError } from '../errors';
import { createAccount, deleteAccount, normaliseEmail } from '../identity/cognito-users';
import { publishToCompany } from '../realtime/publisher';
import { getConnection } from '../repositories/connections';
import { keys } from '../repositories/keys';
import { getQueueSummaries } from '../repositories/queues';
import { table } from '../repositories/table';
import { claimEmailAction, identityItem, userItem, type User } from '../repositories/users';
import type { Session } from './load-session';
import { Steps } from './named-transaction';
import { toUserDto } from './present-user';

type StepName = 'email' | 'user' | 'identity' | 'usersCount' | 'whatsapp' | `queue:${string}`;

export async function createUser(session: Session, input: CreateUserInput, now = new Date()): Promise<UserDto> {
  const { companyId } = session;
  const limit = session.plan.users;
  if (session.company.usersCount >= limit) throw new AppError('ERR_USER_LIMIT_REACHED', { details: { limit } });
  const queues = await getQueueSummaries(companyId, input.queueIds);
  if (queues.length !== input.queueIds.length) throw invalidQueues();
  // Only the company's own connections: another company's id is simply not found.
  if (input.whatsappId && !(await getConnection(companyId, input.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');

  const email = normaliseEmail(input.email);
  const sub = await createAccount(email, input.password);
  const createdAt = now.toISOString();
  const user: User = {
    id: ulid(),
    companyId,
    cognitoSub: sub,
    name: input.name,
    email,
    profile: input.profile,
    super: false,
    allTicket: input.allTicket,
    whatsappId: input.whatsappId,
    queueIds: input.queueIds,
    online: false,
    createdAt,
    updatedAt: createdAt,
  };
  const identity = { sub, userId: user.id, companyId };
  const isNew = 'attribute_not_exists(PK)';

  const steps = new Steps<StepName>();
  steps.add('email', claimEmailAction(email, identity));
  steps.add('user', { Put: { TableName: table(), Item: userItem(user), ConditionExpression: isNew } });
  steps.add('identity', { Put: { TableName: table(), Item: identityItem(identity), ConditionExpression: isNew } });
  steps.add('usersCount', {
    Update: {
      TableName: table(),
      Key: keys.company(companyId),
      UpdateExpression: 'ADD usersCount :one',
      ConditionExpression: 'attribute_exists(PK) AND usersCount < :limit',
      ExpressionAttributeValues: { ':one': 1, ':limit': limit },
    },
  });
  if (input.whatsappId) {
    steps.add('whatsapp', {
      ConditionCheck: { TableName: table(), Key: keys.whatsapp(companyId, input.whatsappId), ConditionExpression: 'attribute_exists(PK)' },
    });
  }
  for (const queueId of input.queueIds) {
    steps.add(`queue:${queueId}`, {
      ConditionCheck: { TableName: table(), Key: keys.queue(companyId, queueId), ConditionExpression: 'attribute_exists(PK)' },
    });
  }

  let failed: Set<StepName>;
  try {
    failed = await steps.run();
  } catch (error) {
    await deleteAccount(email);
    throw error;
  }
  if (failed.size > 0) {
    await deleteAccount(email);
    if (failed.has('email')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    if (failed.has('usersCount')) throw new AppError('ERR_USER_LIMIT_REACHED', { details: { limit } });
    if ([...failed].some((name) => name.startsWith('queue:'))) throw invalidQueues();
    if (failed.has('whatsapp')) throw new AppError('ERR_NO_WAPP_FOUND');
    throw new Error(`Creating user ${user.id} failed on ${[...failed].join(', ')}`);
  }

  const dto = toUserDto(user, queues);
  await publishToCompany(companyId, 'company', 'user', { action: 'create', user: dto });
  return dto;
}

export const invalidQueues = () =>
  new AppError('ERR_VALIDATION', { message: 'Invalid queue', fields: [{ path: 'queueIds', message: 'Invalid queue' }] });
