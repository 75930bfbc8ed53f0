/** Strings of the realtime connection. */
import { defineTexts } from '../i18n/texts';

export const realtimeTexts = defineTexts({
  pt: { sessionReplaced: 'Sua conta foi acessada em outro computador.' },
  en: { sessionReplaced: 'Your account was accessed on another computer.' },
  es: { sessionReplaced: 'Su cuenta fue accedida desde otra computadora.' },
});
