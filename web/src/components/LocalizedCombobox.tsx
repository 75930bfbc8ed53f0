/**
 * Fluent's Combobox with its expand button named in the interface language (fluent-labels.ts) instead of
 * 'Open', still followed by the field's label: same props. The lint gate sends every import of Fluent's
 * Combobox here.
 */
// eslint-disable-next-line no-restricted-imports -- the one place that wraps it
import { Combobox, useFieldContext_unstable as useFieldContext, type ComboboxProps } from '@fluentui/react-components';
import { useId } from 'react';
import { useTexts } from '../i18n/texts';
import { expandIconLabelling, fluentLabelTexts } from './fluent-labels';
import { slotWith } from './slot-with';

export function LocalizedCombobox({ expandIcon, ...props }: ComboboxProps) {
  const texts = useTexts(fluentLabelTexts);
  const iconId = useId();
  // Inside a Field, the field's label names the combobox (Fluent wires it so): the button says it too.
  const field = useFieldContext();
  const labelling = expandIconLabelling(texts, iconId, {
    labelledBy: props['aria-labelledby'] ?? field?.labelId,
    label: props['aria-label'],
  });
  return <Combobox {...props} expandIcon={slotWith(labelling, expandIcon)} />;
}
