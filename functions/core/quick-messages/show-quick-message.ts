import type { QuickMessage } from '../../../shared/quick-messages';
import type { Caller } from '../caller/load-caller';
import { presentQuickMessage } from './present-quick-message';
import { readVisibleQuickMessage } from './read-quick-message';

/** GET /quick-messages/{id}: one the caller sees. */
export async function showQuickMessage(caller: Caller, id: string): Promise<QuickMessage> {
  return presentQuickMessage(await readVisibleQuickMessage(caller, id));
}
