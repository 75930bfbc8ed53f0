/**
 * POST /campaigns/{id}/cancel and /restart (spec 2 §4): EM_ANDAMENTO becomes CANCELADA, CANCELADA
 * becomes EM_ANDAMENTO again. Both are conditional on the status the caller read, so a campaign that
 * finished meanwhile is not cancelled. The sender checks the status before each batch of recipients
 * (send-hop.ts): a cancel stops it within that batch (one message when there is a pause between
 * messages); a restart re-keys the connection's cursor so it takes the campaign up where it stopped,
 * sending nobody twice (each recipient's shipping item says what became of them).
 */
import type { Campaign } from '../../../shared/campaigns';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { setCampaignFields } from '../repositories/campaigns';
import { presentOneCampaign, publishCampaign } from './present-campaign';
import { readCampaign } from './save-campaign';
import { kickSender } from './start-campaign';

export async function cancelCampaign(caller: Caller, id: string, now = new Date()): Promise<Campaign> {
  const current = await readCampaign(caller, id);
  if (current.status !== 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_NOT_RUNNING');
  const changed = await setCampaignFields(caller.companyId, id, { status: 'CANCELADA', updatedAt: now.toISOString() }, { status: 'EM_ANDAMENTO' });
  if (!changed) throw new AppError('ERR_CAMPAIGN_NOT_RUNNING');
  const record = await presentOneCampaign(changed);
  await publishCampaign(caller.companyId, { action: 'update', record });
  return record;
}

export async function restartCampaign(caller: Caller, id: string, now = new Date()): Promise<Campaign> {
  const current = await readCampaign(caller, id);
  if (current.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_NOT_CANCELLED');
  const changed = await setCampaignFields(
    caller.companyId,
    id,
    { status: 'EM_ANDAMENTO', startedAt: current.startedAt ?? now.toISOString(), updatedAt: now.toISOString() },
    { status: 'CANCELADA' },
  );
  if (!changed) throw new AppError('ERR_CAMPAIGN_NOT_CANCELLED');
  if (changed.whatsappId) await kickSender(caller.companyId, changed.whatsappId, [changed.id], now);
  const record = await presentOneCampaign(changed);
  await publishCampaign(caller.companyId, { action: 'update', record });
  return record;
}
