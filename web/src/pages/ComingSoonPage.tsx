/** A private page of the route table that later issues build; until then it says it is coming. */
import { TICKETS_PATH, type PageId } from '../app/pages';
import { ComingSoon } from '../components/ComingSoon';
import { pt } from '../i18n/pt';

export function ComingSoonPage({ page }: { readonly page: PageId }) {
  return (
    <ComingSoon
      page={pt.pages[page]}
      {...(page !== 'tickets' && { link: { to: TICKETS_PATH, label: pt.comingSoon.backToTickets } })}
    />
  );
}
