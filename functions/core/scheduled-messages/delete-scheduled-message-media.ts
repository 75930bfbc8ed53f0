import type { ScheduledMessage } from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import { changeScheduledMessage } from './change-scheduled-message';

/** DELETE /schedules/{id}/media-upload: removes the image. */
export async function deleteScheduledMessageMedia(caller: Caller, id: string, now = new Date()): Promise<ScheduledMessage> {
  return changeScheduledMessage(caller, id, { mediaPath: null, mediaName: null }, now);
}
