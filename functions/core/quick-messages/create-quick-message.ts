/** POST /quick-messages: a new quick message of the caller's company, written by the caller; then published. */
import { ulid } from 'ulid';
import type { CreateQuickMessageBody, QuickMessage } from '../../../shared/quick-messages';
import type { Caller } from '../caller/load-caller';
import { putNewQuickMessage, type StoredQuickMessage } from '../repositories/quick-messages';
import { presentQuickMessage, publishQuickMessage } from './present-quick-message';

export async function createQuickMessage(caller: Caller, body: CreateQuickMessageBody, now = new Date()): Promise<QuickMessage> {
  const at = now.toISOString();
  const stored: StoredQuickMessage = {
    id: ulid(),
    shortcode: body.shortcode,
    message: body.message,
    geral: body.geral,
    status: body.status,
    userId: caller.userId,
    mediaPath: null,
    mediaName: null,
    createdAt: at,
    updatedAt: at,
  };
  await putNewQuickMessage(caller.companyId, stored);
  const quickMessage = await presentQuickMessage(stored);
  await publishQuickMessage(caller.companyId, undefined, quickMessage);
  return quickMessage;
}
