/**
 * The language picker's menu around its button, loaded on the picker's first open: the languages, each
 * by its own name, the current one checked.
 */
import { Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import type { PopupProps } from '../components/on-demand';
import { LANGUAGE_NAMES } from './common';
import { LANGUAGES, parseStoredLanguage, type Language } from './language';

export interface LanguageMenuListProps extends PopupProps {
  readonly language: Language;
  readonly onPick: (language: Language) => void;
  /** The list's accessible name. */
  readonly label: string;
}

export function LanguageMenuList({ open, onOpenChange, trigger, language, onPick, label }: LanguageMenuListProps) {
  return (
    <Menu
      open={open}
      onOpenChange={(_, data) => onOpenChange(data.open)}
      checkedValues={{ language: [language] }}
      onCheckedValueChange={(_, data) => {
        const next = parseStoredLanguage(data.checkedItems[0]);
        if (next !== undefined) onPick(next);
      }}
    >
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={label}>
          {LANGUAGES.map((option) => (
            <MenuItemRadio key={option} name="language" value={option} lang={option}>
              {LANGUAGE_NAMES[option]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
