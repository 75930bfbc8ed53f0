/**
 * Tags (spec 3 Tags, §7): everyone of the company lists, creates and edits tags; the kanban flag is for
 * profiles with 'tags:editKanban' (checked in the use cases, since only changing it is restricted);
 * deleting is for administrators; the board's lanes need the plan's kanban feature.
 */
import { CreateTagBody, TagParams, UpdateTagBody } from '../../shared/tags';
import { httpModule, sessionRoute } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { createTag } from '../core/tags/create-tag';
import { deleteTag } from '../core/tags/delete-tag';
import { listKanbanTags, listTagSummaries, searchTags, showTag } from '../core/tags/list-tags';
import { updateTag } from '../core/tags/update-tag';

export const handler = httpModule('tags', {
  'GET /tags': sessionRoute({ query: ListQuery }, async ({ session, query }) => ok(await searchTags(session, query))),
  'GET /tags/list': sessionRoute({}, async ({ session }) => ok(await listTagSummaries(session))),
  'GET /tags/kanban': sessionRoute({ access: { planFlag: 'useKanban' } }, async ({ session }) => ok(await listKanbanTags(session))),
  'GET /tags/{id}': sessionRoute({ params: TagParams }, async ({ session, params }) => ok(await showTag(session, params.id))),
  'POST /tags': sessionRoute({ body: CreateTagBody }, async ({ session, body }) => created(await createTag(session, body))),
  'PUT /tags/{id}': sessionRoute({ params: TagParams, body: UpdateTagBody }, async ({ session, params, body }) =>
    ok(await updateTag(session, params.id, body)),
  ),
  'DELETE /tags/{id}': sessionRoute(
    { params: TagParams, access: { permission: 'company:administer' } },
    async ({ session, params }) => {
      await deleteTag(session, params.id);
      return noContent();
    },
  ),
});
