/**
 * Users of the caller's company (spec 3 Users, spec 1 §5-§7): the users page (admins), the options of
 * selects (everyone), one user (admins, or oneself), and creating, editing and deleting them. Who may
 * change which field of a user is decided in the update use case.
 */
import { CreateUserBody, UpdateUserBody, UserIdParams } from '../../shared/users';
import { httpModule, callerRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { createUser } from '../core/users/create-user';
import { deleteUser } from '../core/users/delete-user';
import { listUserOptions, searchUsers, showUser } from '../core/users/list-users';
import { updateUser } from '../core/users/update-user';

const administer = { permission: 'company:administer' } as const;

export const handler = httpModule('users', {
  'GET /users': callerRoute({ query: ListQuery, access: administer }, async ({ caller, query }) => ok(await searchUsers(caller, query))),
  'GET /users/list': callerRoute({}, async ({ caller }) => ok(await listUserOptions(caller))),
  'GET /users/{id}': callerRoute({ params: UserIdParams }, async ({ caller, params }) => ok(await showUser(caller, params.id))),
  'POST /users': callerRoute({ body: CreateUserBody, access: administer }, async ({ caller, body }) =>
    created(await createUser(caller, body)),
  ),
  'PUT /users/{id}': callerRoute({ params: UserIdParams, body: UpdateUserBody }, async ({ caller, params, body }) =>
    ok(await updateUser(caller, params.id, body)),
  ),
  'DELETE /users/{id}': callerRoute({ params: UserIdParams, access: administer }, async ({ caller, params }) => {
    await deleteUser(caller, params.id);
    return noContent();
  }),
});
