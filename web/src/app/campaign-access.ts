/**
 * Whether the campaign pages open (spec 3 §2: only with the campaigns flag; docs/architecture.md §8). They follow
 * the side menu's rule for its campaigns group: the plan enables campaigns,
 * or the company's setting campaignsEnabled does (what the local `cshow` flag mirrors; the shell keeps
 * the flag in step with the settings it loads). The server decides again on every campaign request.
 */
import { campaignsEnabledBySettings } from './shell/campaigns-flag';
import { hasCampaignsGroup } from './shell/menu-rules';
import type { CurrentCompany, CurrentUser } from '../sign-in/me';

export function campaignPagesOpen(me: {
  readonly user: Pick<CurrentUser, 'profile' | 'super'>;
  readonly company: Pick<CurrentCompany, 'plan' | 'settings'>;
}): boolean {
  // The group's own condition, not its entries: while no campaign page is built the menu lists none.
  return hasCampaignsGroup({ plan: me.company.plan, campaignsFlag: campaignsEnabledBySettings(me.company.settings) });
}
