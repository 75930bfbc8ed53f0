/**
 * The one-shot EventBridge Scheduler entry that starts a campaign at its scheduled time (as schedules'
 * send-timer.ts): named after the campaign and the time, so a retried creation makes one entry. The
 * start acts only if the campaign still waits for that very time (start-campaign.ts), so an entry
 * of a campaign moved or deleted since fires as a no-op.
 */
import type { CampaignStartDue } from '../scheduling/due-messages';
import { scheduleOnce } from '../scheduling/one-shot';

/** An entry is never made for the past: a time already gone starts the campaign right away. */
const MIN_ARM_MS = 1_000;

export async function armCampaignStart(companyId: string, campaignId: string, scheduledAt: string, now: Date): Promise<void> {
  const at = new Date(Math.max(Date.parse(scheduledAt), now.getTime() + MIN_ARM_MS));
  const message: CampaignStartDue = { kind: 'campaignStart', companyId, campaignId, scheduledAt };
  await scheduleOnce(`cs-${campaignId}-${Math.ceil(at.getTime() / 1000)}`, at, message);
}
