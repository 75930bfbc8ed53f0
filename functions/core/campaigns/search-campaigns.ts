/**
 * Reading campaigns (spec 2 §2, §7): search with paging (`records, hasMore`), one campaign, and a page
 * of its recipients for the report (what became of each, with its message's ack). Another company's
 * campaign answers as one that does not exist, ERR_NO_CAMPAIGN_FOUND.
 */
import type { Campaign, CampaignPage, CampaignShippingPage, CampaignShippingQuery } from '../../../shared/campaigns';
import type { ListQuery } from '../../../shared/paging';
import type { Caller } from '../caller/load-caller';
import { matchesSearch, paginate } from '../http/pagination';
import { readShipping } from '../repositories/campaign-shipping';
import { listCampaigns } from '../repositories/campaigns';
import { getMessageAcks } from '../repositories/messages';
import { presentCampaigns, presentOneCampaign } from './present-campaign';
import { readCampaign } from './save-campaign';

export async function searchCampaigns(caller: Caller, query: ListQuery): Promise<CampaignPage> {
  const campaigns = (await listCampaigns(caller.companyId)).filter((campaign) => matchesSearch(query.searchParam, campaign.name));
  const { page, hasMore } = paginate(campaigns, query.pageNumber);
  return { records: await presentCampaigns(caller.companyId, page), hasMore };
}

export async function showCampaign(caller: Caller, id: string): Promise<Campaign> {
  return presentOneCampaign(await readCampaign(caller, id));
}

/** GET /campaigns/{id}/shipping: recipients in their order from `cursor` (a position), with the ack of the text each was sent. */
export async function campaignShipping(caller: Caller, id: string, query: CampaignShippingQuery): Promise<CampaignShippingPage> {
  await readCampaign(caller, id);
  const from = query.cursor ? Number(query.cursor) : 0;
  const items = await readShipping(caller.companyId, id, from, query.limit + 1);
  const page = items.slice(0, query.limit);
  const acks = await getMessageAcks(caller.companyId, page.flatMap((item) => item.messageIds.slice(0, 1)));
  return {
    shipping: page.map((item) => ({
      position: item.position + 1,
      name: item.name,
      number: item.number,
      email: item.email,
      status: item.status,
      reason: item.reason,
      deliveredAt: item.deliveredAt,
      ack: item.messageIds[0] !== undefined ? (acks.get(item.messageIds[0]) ?? null) : null,
    })),
    cursor: items.length > query.limit && items[query.limit] ? String(items[query.limit]?.position) : null,
  };
}
