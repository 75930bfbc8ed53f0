/**
 * The calendar's dates in the interface language (spec 2 §2: Portuguese labels; en and es too):
 * react-big-calendar's date-fns localizer with the three date-fns locales, and its toolbar and view
 * labels from the page's texts.
 */
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import { dateFnsLocalizer, type Messages } from 'react-big-calendar';
import type { Language } from '../i18n/language';
import { format as formatText, type Texts } from '../i18n/texts';
import type { schedulesTexts } from './texts';

export const CALENDAR_CULTURES: Readonly<Record<Language, string>> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

export const calendarLocalizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek,
  getDay,
  locales: { 'pt-BR': ptBR, 'en-US': enUS, es },
});

export function calendarMessages(texts: Texts<typeof schedulesTexts.pt>['calendar']): Messages {
  return { ...texts, showMore: (count: number) => formatText(texts.showMore, { count }) };
}
