/**
 * Fluent's Dropdown with its clear button named in the interface language (fluent-labels.ts) instead of
 * 'Clear selection': same props. The lint gate sends every import of Fluent's Dropdown here.
 */
// eslint-disable-next-line no-restricted-imports -- the one place that wraps it
import { Dropdown, type DropdownProps } from '@fluentui/react-components';
import { useTexts } from '../i18n/texts';
import { fluentLabelTexts } from './fluent-labels';
import { slotWith } from './slot-with';

export function LocalizedDropdown({ clearButton, ...props }: DropdownProps) {
  const texts = useTexts(fluentLabelTexts);
  return <Dropdown {...props} clearButton={slotWith({ 'aria-label': texts.clearSelection }, clearButton)} />;
}
