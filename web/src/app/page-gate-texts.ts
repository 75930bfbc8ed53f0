/** What PageGate says when it refuses a page (spec 3 §8). */
import { defineTexts } from '../i18n/texts';

export const pageGateTexts = defineTexts({
  /** Spec 3 §8, word for word. */
  pt: { refused: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.' },
  en: { refused: 'This company does not have permission to access this page! Redirecting you.' },
  es: { refused: '¡Esta empresa no tiene permiso para acceder a esta página! Le estamos redirigiendo.' },
});
