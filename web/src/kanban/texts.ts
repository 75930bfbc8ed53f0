/** The strings of the kanban board (spec 2 §2 Kanban, §8), with what a screen reader hears while a card moves. */
import { defineTexts } from '../i18n/texts';

export const kanbanTexts = defineTexts({
  pt: {
    page: {
      title: 'Kanban',
      loading: 'Carregando o quadro…',
      loadError: 'Não foi possível carregar o quadro.',
      retry: 'Tentar novamente',
      board: 'Quadro kanban',
    },
    lane: {
      open: 'Em aberto',
      /** After the count, for screen readers: "3 tickets". */
      countSuffix: 'tickets',
      empty: 'Nenhum ticket',
    },
    card: {
      open: 'Ver Ticket',
      noMessage: 'Sem mensagens',
      roleDescription: 'ticket arrastável',
    },
    toasts: {
      tagRemoved: 'Ticket Tag Removido!',
      tagAdded: 'Ticket Tag Adicionado com Sucesso!',
    },
    drag: {
      instructions:
        'Para mover o ticket para outra coluna, pressione espaço. Use as setas para a esquerda e para a direita para trocar de coluna, espaço para soltar e Esc para cancelar.',
      start: 'Ticket {{card}} pego na coluna {{lane}}.',
      over: 'Ticket {{card}} sobre a coluna {{lane}}.',
      outside: 'Ticket {{card}} fora das colunas.',
      dropped: 'Ticket {{card}} solto na coluna {{lane}}.',
      droppedOutside: 'Ticket {{card}} solto fora das colunas; nada mudou.',
      cancelled: 'Movimento cancelado: o ticket {{card}} voltou para a coluna {{lane}}.',
    },
  },
  en: {
    page: {
      title: 'Kanban',
      loading: 'Loading the board…',
      loadError: 'The board could not be loaded.',
      retry: 'Try again',
      board: 'Kanban board',
    },
    lane: {
      open: 'Open',
      countSuffix: 'tickets',
      empty: 'No tickets',
    },
    card: {
      open: 'View ticket',
      noMessage: 'No messages',
      roleDescription: 'draggable ticket',
    },
    toasts: {
      tagRemoved: 'Ticket tag removed!',
      tagAdded: 'Ticket tag added successfully!',
    },
    drag: {
      instructions:
        'To move the ticket to another lane, press space. Use the left and right arrows to change lanes, space to drop it and Esc to cancel.',
      start: 'Picked up ticket {{card}} in lane {{lane}}.',
      over: 'Ticket {{card}} is over lane {{lane}}.',
      outside: 'Ticket {{card}} is outside the lanes.',
      dropped: 'Dropped ticket {{card}} in lane {{lane}}.',
      droppedOutside: 'Dropped ticket {{card}} outside the lanes; nothing changed.',
      cancelled: 'Move cancelled: ticket {{card}} went back to lane {{lane}}.',
    },
  },
  es: {
    page: {
      title: 'Kanban',
      loading: 'Cargando el tablero…',
      loadError: 'No se pudo cargar el tablero.',
      retry: 'Intentar de nuevo',
      board: 'Tablero kanban',
    },
    lane: {
      open: 'Abiertos',
      countSuffix: 'tickets',
      empty: 'Ningún ticket',
    },
    card: {
      open: 'Ver ticket',
      noMessage: 'Sin mensajes',
      roleDescription: 'ticket arrastrable',
    },
    toasts: {
      tagRemoved: '¡Etiqueta del ticket eliminada!',
      tagAdded: '¡Etiqueta del ticket añadida con éxito!',
    },
    drag: {
      instructions:
        'Para mover el ticket a otra columna, pulse espacio. Use las flechas izquierda y derecha para cambiar de columna, espacio para soltarlo y Esc para cancelar.',
      start: 'Ticket {{card}} tomado en la columna {{lane}}.',
      over: 'Ticket {{card}} sobre la columna {{lane}}.',
      outside: 'Ticket {{card}} fuera de las columnas.',
      dropped: 'Ticket {{card}} soltado en la columna {{lane}}.',
      droppedOutside: 'Ticket {{card}} soltado fuera de las columnas; nada cambió.',
      cancelled: 'Movimiento cancelado: el ticket {{card}} volvió a la columna {{lane}}.',
    },
  },
});
