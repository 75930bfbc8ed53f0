/**
 * A compact language picker for the shell header and the public pages. Languages are listed by their
 * own names (Português, English, Español), so a user lost in a foreign interface still finds theirs.
 * The button shows the current language's code; its accessible name starts with that code (WCAG 2.5.3),
 * and the tooltip, which says the same in words, is left out of the accessibility tree to not repeat it.
 * The list (LanguageMenuList) loads on the first open.
 */
import { Button, Menu, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { LocalLanguage24Regular } from '@fluentui/react-icons';
import { onDemand, useOpenOnDemand } from '../components/on-demand';
import { commonTexts, LANGUAGE_NAMES, languageButtonName, languageCode } from './common';
import { parseStoredLanguage, useLanguage } from './language';
import { format, useTexts } from './texts';

const Items = onDemand(() => import('./LanguageMenuList').then((m) => m.LanguageMenuList));

export function LanguageMenu() {
  const { language, setLanguage } = useLanguage();
  const texts = useTexts(commonTexts);
  const label = format(texts.language.current, { language: LANGUAGE_NAMES[language] });
  const [open, setOpen] = useOpenOnDemand(Items.load);

  return (
    <Menu
      open={open}
      onOpenChange={(_, data) => setOpen(data.open)}
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
      <Items.Component label={texts.language.label} />
    </Menu>
  );
}
