/** What PageGate says when it refuses a page: spec 3 §8's words for the company, ours for a profile. */
import { defineTexts } from '../i18n/texts';

export const pageGateTexts = defineTexts({
  pt: {
    /** Spec 3 §8, word for word. */
    refused: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    /** A page of the administration opened by another profile (spec 1 §2.1); the spec has no words for it. */
    adminsOnly: 'Somente administradores acessam esta página.',
  },
  en: {
    refused: 'This company does not have permission to access this page! Redirecting you.',
    adminsOnly: 'Only administrators can open this page.',
  },
  es: {
    refused: '¡Esta empresa no tiene permiso para acceder a esta página! Le estamos redirigiendo.',
    adminsOnly: 'Solo los administradores pueden abrir esta página.',
  },
});
