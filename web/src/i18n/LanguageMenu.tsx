/**
 * A compact language picker for the shell header and the public pages. Languages are listed by their
 * own names (Português, English, Español), so a user lost in a foreign interface still finds theirs.
 * The button shows the current language's code; its accessible name starts with that code (WCAG 2.5.3),
 * and the tooltip, which says the same in words, is left out of the accessibility tree to not repeat it.
 */
import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { LocalLanguage24Regular } from '@fluentui/react-icons';
import { commonTexts, LANGUAGE_NAMES, languageButtonName, languageCode } from './common';
import { LANGUAGES, parseStoredLanguage, useLanguage } from './language';
import { format, useTexts } from './texts';

export function LanguageMenu() {
  const { language, setLanguage } = useLanguage();
  const texts = useTexts(commonTexts);
  const label = format(texts.language.current, { language: LANGUAGE_NAMES[language] });

  return (
    <Menu
      checkedValues={{ language: [language] }}
      onCheckedValueChange={(_, data) => {
        const next = parseStoredLanguage(data.checkedItems[0]);
        if (next !== undefined) setLanguage(next);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={label} relationship="inaccessible">
          <Button appearance="subtle" icon={<LocalLanguage24Regular />} aria-label={languageButtonName(language, texts.language)}>
            {languageCode(language)}
          </Button>
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={texts.language.label}>
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
