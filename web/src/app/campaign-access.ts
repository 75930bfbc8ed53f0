/**
 * Whether the campaign pages open (spec 3 §2: only with the campaigns flag; docs/architecture.md §8). They follow
 * the side menu's rule for its campaigns group: the plan enables campaigns,
 * or the company's setting campaignsEnabled does (what the local `cshow` flag mirrors; the shell keeps
 * the flag in step with the settings it loads). The server decides again on every campaign request.
 */
import { companyHasCampaigns } from '../sign-in/campaigns';
import type { CurrentCompany, CurrentUser } from '../sign-in/me';

export function campaignPagesOpen(me: {
  readonly user: Pick<CurrentUser, 'profile' | 'super'>;
  readonly company: Pick<CurrentCompany, 'plan' | 'settings'>;
}): boolean {
  // The group's own condition (sign-in/campaigns.ts), not its entries.
  return companyHasCampaigns(me.company);
}
