/**
 * Changes a tag of the caller's company (PUT /tags/{id}). Any user of the company may rename and
 * recolour tags; only profiles with 'tags:editKanban' (admin, supervisor) may change the kanban flag.
 *
 * Steps: read the tag (a tag of another company is not found, like a missing one); when the body
 * changes the kanban flag, require 'tags:editKanban' (sending the current value back is no change, and
 * is then not written, so a concurrent change by a supervisor is never undone); update name, colour and
 * the allowed flag on the condition that the tag still exists, leaving the ticket counter alone; answer
 * the stored tag, after publishing `tag` update to the company.
 */
import { can } from '../../../shared/permissions';
import type { Tag, UpdateTagBody } from '../../../shared/tags';
import { AppError } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { getTag, updateTag as writeTag } from '../repositories/tags';
import type { Caller } from '../caller/load-caller';

export async function updateTag(caller: Caller, tagId: string, body: UpdateTagBody, now = new Date()): Promise<Tag> {
  const current = await getTag(caller.companyId, tagId);
  if (!current) throw new AppError('ERR_NO_TAG_FOUND');
  const mayEditKanban = can(caller.user.profile, 'tags:editKanban');
  if (body.kanban !== undefined && body.kanban !== current.kanban && !mayEditKanban) throw new AppError('ERR_NO_PERMISSION');

  const updated = await writeTag(
    caller.companyId,
    tagId,
    { name: body.name, color: body.color, kanban: mayEditKanban ? body.kanban : undefined },
    now,
  );
  if (!updated) throw new AppError('ERR_NO_TAG_FOUND');
  await publishToCompany(caller.companyId, 'company', 'tag', { action: 'update', tag: updated });
  return updated;
}
