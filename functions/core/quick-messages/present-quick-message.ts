/**
 * Quick messages as the API answers them (with a fresh link to the attachment) and as the realtime
 * `quickmessage` event carries them: shared (`geral`) ones to the company room, personal ones to their
 * owner's room (a shared one made personal is first deleted from the company's lists).
 */
import type { QuickMessage } from '../../../shared/quick-messages';
import { logger } from '../logger';
import { presignedDownloadUrl } from '../media/storage';
import { publishToCompany } from '../realtime/publisher';
import type { StoredQuickMessage } from '../repositories/quick-messages';

export async function presentQuickMessage(quickMessage: StoredQuickMessage): Promise<QuickMessage> {
  return {
    ...quickMessage,
    isMedia: quickMessage.mediaPath !== null,
    mediaUrl: quickMessage.mediaPath ? await presignedDownloadUrl(quickMessage.mediaPath) : null,
  };
}

const ownerRoom = (quickMessage: { readonly userId: string | null }) => `user:${quickMessage.userId ?? ''}` as const;

/** Publishes a created (no `before`) or changed quick message to whoever may see it. */
export async function publishQuickMessage(companyId: string, before: StoredQuickMessage | undefined, after: QuickMessage): Promise<void> {
  const action = before ? 'update' : 'create';
  await quietly(after.id, async () => {
    if (before?.geral && !after.geral) await publishToCompany(companyId, 'company', 'quickmessage', { action: 'delete', id: after.id });
    await publishToCompany(companyId, after.geral ? 'company' : ownerRoom(after), 'quickmessage', { action, record: after });
  });
}

export async function publishQuickMessageDeleted(companyId: string, removed: StoredQuickMessage): Promise<void> {
  await quietly(removed.id, () =>
    publishToCompany(companyId, removed.geral ? 'company' : ownerRoom(removed), 'quickmessage', { action: 'delete', id: removed.id }),
  );
}

/** The change is made: a failed realtime publish is logged, not answered (the page refetches anyway). */
async function quietly(id: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    logger.warn('quickmessage event not published', { id, error });
  }
}
