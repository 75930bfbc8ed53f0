import type { QuickMessage, UpdateQuickMessageBody } from '../../../shared/quick-messages';
import type { Caller } from '../caller/load-caller';
import { changeQuickMessage } from './change-quick-message';

/** PUT /quick-messages/{id}: its shortcode, text, kind and status, as a change (change-quick-message.ts). */
export async function updateQuickMessage(caller: Caller, id: string, body: UpdateQuickMessageBody, now = new Date()): Promise<QuickMessage> {
  return changeQuickMessage(caller, id, { shortcode: body.shortcode, message: body.message, geral: body.geral, status: body.status }, now);
}
