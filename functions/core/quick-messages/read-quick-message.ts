/**
 * Which quick messages a caller sees and changes (spec 2 §2, §7; ours, the spec is silent): everyone sees
 * the shared (`geral`) ones and their own personal ones; a personal one is seen and changed only by its
 * owner (another's answers ERR_NO_QUICKMESSAGE_FOUND, like a missing one); a shared one is changed and
 * deleted by its author and by admins (others get ERR_NO_PERMISSION). Anyone may create either kind.
 * The rules live in shared/ so the web hides exactly what these refuse.
 */
import { canChangeQuickMessage, canSeeQuickMessage } from '../../../shared/quick-messages';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { getQuickMessage, listQuickMessages, type StoredQuickMessage } from '../repositories/quick-messages';

const byShortcode = (a: StoredQuickMessage, b: StoredQuickMessage) =>
  a.shortcode.localeCompare(b.shortcode, 'pt-BR', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/**
 * The company's quick messages the caller sees, sorted by shortcode: one Query (tens to hundreds per
 * company), filtered in memory.
 */
export async function visibleQuickMessages(caller: Caller): Promise<StoredQuickMessage[]> {
  return (await listQuickMessages(caller.companyId)).filter((quickMessage) => canSeeQuickMessage(caller, quickMessage)).sort(byShortcode);
}

export async function readVisibleQuickMessage(caller: Caller, id: string): Promise<StoredQuickMessage> {
  const quickMessage = await getQuickMessage(caller.companyId, id);
  if (!quickMessage || !canSeeQuickMessage(caller, quickMessage)) throw new AppError('ERR_NO_QUICKMESSAGE_FOUND');
  return quickMessage;
}

export async function readChangeableQuickMessage(caller: Caller, id: string): Promise<StoredQuickMessage> {
  const quickMessage = await readVisibleQuickMessage(caller, id);
  if (!canChangeQuickMessage(caller, quickMessage)) throw new AppError('ERR_NO_PERMISSION');
  return quickMessage;
}
