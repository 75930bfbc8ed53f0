/**
 * Reading users of the caller's company: the users page (GET /users, search and pages), the options of
 * selects (GET /users/list) and one user (GET /users/{id}).
 *
 * Steps: Query the company's users (one partition, bounded by the plan); for the page, keep those whose
 * name or email matches the search (case and accents ignored), sort by name, cut the page and add the
 * queues' names and colours; for one user, a user who may not administer the company sees only
 * themself.
 */
import { can } from '../../../shared/permissions';
import { foldForSearch } from '../../../shared/text';
import type { UserDto, UserOption, UserPage } from '../../../shared/users';
import { AppError } from '../errors';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { getUser, listUsers, type User } from '../repositories/users';
import type { Caller } from '../caller/load-caller';
import { presentUser, presentUsers } from './present-user';

const byName = (a: User, b: User): number =>
  foldForSearch(a.name).localeCompare(foldForSearch(b.name)) || a.id.localeCompare(b.id);

export async function searchUsers(caller: Caller, { searchParam, pageNumber }: ListQuery): Promise<UserPage> {
  const matching = (await listUsers(caller.companyId))
    .filter((user) => matchesSearch(searchParam, user.name, user.email))
    .sort(byName);
  const { page, hasMore } = paginate(matching, pageNumber);
  return { users: await presentUsers(caller.companyId, page), hasMore };
}

export async function listUserOptions(caller: Caller): Promise<UserOption[]> {
  return (await listUsers(caller.companyId)).sort(byName).map((user) => ({ id: user.id, name: user.name }));
}

export async function showUser(caller: Caller, userId: string): Promise<UserDto> {
  const user = await getUser(caller.companyId, userId);
  if (!user) throw new AppError('ERR_NO_USER_FOUND');
  if (user.id !== caller.userId && !can(caller.user.profile, 'company:administer')) {
    throw new AppError('ERR_NO_PERMISSION', { message: 'Only admins see other users' });
  }
  return presentUser(user);
}
