import type { QuickMessage } from '../../../shared/quick-messages';
import type { Caller } from '../caller/load-caller';
import { changeQuickMessage } from './change-quick-message';

/** DELETE /quick-messages/{id}/media-upload: removes the attachment (without one, nothing but updatedAt changes). */
export async function deleteQuickMessageMedia(caller: Caller, id: string, now = new Date()): Promise<QuickMessage> {
  return changeQuickMessage(caller, id, { mediaPath: null, mediaName: null }, now);
}
