/**
 * A customer answering a stop word (issue 28: "sending that protects the number"): when the whole
 * message is one of the company's opt-out words (campaign settings; SAIR, PARAR, STOP by default,
 * compared without case or accents), their number is marked opted out, they get one confirmation (the
 * first time only), and every later campaign skips them (send-to-recipient.ts). Only for a company
 * with campaigns (its plan or its campaignsEnabled setting, as the routes decide): elsewhere the word
 * is an ordinary message. The message itself stays in the ticket, where agents see it.
 */
import { normalizeOptOutWord } from '../../../shared/campaign-settings';
import { getCampaignSettings } from '../repositories/campaign-settings';
import { putCampaignOptOut } from '../repositories/campaign-opt-outs';
import { getCompany } from '../repositories/companies';
import { getPlan } from '../repositories/plans';
import { companySetting } from '../repositories/settings';

/** Ours: the one answer to an opt-out (the spec has none). */
export const OPT_OUT_CONFIRMATION = 'Pronto! Você não receberá mais nossas campanhas. Se quiser falar conosco, é só escrever.';

/** The longest text looked at: a stop word is a word, and other messages cost no read. */
const OPT_OUT_WORD_MAX = 30;

export type OptOutOutcome = 'none' | 'optedOut' | 'already';

export async function optOutByAnswer(companyId: string, number: string, text: string, now: Date): Promise<OptOutOutcome> {
  const word = normalizeOptOutWord(text);
  if (word.length === 0 || word.length > OPT_OUT_WORD_MAX || /\s/.test(word)) return 'none';
  const settings = await getCampaignSettings(companyId);
  if (!settings.optOutWords.some((stop) => normalizeOptOutWord(stop) === word)) return 'none';
  if (!(await hasCampaigns(companyId))) return 'none';
  return (await putCampaignOptOut(companyId, number, word, now)) ? 'optedOut' : 'already';
}

async function hasCampaigns(companyId: string): Promise<boolean> {
  const company = await getCompany(companyId);
  const plan = company ? await getPlan(company.planId) : undefined;
  return plan?.useCampaigns === true || (await companySetting(companyId, 'campaignsEnabled')) === 'true';
}
