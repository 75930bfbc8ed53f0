import type { QuickMessage } from '../../../shared/quick-messages';
import type { Caller } from '../caller/load-caller';
import { presentQuickMessage } from './present-quick-message';
import { visibleQuickMessages } from './read-quick-message';

/** GET /quick-messages/list: the active ones the caller may use (shared and own), for the '/' suggestions. */
export async function listUsableQuickMessages(caller: Caller): Promise<QuickMessage[]> {
  const usable = (await visibleQuickMessages(caller)).filter((quickMessage) => quickMessage.status);
  return Promise.all(usable.map(presentQuickMessage));
}
