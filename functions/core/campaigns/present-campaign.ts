/**
 * A campaign as the API answers it and the `campaign` event carries it (shared/campaigns.ts): the
 * stored fields, the names of its contact list and connection, and its progress. Lists read the
 * company's contact lists and connections once for the whole page.
 */
import { NO_TAG, type Campaign } from '../../../shared/campaigns';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { publishToCompany } from '../realtime/publisher';
import type { StoredCampaign } from '../repositories/campaigns';
import { getConnection, listConnections } from '../repositories/connections';
import { getContactList, listContactLists } from '../repositories/contact-lists';

interface Names {
  readonly contactLists: ReadonlyMap<string, { readonly id: string; readonly name: string; readonly contactsCount: number }>;
  readonly connections: ReadonlyMap<string, { readonly id: string; readonly name: string }>;
}

export function presentCampaign(campaign: StoredCampaign, names: Names): Campaign {
  return {
    id: campaign.id,
    name: campaign.name,
    message1: campaign.message1,
    message2: campaign.message2,
    message3: campaign.message3,
    message4: campaign.message4,
    message5: campaign.message5,
    status: campaign.status,
    scheduledAt: campaign.scheduledAt,
    completedAt: campaign.completedAt,
    whatsappId: campaign.whatsappId,
    contactListId: campaign.contactListId,
    tagListId: campaign.tagListId ?? NO_TAG,
    fileListId: campaign.fileListId,
    template: campaign.template,
    companyId: campaign.companyId,
    mediaPath: campaign.mediaName,
    mediaName: campaign.mediaName,
    createdAt: campaign.createdAt,
    updatedAt: campaign.updatedAt,
    contactList: (campaign.contactListId && names.contactLists.get(campaign.contactListId)) || null,
    whatsapp: (campaign.whatsappId && names.connections.get(campaign.whatsappId)) || null,
    progress: { recipients: campaign.planned ?? 0, delivered: campaign.delivered, skipped: campaign.skipped },
  };
}

/** Many campaigns of one company, with one read of its lists and one of its connections. */
export async function presentCampaigns(companyId: string, campaigns: readonly StoredCampaign[]): Promise<Campaign[]> {
  if (campaigns.length === 0) return [];
  const [lists, connections] = await Promise.all([listContactLists(companyId), listConnections(companyId)]);
  const names: Names = {
    contactLists: new Map(lists.map(({ id, name, contactsCount }) => [id, { id, name, contactsCount }])),
    connections: new Map(connections.map(({ id, name }) => [id, { id, name }])),
  };
  return campaigns.map((campaign) => presentCampaign(campaign, names));
}

/** One campaign, reading only its own list and connection. */
export async function presentOneCampaign(campaign: StoredCampaign): Promise<Campaign> {
  const [list, connection] = await Promise.all([
    campaign.contactListId ? getContactList(campaign.companyId, campaign.contactListId) : undefined,
    campaign.whatsappId ? getConnection(campaign.companyId, campaign.whatsappId) : undefined,
  ]);
  return presentCampaign(campaign, {
    contactLists: new Map(list ? [[list.id, { id: list.id, name: list.name, contactsCount: list.contactsCount }]] : []),
    connections: new Map(connection ? [[connection.id, { id: connection.id, name: connection.name }]] : []),
  });
}

export const publishCampaign = (companyId: string, event: CompanyChannels['campaign']) => publishToCompany(companyId, 'company', 'campaign', event);

/** Publishes the campaign as it now is (an update); a failure is the publisher's to log. */
export async function announceCampaign(campaign: StoredCampaign): Promise<Campaign> {
  const record = await presentOneCampaign(campaign);
  await publishCampaign(campaign.companyId, { action: 'update', record });
  return record;
}
