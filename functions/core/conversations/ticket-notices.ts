/**
 * The messages the server sends on the company's behalf when a ticket changes hands (docs/architecture.md §8):
 * the greeting on accept (setting `sendGreetingAccepted`), the transfer notice (`sendMsgTransfTicket`),
 * and on finish the connection's closing message and the rating prompt (`userRating`). None goes to a
 * group. They are sent after the change is stored, as bot messages through the messages module; a
 * failure is logged and does not undo the change.
 *
 * On finish the connection's closing message goes first, then its rating message (the default text
 * below when it has none).
 */
import type { SettingKey } from '../../../shared/settings';
import { renderTemplate, ticketProtocol, usesTemplateVariable } from '../../../shared/templates';
import { logger } from '../logger';
import { getContact } from '../repositories/contacts';
import { listSettings } from '../repositories/settings';
import type { Ticket } from '../repositories/tickets';
import { sendOutgoingMessage } from './send-message';
import { numberedTicket } from './ticket-numbers';

export const ACCEPT_GREETING = '{{ms}} *{{firstName}}*, meu nome é *{agent}* e agora vou prosseguir com seu atendimento!';
export const TRANSFER_TO_QUEUE = '*Mensagem automática*: você foi transferido(a) para o setor *{queue}*. Aguarde, já vamos te atender!';
export const TRANSFER_TO_AGENT =
  '*Mensagem automática*: você foi transferido(a) para o atendente *{agent}* do setor *{queue}*. Aguarde, já vamos te atender!';
export const RATING_PROMPT =
  'Por favor, avalie o nosso atendimento respondendo com um número:\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito';

/** Whether each of the given settings is 'enabled' for the company. */
export async function enabledSettings(companyId: string, wanted: readonly SettingKey[]): Promise<Set<SettingKey>> {
  if (wanted.length === 0) return new Set();
  const settings = await listSettings(companyId);
  return new Set(settings.filter((setting) => wanted.includes(setting.key) && setting.value === 'enabled').map((setting) => setting.key));
}

export type Notice =
  | { readonly kind: 'greeting'; readonly agent: string }
  | { readonly kind: 'transfer'; readonly queue: string; readonly agent: string | null }
  /** The rating prompt: the connection's rating message, or ours. */
  | { readonly kind: 'rating'; readonly text?: string }
  /** The connection's closing message (`completionMessage`). */
  | { readonly kind: 'closing'; readonly text: string };

function noticeText(notice: Notice): string {
  switch (notice.kind) {
    case 'greeting':
      return ACCEPT_GREETING.replace('{agent}', notice.agent);
    case 'transfer':
      return (notice.agent ? TRANSFER_TO_AGENT.replace('{agent}', notice.agent) : TRANSFER_TO_QUEUE).replace('{queue}', notice.queue);
    case 'rating':
      return notice.text || RATING_PROMPT;
    case 'closing':
      return notice.text;
  }
}

/** Sends the notices in order on the ticket; each with the template variables of its contact filled in. */
export async function sendNotices(ticket: Ticket, notices: readonly Notice[], now = new Date()): Promise<void> {
  if (notices.length === 0 || ticket.isGroup) return;
  try {
    const contact = await getContact(ticket.companyId, ticket.contactId);
    const context = {
      contactName: contact?.name ?? '',
      protocol: notices.some((notice) => usesTemplateVariable(noticeText(notice), 'protocol')) ? ticketProtocol(await numberedTicket(ticket)) : '',
      now,
    };
    for (const notice of notices) {
      await sendOutgoingMessage(
        { companyId: ticket.companyId, ticketId: ticket.id, body: renderTemplate(noticeText(notice), context), userId: null, bot: true },
        now,
      );
    }
  } catch (error) {
    logger.warn('ticket notice not sent', { ticketId: ticket.id, notices: notices.map((notice) => notice.kind), error });
  }
}
