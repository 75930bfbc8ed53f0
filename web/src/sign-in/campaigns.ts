/**
 * Whether the signed-in company has campaigns, as the web shows them (spec 1 §2.2, spec 3 §2,
 * docs/architecture.md §8): its plan enables campaigns, or its setting campaignsEnabled is 'true' (what
 * the browser-local `cshow` flag mirrors). The side menu's campaigns group, the campaign pages and the
 * connection form's campaign section all follow this one rule; the server decides again on every
 * campaign request.
 */
import type { CurrentCompany } from './me';

/** Whether the company's settings enable campaigns: the setting campaignsEnabled holds 'true'. */
export function campaignsEnabledBySettings(settings: readonly { readonly key: string; readonly value: string }[]): boolean {
  return settings.some((setting) => setting.key === 'campaignsEnabled' && setting.value === 'true');
}

export function companyHasCampaigns(company: Pick<CurrentCompany, 'plan' | 'settings'>): boolean {
  return company.plan.useCampaigns === true || campaignsEnabledBySettings(company.settings);
}
