/**
 * Fluent's SearchBox with its clear button named in the interface language (fluent-labels.ts) instead
 * of 'clear': same props. The lint gate sends every import of Fluent's SearchBox here.
 */
// eslint-disable-next-line no-restricted-imports -- the one place that wraps it
import { SearchBox, type SearchBoxProps } from '@fluentui/react-components';
import { useTexts } from '../i18n/texts';
import { fluentLabelTexts } from './fluent-labels';
import { slotWith } from './slot-with';

export function LocalizedSearchBox({ dismiss, ...props }: SearchBoxProps) {
  const texts = useTexts(fluentLabelTexts);
  return <SearchBox {...props} dismiss={slotWith({ 'aria-label': texts.clear }, dismiss)} />;
}
