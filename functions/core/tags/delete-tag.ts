/**
 * Deletes a tag of the caller's company (DELETE /tags/{id}); the route admits only profiles allowed
 * 'company:administer', so a plain user cannot remove a kanban lane or a tag others rely on.
 *
 * Steps: delete the tag item on the condition that it exists (a tag of another company is not found,
 * like a missing one); publish `tag` delete to the company. A tag still carried by tickets is deleted anyway: ticket-tag links arrive with
 * ticket tagging (a later issue), which must then drop the links of a deleted tag as well.
 */
import { AppError } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { deleteTag as removeTag } from '../repositories/tags';
import type { Caller } from '../caller/load-caller';

export async function deleteTag(caller: Caller, tagId: string): Promise<void> {
  if (!(await removeTag(caller.companyId, tagId))) throw new AppError('ERR_NO_TAG_FOUND');
  await publishToCompany(caller.companyId, 'company', 'tag', { action: 'delete', tagId });
}
