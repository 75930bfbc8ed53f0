/** Session routes: who am I (the signed-in user with company, settings and plan). */
import { httpModule, sessionRoute } from '../core/http/http-module';
import { ok } from '../core/http/reply';
import { getMe } from '../core/use-cases/get-me';

export const handler = httpModule('auth', {
  'GET /auth/me': sessionRoute({}, async ({ session }) => ok(await getMe(session))),
});
