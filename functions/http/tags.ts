/**
 * Tags (spec 3 Tags, §7): everyone of the company lists, creates and edits tags; the kanban flag is for
 * profiles with 'tags:editKanban' (checked in the use cases, since only changing it is restricted);
 * deleting is for administrators; the board's lanes need the plan's kanban feature.
 */
import { CreateTagBody, TagParams, UpdateTagBody } from '../../shared/tags';
import { httpModule, callerRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { createTag } from '../core/tags/create-tag';
import { deleteTag } from '../core/tags/delete-tag';
import { listKanbanTags, listTagSummaries, searchTags, showTag } from '../core/tags/list-tags';
import { updateTag } from '../core/tags/update-tag';

export const handler = httpModule('tags', {
  'GET /tags': callerRoute({ query: ListQuery }, async ({ caller, query }) => ok(await searchTags(caller, query))),
  'GET /tags/list': callerRoute({}, async ({ caller }) => ok(await listTagSummaries(caller))),
  'GET /tags/kanban': callerRoute({ access: { planFlag: 'useKanban' } }, async ({ caller }) => ok(await listKanbanTags(caller))),
  'GET /tags/{id}': callerRoute({ params: TagParams }, async ({ caller, params }) => ok(await showTag(caller, params.id))),
  'POST /tags': callerRoute({ body: CreateTagBody }, async ({ caller, body }) => created(await createTag(caller, body))),
  'PUT /tags/{id}': callerRoute({ params: TagParams, body: UpdateTagBody }, async ({ caller, params, body }) =>
    ok(await updateTag(caller, params.id, body)),
  ),
  'DELETE /tags/{id}': callerRoute(
    { params: TagParams, access: { permission: 'company:administer' } },
    async ({ caller, params }) => {
      await deleteTag(caller, params.id);
      return noContent();
    },
  ),
});
