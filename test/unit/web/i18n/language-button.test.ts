import { commonTexts, LANGUAGE_NAMES, languageButtonName, languageCode } from '../../../../web/src/i18n/common';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import { textsIn } from '../../../../web/src/i18n/texts';

const everyPair = LANGUAGES.flatMap((shown) => LANGUAGES.map((interfaceLanguage) => [shown, interfaceLanguage] as const));

describe('the language button', () => {
  test.each(LANGUAGES)('shows the code of %s in capitals', (language) => {
    expect(languageCode(language)).toBe(language.toUpperCase());
  });

  test.each(everyPair)('names %s starting with the code it shows, in a %s interface (label in name)', (shown, interfaceLanguage) => {
    // Act
    const name = languageButtonName(shown, textsIn(commonTexts, interfaceLanguage).language);

    // Assess
    expect(name.startsWith(languageCode(shown))).toBe(true);
  });

  test.each(everyPair)('says which language %s is and what the button is for, in a %s interface', (shown, interfaceLanguage) => {
    // Prepare
    const texts = textsIn(commonTexts, interfaceLanguage).language;

    // Act
    const name = languageButtonName(shown, texts);

    // Assess
    expect(name).toContain(LANGUAGE_NAMES[shown]);
    expect(name).toContain(texts.label);
  });
});
