/**
 * A campaign page of the route table. Until the campaign issues build them each says it is coming;
 * while the campaigns group is hidden from the user's menu the address answers as unknown, as spec 3 §2
 * wants of these routes without the campaigns flag.
 */
import { ComingSoonPage } from '../pages/ComingSoonPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useMe } from '../session/me-context';
import { campaignPagesOpen } from './campaign-access';
import type { PageId } from './pages';

export function CampaignPage({ page }: { readonly page: PageId }) {
  return campaignPagesOpen(useMe()) ? <ComingSoonPage page={page} /> : <NotFoundPage />;
}
