/**
 * The steps of every change of a quick message (its fields, its attachment): read it and decide on that
 * read (read-quick-message.ts); write on the condition that it is still as read (so a concurrent change
 * cannot slip under the decision); a lost race reads and decides again, a few times, then answers
 * ERR_CONFLICT (a missing one is ERR_NO_QUICKMESSAGE_FOUND); the earlier attachment goes once nothing
 * points at it; then publish `quickmessage` (present-quick-message.ts).
 */
import type { QuickMessage } from '../../../shared/quick-messages';
import type { Caller } from '../caller/load-caller';
import { conflict } from '../errors';
import { deleteMediaObject } from '../media/storage';
import { setQuickMessageFields, type QuickMessageChanges, type StoredQuickMessage } from '../repositories/quick-messages';
import { presentQuickMessage, publishQuickMessage } from './present-quick-message';
import { readChangeableQuickMessage } from './read-quick-message';

/** How often a change lost to a concurrent one is read, decided and tried again. */
export const CHANGE_ATTEMPTS = 4;

export async function changeQuickMessage(
  caller: Caller,
  id: string,
  changes: QuickMessageChanges,
  now: Date,
  read?: StoredQuickMessage,
): Promise<QuickMessage> {
  let current = read ?? (await readChangeableQuickMessage(caller, id));
  let changed = await setQuickMessageFields(caller.companyId, id, { ...changes, updatedAt: now.toISOString() }, current.updatedAt);
  for (let attempt = 2; !changed && attempt <= CHANGE_ATTEMPTS; attempt += 1) {
    // Changed or deleted since it was read: decide again on what is stored now.
    current = await readChangeableQuickMessage(caller, id);
    changed = await setQuickMessageFields(caller.companyId, id, { ...changes, updatedAt: now.toISOString() }, current.updatedAt);
  }
  if (!changed) throw conflict(`Quick message ${id}`);
  // The earlier attachment goes once nothing points at it any more.
  if (changed.before.mediaPath && changed.before.mediaPath !== changed.after.mediaPath) await deleteMediaObject(changed.before.mediaPath);
  const quickMessage = await presentQuickMessage(changed.after);
  await publishQuickMessage(caller.companyId, changed.before, quickMessage);
  return quickMessage;
}
