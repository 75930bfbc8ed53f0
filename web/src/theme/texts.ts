/** The theme switch's words (the shell's header and the public pages' header show it). */
import { defineTexts } from '../i18n/texts';

export const themeTexts = defineTexts({
  pt: {
    themeToLight: 'Usar tema claro',
    themeToDark: 'Usar tema escuro',
  },
  en: {
    themeToLight: 'Use the light theme',
    themeToDark: 'Use the dark theme',
  },
  es: {
    themeToLight: 'Usar el tema claro',
    themeToDark: 'Usar el tema oscuro',
  },
});
