/**
 * Creates a tag in the caller's company (POST /tags). Any user of the company may create tags (the
 * tags page is for all users, spec 1 §2.1).
 *
 * Steps: refuse `kanban: 1` from a profile without 'tags:editKanban' (the kanban toggle is for admins
 * and supervisors, spec 3 §6); write the tag with its creator and a ticket counter at 0, on the
 * condition that the id is new; publish `tag` create to the company; answer it.
 */
import { ulid } from 'ulid';
import { can } from '../../../shared/permissions';
import type { CreateTagBody, Tag } from '../../../shared/tags';
import { AppError } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { putNewTag } from '../repositories/tags';
import type { Caller } from '../caller/load-caller';

export async function createTag(caller: Caller, body: CreateTagBody, now = new Date()): Promise<Tag> {
  if (body.kanban !== 0 && !can(caller.user.profile, 'tags:editKanban')) throw new AppError('ERR_NO_PERMISSION');
  const at = now.toISOString();
  const tag: Tag = {
    id: ulid(),
    name: body.name,
    color: body.color,
    kanban: body.kanban,
    userId: caller.userId,
    ticketsCount: 0,
    createdAt: at,
    updatedAt: at,
  };
  await putNewTag(caller.companyId, tag);
  await publishToCompany(caller.companyId, 'company', 'tag', { action: 'create', tag });
  return tag;
}
