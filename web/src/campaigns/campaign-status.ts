/**
 * What the campaign screens show of a campaign, without React: which row actions it offers (spec 2 §2,
 * §4), the texts of its optional columns with the spec's placeholders, its progress (delivered of valid),
 * and the words of a recipient's status and ack. Types only from shared/: the list page loads this.
 */
import type { Campaign, CampaignProgress, CampaignShipping, CampaignStatus } from '../../../shared/campaigns';

/** Spec 2 §2, §4: stop is offered while a campaign is in progress. */
export const canStopCampaign = (campaign: Pick<Campaign, 'status'>): boolean => campaign.status === 'EM_ANDAMENTO';

/** Spec 2 §2, §4: restart is offered once a campaign was cancelled. */
export const canRestartCampaign = (campaign: Pick<Campaign, 'status'>): boolean => campaign.status === 'CANCELADA';

/** How a status badge is coloured: each of the five reads apart at a glance. */
export const STATUS_COLORS: Readonly<Record<CampaignStatus, 'informative' | 'brand' | 'warning' | 'danger' | 'success'>> = {
  INATIVA: 'informative',
  PROGRAMADA: 'brand',
  EM_ANDAMENTO: 'warning',
  CANCELADA: 'danger',
  FINALIZADA: 'success',
};

/** The placeholders of spec 2 §2 for the columns without a value. */
export interface CampaignPlaceholders {
  /** 'Não definida'. */
  readonly contactList: string;
  /** 'Não definido'. */
  readonly connection: string;
  /** 'Sem agendamento'. */
  readonly scheduledAt: string;
  /** 'Não concluída'. */
  readonly completedAt: string;
}

export type CampaignCellTexts = CampaignPlaceholders;

/** The texts of the contact list, connection, scheduled and completed columns (and report cards). */
export function campaignCellTexts(
  campaign: Pick<Campaign, 'contactList' | 'whatsapp' | 'scheduledAt' | 'completedAt'>,
  placeholders: CampaignPlaceholders,
  dateText: (iso: string) => string,
): CampaignCellTexts {
  return {
    contactList: campaign.contactList?.name ?? placeholders.contactList,
    connection: campaign.whatsapp?.name ?? placeholders.connection,
    scheduledAt: campaign.scheduledAt === null ? placeholders.scheduledAt : dateText(campaign.scheduledAt),
    completedAt: campaign.completedAt === null ? placeholders.completedAt : dateText(campaign.completedAt),
  };
}

export interface ProgressFigures {
  /** The recipients not skipped (spec 2 §2: valid contacts). */
  readonly valid: number;
  readonly delivered: number;
  /** Delivered of valid, from 0 to 1 (0 while there is none valid). */
  readonly fraction: number;
}

export function progressFigures(progress: CampaignProgress): ProgressFigures {
  const valid = Math.max(0, progress.recipients - progress.skipped);
  const delivered = Math.max(0, progress.delivered);
  return { valid, delivered, fraction: valid === 0 ? 0 : Math.min(1, delivered / valid) };
}

/** A message's ack in words: WhatsApp's -1 error, 0 waiting, 1 sent, 2 received, 3 read (4, played, is read too). */
export type AckWord = 'none' | 'error' | 'waiting' | 'sent' | 'received' | 'read';

export function ackWord(ack: CampaignShipping['ack']): AckWord {
  if (ack === null) return 'none';
  if (ack < 0) return 'error';
  if (ack === 0) return 'waiting';
  if (ack === 1) return 'sent';
  if (ack === 2) return 'received';
  return 'read';
}

/** The variables a campaign text may use (spec 2 §2), as written in it: the three built in, then the company's own. */
export function campaignVariableTokens(customKeys: readonly string[]): string[] {
  const tokens = ['nome', 'numero', 'email'];
  for (const key of customKeys) if (!tokens.includes(key.toLowerCase())) tokens.push(key);
  return tokens.map((key) => `{${key}}`);
}
