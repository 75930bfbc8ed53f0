/** A page of the route table that later issues build; until then it says it is coming (its registry entry's title). */
import { useCurrentPage } from '../runtime/current-page';
import { TICKETS_PATH } from '../runtime/paths';
import { ComingSoon } from '../components/ComingSoon';
import { commonTexts } from '../i18n/common';
import { useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';

export function ComingSoonPage() {
  const texts = useTexts(commonTexts);
  const { language } = useLanguage();
  const page = useCurrentPage();
  return (
    <ComingSoon
      page={page.title[language]}
      {...(page.id !== 'tickets' && { link: { to: TICKETS_PATH, label: texts.comingSoon.backToTickets } })}
    />
  );
}
