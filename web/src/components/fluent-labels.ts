/**
 * The words Fluent UI writes into its own controls, which it has in English only: the clear button of a
 * dropdown ('Clear selection'), the expand button of a combobox ('Open', or 'Open' and the field's
 * label), the clear button of a search box ('clear'). The localized controls (LocalizedDropdown, LocalizedCombobox, LocalizedSearchBox) give
 * them these texts in the interface language instead.
 */
import { defineTexts, type Texts } from '../i18n/texts';

export const fluentLabelTexts = defineTexts({
  pt: { clearSelection: 'Limpar seleção', open: 'Abrir', clear: 'Limpar' },
  en: { clearSelection: 'Clear selection', open: 'Open', clear: 'Clear' },
  es: { clearSelection: 'Borrar selección', open: 'Abrir', clear: 'Borrar' },
});

export type FluentLabelTexts = Texts<(typeof fluentLabelTexts)['pt']>;

/** What names a combobox: the id of its field's label (or another labelling element), or its own label. */
export interface ComboboxNaming {
  readonly labelledBy?: string;
  readonly label?: string;
}

/** The accessible name of a combobox's expand button, as `aria-*` props of its slot. */
export type ExpandIconLabelling =
  | { readonly 'aria-label': string }
  | { readonly id: string; readonly 'aria-label': string; readonly 'aria-labelledby': string };

/**
 * Names the expand button as Fluent does, with our word for 'Open': 'Abrir' followed by the field's
 * label (the button points at itself and at the label), else by the combobox's own label, else alone.
 */
export function expandIconLabelling(texts: FluentLabelTexts, iconId: string, naming: ComboboxNaming): ExpandIconLabelling {
  if (naming.labelledBy !== undefined && naming.labelledBy !== '') {
    return { id: iconId, 'aria-label': texts.open, 'aria-labelledby': `${iconId} ${naming.labelledBy}` };
  }
  if (naming.label !== undefined && naming.label !== '') return { 'aria-label': `${texts.open} ${naming.label}` };
  return { 'aria-label': texts.open };
}
