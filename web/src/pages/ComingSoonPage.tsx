/** A private page of the route table that later issues build; until then it says it is coming. */
import { TICKETS_PATH, type PageId } from '../app/pages';
import { ComingSoon } from '../components/ComingSoon';
import { commonTexts } from '../i18n/common';
import { useTexts } from '../i18n/texts';

export function ComingSoonPage({ page }: { readonly page: PageId }) {
  const texts = useTexts(commonTexts);
  return (
    <ComingSoon
      page={texts.pages[page]}
      {...(page !== 'tickets' && { link: { to: TICKETS_PATH, label: texts.comingSoon.backToTickets } })}
    />
  );
}
