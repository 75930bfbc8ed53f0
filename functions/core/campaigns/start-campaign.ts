/**
 * A campaign's time comes (its one-shot entry fires, workers/schedule-due.ts): PROGRAMADA becomes
 * EM_ANDAMENTO, on the condition that it still waits for that very time (a moved, edited, deleted or
 * already started campaign: nothing happens), and its connection's send cursor is re-keyed with it, so
 * a hop message takes it up (send-hop.ts writes its recipients first, then sends).
 */
import { ulid } from 'ulid';
import type { CampaignStartDue } from '../scheduling/due-messages';
import { rekeySendCursor } from '../repositories/campaign-cursors';
import { setCampaignFields } from '../repositories/campaigns';
import { announceCampaign } from './present-campaign';
import { enqueueCampaignSend } from './send-queue';

export type StartOutcome = 'started' | 'stale';

export async function startCampaign(due: CampaignStartDue, now = new Date()): Promise<StartOutcome> {
  const at = now.toISOString();
  const started = await setCampaignFields(
    due.companyId,
    due.campaignId,
    { status: 'EM_ANDAMENTO', startedAt: at, planned: null, position: 0, updatedAt: at },
    { status: 'PROGRAMADA', scheduledAt: due.scheduledAt },
  );
  if (!started) return 'stale';
  if (started.whatsappId) await kickSender(due.companyId, started.whatsappId, [started.id], now);
  await announceCampaign(started);
  return 'started';
}

/**
 * Gives the connection's cursor a new token (with the campaigns among its running ones, in the order
 * given) and enqueues the hop message carrying it: any earlier hop message becomes stale, so one chain
 * runs per connection.
 */
export async function kickSender(companyId: string, whatsappId: string, campaignIds: readonly string[], now: Date): Promise<void> {
  const token = ulid(now.getTime());
  await rekeySendCursor(companyId, whatsappId, token, campaignIds, now);
  await enqueueCampaignSend({ kind: 'hop', companyId, whatsappId, token });
}
