/**
 * Whether the campaign pages open (spec 3 §2: only with the campaigns flag; docs/architecture.md §8). They follow
 * the side menu's rule, so a page opens exactly when the menu links to it: the plan enables campaigns,
 * or the company's setting campaignsEnabled does (what the local `cshow` flag mirrors; the shell keeps
 * the flag in step with the settings it loads). The server decides again on every campaign request.
 */
import { campaignsEnabledBySettings } from './shell/campaigns-flag';
import { menuLayout } from './shell/menu-rules';
import type { CurrentCompany, CurrentUser } from '../session/me';

export function campaignPagesOpen(me: {
  readonly user: Pick<CurrentUser, 'profile' | 'super'>;
  readonly company: Pick<CurrentCompany, 'plan' | 'settings'>;
}): boolean {
  const campaignsFlag = campaignsEnabledBySettings(me.company.settings);
  return menuLayout({ user: me.user, plan: me.company.plan, campaignsFlag }).campaigns.length > 0;
}
