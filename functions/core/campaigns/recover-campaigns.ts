/**
 * Campaigns whose sending was cut off, taken up again (run by `npm start` when the local cloud starts;
 * on a stage by an operator after an outage, or after a hop message ended in the dead-letter queue).
 *
 * Why: the local SQS keeps its messages in memory, so the hop messages of running campaigns, and a start
 * delivered just before the stack stopped, are gone after a restart; on AWS the same happens to a
 * message that ended in the dead-letter queue.
 *
 * What: for every company, each connection with a running campaign gets its cursor re-keyed with those
 * campaigns and one new hop message (a hop that was cut off midway left its work recorded, and the
 * next hop finishes it without sending anything twice: send-hop.ts); a PROGRAMADA campaign whose time
 * has passed gets a start entry that fires now (the start is conditional, so a late first one is a
 * no-op). Answers how many of each.
 */
import { listCompanies } from '../repositories/companies';
import { listCampaigns } from '../repositories/campaigns';
import { kickSender } from './start-campaign';
import { armCampaignStart } from './start-timer';

export interface RecoveredCampaigns {
  readonly resumed: number;
  readonly started: number;
}

export async function recoverCampaigns(now = new Date()): Promise<RecoveredCampaigns> {
  let resumed = 0;
  let started = 0;
  for (const company of await listCompanies()) {
    const running = new Map<string, string[]>();
    for (const campaign of await listCampaigns(company.id)) {
      if (campaign.status === 'EM_ANDAMENTO' && campaign.whatsappId) {
        running.set(campaign.whatsappId, [...(running.get(campaign.whatsappId) ?? []), campaign.id]);
      } else if (campaign.status === 'PROGRAMADA' && campaign.scheduledAt && Date.parse(campaign.scheduledAt) <= now.getTime()) {
        await armCampaignStart(company.id, campaign.id, campaign.scheduledAt, now);
        started += 1;
      }
    }
    for (const [whatsappId, campaignIds] of running) {
      // Oldest first, as they started (ids sort by creation).
      await kickSender(company.id, whatsappId, campaignIds.sort(), now);
      resumed += campaignIds.length;
    }
  }
  return { resumed, started };
}
