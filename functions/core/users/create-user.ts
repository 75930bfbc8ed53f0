/**
 * An admin adds a user to their company (POST /users), all or nothing across Cognito and DynamoDB.
 *
 * Steps: refuse while the platform's user creation is disabled (ERR_USER_CREATION_DISABLED,
 * user-creation.ts); refuse at once when the company already has as many users as its plan allows; check that the
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
import { createAccount, normaliseEmail } from '../aws/cognito-accounts';
import { publishToCompany } from '../realtime/publisher';
import { addUserToCompanyAction } from '../repositories/companies';
import { checkConnectionAction, getConnection } from '../repositories/connections';
import { checkQueueAction, getQueueSummaries } from '../repositories/queues';
import { Steps } from '../repositories/transaction';
import { claimEmailAction, putNewIdentityAction, putNewUserAction, type User } from '../repositories/users';
import type { Caller } from '../caller/load-caller';
import { toUserDto, userCompanyOf } from './present-user';
import { runWithNewAccount } from './run-with-new-account';
import { assertUserCreationAllowed } from './user-creation';

type StepName = 'email' | 'user' | 'identity' | 'usersCount' | 'whatsapp' | `queue:${string}`;

export async function createUser(caller: Caller, input: CreateUserInput, now = new Date()): Promise<UserDto> {
  const { companyId } = caller;
  await assertUserCreationAllowed(caller);
  const limit = caller.plan.users;
  if (caller.company.usersCount >= limit) throw new AppError('ERR_USER_LIMIT_REACHED', { details: { limit } });
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

  const steps = new Steps<StepName>();
  steps.add('email', claimEmailAction(email, identity));
  steps.add('user', putNewUserAction(user));
  steps.add('identity', putNewIdentityAction(identity));
  steps.add('usersCount', addUserToCompanyAction(companyId, limit));
  if (input.whatsappId) steps.add('whatsapp', checkConnectionAction(companyId, input.whatsappId));
  for (const queueId of input.queueIds) steps.add(`queue:${queueId}`, checkQueueAction(companyId, queueId));

  const failed = await runWithNewAccount(steps, email);
  if (failed.size > 0) {
    if (failed.has('email')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    if (failed.has('usersCount')) throw new AppError('ERR_USER_LIMIT_REACHED', { details: { limit } });
    if ([...failed].some((name) => name.startsWith('queue:'))) throw invalidQueues();
    if (failed.has('whatsapp')) throw new AppError('ERR_NO_WAPP_FOUND');
    throw new Error(`Creating user ${user.id} failed on ${[...failed].join(', ')}`);
  }

  const dto = toUserDto(user, queues, await userCompanyOf(companyId));
  await publishToCompany(companyId, 'company', 'user', { action: 'create', user: dto });
  return dto;
}

export const invalidQueues = () =>
  new AppError('ERR_VALIDATION', { message: 'Invalid queue', fields: [{ path: 'queueIds', message: 'Invalid queue' }] });
