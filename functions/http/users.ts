/**
 * Users of the caller's company (spec 3 Users, spec 1 §5-§7): the users page (admins), the options of
 * selects (everyone), one user (admins, or oneself), and creating, editing and deleting them. Who may
 * change which field of a user is decided in the update use case.
 */
import { CreateUserBody, UpdateUserBody, UserIdParams } from '../../shared/users';
import { httpModule, sessionRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { createUser } from '../core/users/create-user';
import { deleteUser } from '../core/users/delete-user';
import { listUserOptions, searchUsers, showUser } from '../core/users/list-users';
import { updateUser } from '../core/users/update-user';

const administer = { permission: 'company:administer' } as const;

export const handler = httpModule('users', {
  'GET /users': sessionRoute({ query: ListQuery, access: administer }, async ({ session, query }) => ok(await searchUsers(session, query))),
  'GET /users/list': sessionRoute({}, async ({ session }) => ok(await listUserOptions(session))),
  'GET /users/{id}': sessionRoute({ params: UserIdParams }, async ({ session, params }) => ok(await showUser(session, params.id))),
  'POST /users': sessionRoute({ body: CreateUserBody, access: administer }, async ({ session, body }) =>
    created(await createUser(session, body)),
  ),
  'PUT /users/{id}': sessionRoute({ params: UserIdParams, body: UpdateUserBody }, async ({ session, params, body }) =>
    ok(await updateUser(session, params.id, body)),
  ),
  'DELETE /users/{id}': sessionRoute({ params: UserIdParams, access: administer }, async ({ session, params }) => {
    await deleteUser(session, params.id);
    return noContent();
  }),
});
