/**
 * DELETE /quick-messages/{id}: by whoever may change it, on the condition that it is still as read (a
 * lost race reads and decides again, then ERR_CONFLICT); its attachment goes with it; then published.
 */
import type { Caller } from '../caller/load-caller';
import { conflict } from '../errors';
import { deleteMediaObject } from '../media/storage';
import { removeQuickMessage } from '../repositories/quick-messages';
import { CHANGE_ATTEMPTS } from './change-quick-message';
import { publishQuickMessageDeleted } from './present-quick-message';
import { readChangeableQuickMessage } from './read-quick-message';

export async function deleteQuickMessage(caller: Caller, id: string): Promise<void> {
  for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt += 1) {
    const current = await readChangeableQuickMessage(caller, id);
    const removed = await removeQuickMessage(caller.companyId, id, current.updatedAt);
    if (removed) {
      if (removed.mediaPath) await deleteMediaObject(removed.mediaPath);
      await publishQuickMessageDeleted(caller.companyId, removed);
      return;
    }
  }
  throw conflict(`Quick message ${id}`);
}
