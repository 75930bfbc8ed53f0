/**
 * Whether the company has campaigns, for the connection form's campaign section: the same rule as the
 * side menu's campaigns group and the campaign pages (spec 1 §2.2; app/campaign-access.ts): the plan
 * enables campaigns, or the company's setting campaignsEnabled does (what the local `cshow` flag mirrors).
 *
 * Restated here because a feature may not import web/src/app/ (docs/architecture.md §2); it reads the
 * loaded /auth/me, which the shell keeps in step with the settings events. The server decides again on
 * every campaign request, so this only hides fields that would not matter.
 */
import type { CurrentCompany } from '../sign-in/me';

export function companyHasCampaigns(company: Pick<CurrentCompany, 'plan' | 'settings'>): boolean {
  return company.plan.useCampaigns === true || company.settings.some((setting) => setting.key === 'campaignsEnabled' && setting.value === 'true');
}
