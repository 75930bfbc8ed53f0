/**
 * A compact language picker for the shell header and the public pages. Languages are listed by their
 * own names (Português, English, Español), so a user lost in a foreign interface still finds theirs.
 * The button shows the current language's code; its accessible name starts with that code (WCAG 2.5.3),
 * and the tooltip, which says the same in words, is left out of the accessibility tree to not repeat it.
 * The menu (LanguageMenuList) loads on the first open.
 */
import { Button, Tooltip } from '@fluentui/react-components';
import { LocalLanguage24Regular } from '@fluentui/react-icons/svg/local-language';
import { menuButtonAtRest, onDemand, useOpenOnDemand, type ButtonAtRest } from '../components/on-demand';
import { commonTexts, LANGUAGE_NAMES, languageButtonName, languageCode } from './common';
import { useLanguage } from './language';
import { format, useTexts } from './texts';

const Popup = onDemand(() => import('./LanguageMenuList').then((m) => m.LanguageMenuList));

export function LanguageMenu() {
  const { language, setLanguage } = useLanguage();
  const texts = useTexts(commonTexts);
  const label = format(texts.language.current, { language: LANGUAGE_NAMES[language] });
  const [open, setOpen, buttonRef] = useOpenOnDemand(Popup.load);

  const button = (atRest?: ButtonAtRest) => (
    <Tooltip content={label} relationship="inaccessible">
      <Button
        ref={buttonRef}
        {...atRest}
        appearance="subtle"
        icon={<LocalLanguage24Regular />}
        aria-label={languageButtonName(language, texts.language)}
      >
        {languageCode(language)}
      </Button>
    </Tooltip>
  );

  return Popup.isLoaded() ? (
    <Popup.Component
      open={open}
      onOpenChange={setOpen}
      trigger={button()}
      language={language}
      onPick={setLanguage}
      label={texts.language.label}
    />
  ) : (
    button(menuButtonAtRest(setOpen))
  );
}
