/** The announcements popover's words (spec 1 §2.7; spec 3 §3). */
import { defineTexts } from '../i18n/texts';

export const announcementsPopoverTexts = defineTexts({
  pt: {
    button: 'Informativos',
    buttonWithNew: 'Informativos: há novidades',
    title: 'Informativos',
    empty: 'Nenhum informativo.',
    loadError: 'Não foi possível carregar os informativos.',
    retry: 'Tentar novamente',
    loading: 'Carregando…',
    image: 'Imagem do informativo {{title}}',
    priority: {
      1: 'Alta',
      2: 'Média',
      3: 'Baixa',
    },
  },
  en: {
    button: 'Announcements',
    buttonWithNew: 'Announcements: there is something new',
    title: 'Announcements',
    empty: 'No announcements.',
    loadError: 'The announcements could not be loaded.',
    retry: 'Try again',
    loading: 'Loading…',
    image: 'Image of the announcement {{title}}',
    priority: {
      1: 'High',
      2: 'Medium',
      3: 'Low',
    },
  },
  es: {
    button: 'Informativos',
    buttonWithNew: 'Informativos: hay novedades',
    title: 'Informativos',
    empty: 'No hay informativos.',
    loadError: 'No se pudieron cargar los informativos.',
    retry: 'Intentar de nuevo',
    loading: 'Cargando…',
    image: 'Imagen del informativo {{title}}',
    priority: {
      1: 'Alta',
      2: 'Media',
      3: 'Baja',
    },
  },
});
