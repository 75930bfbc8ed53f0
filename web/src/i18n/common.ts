/**
 * Strings shared by every area: the app's name, loading and error screens and the generic buttons, so a
 * "Save" reads the same on every screen. Area-specific strings live in each area's own dictionary; a
 * page's title lives in its entry of app/page-registry.ts.
 */
import type { Language } from './language';
import { defineTexts, format, type Texts } from './texts';

export const commonTexts = defineTexts({
  pt: {
    app: {
      name: 'Atende',
      loading: 'Carregando…',
    },
    config: {
      title: 'Não foi possível iniciar o aplicativo',
      description:
        'A configuração do aplicativo (config.json) está ausente ou inválida. Avise o administrador do sistema.',
      details: 'Detalhes técnicos',
      retry: 'Tentar novamente',
    },
    comingSoon: {
      title: 'Em breve',
      description: 'A página {{page}} está sendo construída e estará disponível em breve.',
      backToTickets: 'Ir para Atendimentos',
      backToLogin: 'Ir para o login',
    },
    notFound: {
      title: 'Página não encontrada',
      description: 'O endereço acessado não existe.',
      backToStart: 'Voltar ao início',
    },
    actions: {
      save: 'Salvar',
      cancel: 'Cancelar',
      close: 'Fechar',
      delete: 'Excluir',
      confirm: 'Confirmar',
      edit: 'Editar',
      add: 'Adicionar',
      search: 'Pesquisar',
      retry: 'Tentar novamente',
      back: 'Voltar',
      yes: 'Sim',
      no: 'Não',
      ok: 'OK',
      loadMore: 'Carregar mais',
    },
    /** One wording for every delete confirmation (docs/architecture.md §8). */
    deleteConfirmation: {
      title: 'Excluir Registro',
      message: 'Deseja realmente excluir este registro?',
    },
    states: {
      empty: 'Nenhum registro encontrado.',
      noResults: 'Nenhum resultado para a pesquisa.',
    },
    language: {
      label: 'Idioma',
      current: 'Idioma: {{language}}',
      /** The button's accessible name: it starts with the code the button shows (WCAG 2.5.3). */
      button: '{{code}} – Idioma: {{language}}',
    },
  },
  en: {
    app: {
      name: 'Atende',
      loading: 'Loading…',
    },
    config: {
      title: 'The app could not start',
      description: 'The app configuration (config.json) is missing or invalid. Tell your system administrator.',
      details: 'Technical details',
      retry: 'Try again',
    },
    comingSoon: {
      title: 'Coming soon',
      description: 'The {{page}} page is being built and will be available soon.',
      backToTickets: 'Go to Tickets',
      backToLogin: 'Go to sign-in',
    },
    notFound: {
      title: 'Page not found',
      description: 'The address you opened does not exist.',
      backToStart: 'Back to the start',
    },
    actions: {
      save: 'Save',
      cancel: 'Cancel',
      close: 'Close',
      delete: 'Delete',
      confirm: 'Confirm',
      edit: 'Edit',
      add: 'Add',
      search: 'Search',
      retry: 'Try again',
      back: 'Back',
      yes: 'Yes',
      no: 'No',
      ok: 'OK',
      loadMore: 'Load more',
    },
    deleteConfirmation: {
      title: 'Delete record',
      message: 'Do you really want to delete this record?',
    },
    states: {
      empty: 'No records found.',
      noResults: 'No results for this search.',
    },
    language: {
      label: 'Language',
      current: 'Language: {{language}}',
      button: '{{code}} – Language: {{language}}',
    },
  },
  es: {
    app: {
      name: 'Atende',
      loading: 'Cargando…',
    },
    config: {
      title: 'No se pudo iniciar la aplicación',
      description:
        'La configuración de la aplicación (config.json) falta o no es válida. Avise al administrador del sistema.',
      details: 'Detalles técnicos',
      retry: 'Intentar de nuevo',
    },
    comingSoon: {
      title: 'Próximamente',
      description: 'La página {{page}} está en construcción y estará disponible pronto.',
      backToTickets: 'Ir a Atenciones',
      backToLogin: 'Ir al inicio de sesión',
    },
    notFound: {
      title: 'Página no encontrada',
      description: 'La dirección a la que accedió no existe.',
      backToStart: 'Volver al inicio',
    },
    actions: {
      save: 'Guardar',
      cancel: 'Cancelar',
      close: 'Cerrar',
      delete: 'Eliminar',
      confirm: 'Confirmar',
      edit: 'Editar',
      add: 'Agregar',
      search: 'Buscar',
      retry: 'Intentar de nuevo',
      back: 'Volver',
      yes: 'Sí',
      no: 'No',
      ok: 'OK',
      loadMore: 'Cargar más',
    },
    deleteConfirmation: {
      title: 'Eliminar registro',
      message: '¿Realmente desea eliminar este registro?',
    },
    states: {
      empty: 'No se encontraron registros.',
      noResults: 'No hay resultados para la búsqueda.',
    },
    language: {
      label: 'Idioma',
      current: 'Idioma: {{language}}',
      button: '{{code}} – Idioma: {{language}}',
    },
  },
});

/** The languages by their own names, the same in every language so a reader finds theirs. */
export const LANGUAGE_NAMES = { pt: 'Português', en: 'English', es: 'Español' } as const;

/** What the language button shows: the current language's code, e.g. 'PT'. */
export const languageCode = (language: Language): string => language.toUpperCase();

/**
 * The language button's accessible name, e.g. 'PT – Idioma: Português': the code it shows comes first,
 * so speech users can say what they see (WCAG 2.5.3, label in name), then what the button is for.
 */
export function languageButtonName(language: Language, texts: Texts<typeof commonTexts.pt>['language']): string {
  return format(texts.button, { code: languageCode(language), language: LANGUAGE_NAMES[language] });
}
