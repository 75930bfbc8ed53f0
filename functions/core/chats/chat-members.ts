/**
 * Who a chat's members are, as its owner chooses them: the owner first, then the chosen users of the
 * company in the order chosen. Each must be a user of the caller's company now (read strongly
 * consistent: a user deleted a moment ago joins nothing); the owner listed among them counts once.
 */
import { CHAT_MAX_MEMBERS, CHAT_USERS_REQUIRED } from '../../../shared/chats';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { userNames } from '../repositories/users';

const usersError = (message: string) => new AppError('ERR_VALIDATION', { message, fields: [{ path: 'users', message }] });

export async function chosenMembers(caller: Caller, userIds: readonly string[]): Promise<{ memberIds: string[]; names: Map<string, string> }> {
  const others = userIds.filter((id) => id !== caller.userId);
  if (others.length === 0) throw usersError(CHAT_USERS_REQUIRED);
  if (others.length + 1 > CHAT_MAX_MEMBERS) throw usersError(`No máximo ${CHAT_MAX_MEMBERS} participantes`);
  const names = await userNames(caller.companyId, [caller.userId, ...others], true);
  if (others.some((id) => !names.has(id))) throw new AppError('ERR_NO_USER_FOUND');
  return { memberIds: [caller.userId, ...others], names };
}
