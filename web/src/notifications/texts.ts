/** The notifications popover's and the volume control's words (spec 1 §2.7). */
import { defineTexts } from '../i18n/texts';

export const notificationsTexts = defineTexts({
  pt: {
    button: 'Notificações',
    buttonWithCount: {
      one: 'Notificações: {{count}} atendimento com mensagens novas',
      other: 'Notificações: {{count}} atendimentos com mensagens novas',
    },
    title: 'Notificações',
    empty: 'Nenhuma notificação no momento.',
    unread: { one: '{{count}} mensagem não lida', other: '{{count}} mensagens não lidas' },
    noMessageText: 'Nova mensagem',
    volume: 'Volume das notificações',
    volumeValue: 'Volume: {{percent}}%',
    enableDesktop: 'Ativar notificações do navegador',
  },
  en: {
    button: 'Notifications',
    buttonWithCount: { one: 'Notifications: {{count}} ticket with new messages', other: 'Notifications: {{count}} tickets with new messages' },
    title: 'Notifications',
    empty: 'No notifications right now.',
    unread: { one: '{{count}} unread message', other: '{{count}} unread messages' },
    noMessageText: 'New message',
    volume: 'Notification volume',
    volumeValue: 'Volume: {{percent}}%',
    enableDesktop: 'Turn on browser notifications',
  },
  es: {
    button: 'Notificaciones',
    buttonWithCount: {
      one: 'Notificaciones: {{count}} atención con mensajes nuevos',
      other: 'Notificaciones: {{count}} atenciones con mensajes nuevos',
    },
    title: 'Notificaciones',
    empty: 'No hay notificaciones por ahora.',
    unread: { one: '{{count}} mensaje no leído', other: '{{count}} mensajes no leídos' },
    noMessageText: 'Nuevo mensaje',
    volume: 'Volumen de las notificaciones',
    volumeValue: 'Volumen: {{percent}}%',
    enableDesktop: 'Activar las notificaciones del navegador',
  },
});
