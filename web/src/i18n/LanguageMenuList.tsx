/**
 * The languages of the language picker, loaded on the picker's first open, each by its own name.
 */
import { MenuItemRadio, MenuList, MenuPopover } from '@fluentui/react-components';
import { LANGUAGE_NAMES } from './common';
import { LANGUAGES } from './language';

export function LanguageMenuList({ label }: { readonly label: string }) {
  return (
    <MenuPopover>
      <MenuList aria-label={label}>
        {LANGUAGES.map((option) => (
          <MenuItemRadio key={option} name="language" value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </MenuItemRadio>
        ))}
      </MenuList>
    </MenuPopover>
  );
}
