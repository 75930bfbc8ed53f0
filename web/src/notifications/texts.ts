/** The notifications popover's and the volume control's words (spec 1 §2.7). */
import { defineTexts } from '../i18n/texts';

export const notificationsTexts = defineTexts({
  pt: {
    button: 'Notificações',
    buttonWithCount: 'Notificações: {{count}} atendimentos com mensagens novas',
    title: 'Notificações',
    empty: 'Nenhuma notificação no momento.',
    unread: '{{count}} mensagens não lidas',
    noMessageText: 'Nova mensagem',
    volume: 'Volume das notificações',
    volumeValue: 'Volume: {{percent}}%',
    enableDesktop: 'Ativar notificações do navegador',
  },
  en: {
    button: 'Notifications',
    buttonWithCount: 'Notifications: {{count}} tickets with new messages',
    title: 'Notifications',
    empty: 'No notifications right now.',
    unread: '{{count}} unread messages',
    noMessageText: 'New message',
    volume: 'Notification volume',
    volumeValue: 'Volume: {{percent}}%',
    enableDesktop: 'Turn on browser notifications',
  },
  es: {
    button: 'Notificaciones',
    buttonWithCount: 'Notificaciones: {{count}} atenciones con mensajes nuevos',
    title: 'Notificaciones',
    empty: 'No hay notificaciones por ahora.',
    unread: '{{count}} mensajes no leídos',
    noMessageText: 'Nuevo mensaje',
    volume: 'Volumen de las notificaciones',
    volumeValue: 'Volumen: {{percent}}%',
    enableDesktop: 'Activar las notificaciones del navegador',
  },
});
