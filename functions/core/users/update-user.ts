/**
 * PUT /users/{id}: an admin edits any user of their company; anybody else edits only themself, and only
 * name, email and password (spec 1 §6, checklist C-160, C-161).
 *
 * Steps: read the user in the caller's company (ERR_NO_USER_FOUND otherwise, also for another company's
 * id); keep only the fields that really change; check who may change them: another user needs
 * company:administer, the profile user-modal:editProfile, the queues user-modal:editQueues, allTicket and
 * the default connection company:administer; a platform super user is edited only by a super user;
 * a new default connection must be one of the company's (ERR_NO_WAPP_FOUND). Then write in one
 * transaction the user's fields, and for a new email the move of the uniqueness item, and a check that
 * each new queue and the new default connection exist; move the Cognito account's email (undoing the
 * table change if Cognito refuses) and set a new password. Then tell the company's connections.
 *
 * A new password ends every sign-in of the user, as a logout does (end-sign-ins.ts): whoever knew the
 * old password is out, on every device and socket. That includes the caller changing their own
 * password, whose token dies too (Cognito's global sign-out kills its refresh token anyway): they sign
 * in again with the new password. A change of the rights that decide what a socket hears (profile,
 * queues, allTicket) closes the user's sockets, after the user's event: the client reconnects, joins
 * its rooms again with the current rights and refetches (docs/architecture.md §8: access that ends ends the
 * user's room memberships at once).
 */
import { can } from '../../../shared/permissions';
import type { QueueSummary } from '../../../shared/sign-in';
import type { UpdateUserInput, UserDto } from '../../../shared/users';
import { AppError } from '../errors';
import { changeAccountEmail, setPassword } from '../aws/cognito-accounts';
import { closeUserSockets } from '../realtime/close-sockets';
import { publishToCompany } from '../realtime/publisher';
import { checkConnectionAction, getConnection } from '../repositories/connections';
import { checkQueueAction, getQueueSummaries } from '../repositories/queues';
import { Steps } from '../repositories/transaction';
import {
  claimEmailAction,
  getUser,
  releaseEmailAction,
  updateUserAction,
  type User,
  type UserChanges,
} from '../repositories/users';
import { invalidQueues } from './create-user';
import { endSignIns } from './end-sign-ins';
import type { Caller } from '../caller/load-caller';
import { presentUser, toUserDto, userCompanyOf } from './present-user';
import { announceUserChange } from '../conversations/ticket-rows';

type StepName = 'user' | 'newEmail' | 'oldEmail' | 'whatsapp' | `queue:${string}`;

/** Rounds when the user changed between our read and our write (another edit at the same time). */
const ATTEMPTS = 3;

export async function updateUser(caller: Caller, userId: string, input: UpdateUserInput, now = new Date()): Promise<UserDto> {
  for (let attempt = 1; ; attempt += 1) {
    const user = await getUser(caller.companyId, userId);
    if (!user) throw new AppError('ERR_NO_USER_FOUND');
    const changes = changesOf(user, input);
    checkAllowed(caller, user, changes);

    let queues: QueueSummary[] | undefined;
    if (changes.queueIds) {
      queues = await getQueueSummaries(caller.companyId, changes.queueIds);
      if (queues.length !== changes.queueIds.length) throw invalidQueues();
    }
    // Only the company's own connections: another company's id is simply not found.
    if (changes.whatsappId && !(await getConnection(caller.companyId, changes.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');

    const written = Object.keys(changes).length > 0 ? await writeChanges(user, changes, now) : 'done';
    if (written === 'retry') {
      if (attempt >= ATTEMPTS) throw new Error(`User ${userId} kept changing while being updated`);
      continue;
    }
    if (written === 'gone') throw new AppError('ERR_NO_USER_FOUND');

    let updated: User = { ...user, ...changes, updatedAt: Object.keys(changes).length > 0 ? now.toISOString() : user.updatedAt };
    if (changes.email) await moveAccountEmail(user, updated, now);
    if (input.password) {
      await setPassword(updated.email, input.password);
      const callerSignIn = user.id === caller.userId ? caller.user.activeSignIn?.authTime : undefined;
      await endSignIns(updated, now, callerSignIn);
      updated = { ...updated, online: false };
    }

    const dto = queues ? toUserDto(updated, queues, await userCompanyOf(updated.companyId)) : await presentUser(updated);
    if (Object.keys(changes).length > 0 || input.password) {
      await publishToCompany(caller.companyId, 'company', 'user', { action: 'update', user: dto });
    }
    await announceUserChange(user, updated);
    // With a new password the sockets are closed already.
    if (!input.password && changesRights(changes)) await closeUserSockets(user.companyId, user.id);
    return dto;
  }
}

/** The fields of the input whose value differs from the stored one (queues compared as sets). */
function changesOf(user: User, input: UpdateUserInput): UserChanges {
  const changes: { -readonly [K in keyof UserChanges]: UserChanges[K] } = {};
  if (input.name !== undefined && input.name !== user.name) changes.name = input.name;
  if (input.email !== undefined && input.email !== user.email) changes.email = input.email;
  if (input.profile !== undefined && input.profile !== user.profile) changes.profile = input.profile;
  if (input.allTicket !== undefined && input.allTicket !== user.allTicket) changes.allTicket = input.allTicket;
  if (input.whatsappId !== undefined && input.whatsappId !== user.whatsappId) changes.whatsappId = input.whatsappId;
  if (input.queueIds !== undefined && !sameSet(input.queueIds, user.queueIds)) changes.queueIds = input.queueIds;
  return changes;
}

/** Whether the change touches what decides the user's rooms (ticket-rooms.ts): profile, queues, allTicket. */
const changesRights = (changes: UserChanges): boolean =>
  changes.profile !== undefined || changes.queueIds !== undefined || changes.allTicket !== undefined;

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));

function checkAllowed(caller: Caller, user: User, changes: UserChanges): void {
  const profile = caller.user.profile;
  const isSelf = user.id === caller.userId;
  const refuse = (message: string) => new AppError('ERR_NO_PERMISSION', { message });
  if (!isSelf && !can(profile, 'company:administer')) throw refuse('Only admins edit other users');
  if (user.super && !caller.isSuper) throw refuse('Only a super user edits a super user');
  if (changes.profile !== undefined && !can(profile, 'user-modal:editProfile')) throw refuse('Changing the profile is not allowed');
  if (changes.queueIds !== undefined && !can(profile, 'user-modal:editQueues')) throw refuse('Changing the queues is not allowed');
  if ((changes.allTicket !== undefined || changes.whatsappId !== undefined) && !can(profile, 'company:administer')) {
    throw refuse('Only admins change these fields');
  }
}

/** One transaction: the user's fields, the email's uniqueness items, the new queues' existence. */
async function writeChanges(user: User, changes: UserChanges, now: Date): Promise<'done' | 'retry' | 'gone'> {
  const identity = { sub: user.cognitoSub, userId: user.id, companyId: user.companyId };
  const steps = new Steps<StepName>();
  steps.add('user', updateUserAction(user, changes, now));
  if (changes.email) {
    steps.add('newEmail', claimEmailAction(changes.email, identity));
    steps.add('oldEmail', releaseEmailAction(user.email, user.cognitoSub));
  }
  if (changes.whatsappId) steps.add('whatsapp', checkConnectionAction(user.companyId, changes.whatsappId));
  for (const queueId of changes.queueIds ?? []) {
    if (!user.queueIds.includes(queueId)) steps.add(`queue:${queueId}`, checkQueueAction(user.companyId, queueId));
  }
  const failed = await steps.run();
  if (failed.size === 0) return 'done';
  if (failed.has('user')) return (await getUser(user.companyId, user.id)) ? 'retry' : 'gone';
  if (failed.has('newEmail')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
  if ([...failed].some((name) => name.startsWith('queue:'))) throw invalidQueues();
  if (failed.has('whatsapp')) throw new AppError('ERR_NO_WAPP_FOUND');
  throw new Error(`Updating user ${user.id} failed on ${[...failed].join(', ')}`);
}

/** The account follows the table; if Cognito refuses, the table goes back to the old email. */
async function moveAccountEmail(before: User, after: User, now: Date): Promise<void> {
  try {
    await changeAccountEmail(before.email, after.email);
  } catch (error) {
    const identity = { sub: before.cognitoSub, userId: before.id, companyId: before.companyId };
    const undo = new Steps<'user' | 'oldEmail' | 'newEmail'>();
    undo.add('user', updateUserAction(after, { email: before.email }, now));
    undo.add('oldEmail', claimEmailAction(before.email, identity));
    undo.add('newEmail', releaseEmailAction(after.email, before.cognitoSub));
    const failed = await undo.run();
    if (failed.size > 0) throw new Error(`Could not undo the email change of user ${before.id}: ${[...failed].join(', ')}`);
    throw error;
  }
}
