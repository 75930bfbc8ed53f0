/** Help videos: every signed-in user reads them (/helps); the super user writes them (spec 3 §2 Ajuda). */
import { CreateHelpBody, HelpIdParams, UpdateHelpBody } from '../../shared/helps';
import { httpModule, callerRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { listAllHelps, listHelpsPage } from '../core/platform/list-helps';
import { changeHelp, createHelp, removeHelp } from '../core/platform/save-help';

const superUser = { superUser: true } as const;

export const handler = httpModule('helps', {
  'GET /helps': callerRoute({ query: ListQuery }, async ({ query }) => ok(await listHelpsPage(query))),
  'GET /helps/list': callerRoute({}, async () => ok(await listAllHelps())),
  'POST /helps': callerRoute({ body: CreateHelpBody, access: superUser }, async ({ body }) => created(await createHelp(body))),
  'PUT /helps/{id}': callerRoute({ params: HelpIdParams, body: UpdateHelpBody, access: superUser }, async ({ params, body }) =>
    ok(await changeHelp(params.id, body)),
  ),
  'DELETE /helps/{id}': callerRoute({ params: HelpIdParams, access: superUser }, async ({ params }) => {
    await removeHelp(params.id);
    return noContent();
  }),
});
