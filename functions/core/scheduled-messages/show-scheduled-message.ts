import type { ScheduledMessage } from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import { presentWithCurrentContact } from './present-scheduled-message';
import { readScheduledMessage } from './read-scheduled-message';

/** GET /schedules/{id}: any schedule of the caller's company. */
export async function showScheduledMessage(caller: Caller, id: string): Promise<ScheduledMessage> {
  return presentWithCurrentContact(caller.companyId, await readScheduledMessage(caller, id));
}
