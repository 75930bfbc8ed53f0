/**
 * The bot's messages on the ticket, as the company's (`bot`, no user), one after the other with the
 * integration's pause between them, while the ticket is still waiting for an agent: when one accepted it
 * meanwhile, the rest is not sent (the agent talks now).
 */
import type { Contact } from '../repositories/contacts';
import { getTicket, type Ticket } from '../repositories/tickets';
import { sendOnTicket } from '../conversations/send-message';

/** Ours: the most the pauses of one answer add up to; later messages go without one (the customer is waiting). */
export const REPLY_PAUSES_MAX_MS = 20_000;
/** Ours: the most messages one answer sends (a bot in a loop must not flood the customer). */
export const REPLY_MESSAGES_MAX = 20;
/** A message's text longer than WhatsApp shows comfortably is cut. */
export const REPLY_TEXT_MAX = 4096;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const waitsForAgent = (ticket: Ticket): boolean => ticket.status === 'pending' && ticket.userId === null;

/**
 * Sends the texts on the ticket. `after`: the instant of the message answered; each text is stored
 * after it (ids of one millisecond from two writers would sort at random). Answers whether all were sent.
 */
export async function sayOnTicket(ticket: Ticket, contact: Contact, texts: readonly string[], pauseMs: number, after: Date): Promise<boolean> {
  let paused = 0;
  let current = ticket;
  for (const [index, text] of texts.slice(0, REPLY_MESSAGES_MAX).entries()) {
    if (index > 0) {
      const pause = Math.min(pauseMs, REPLY_PAUSES_MAX_MS - paused);
      if (pause > 0) {
        await sleep(pause);
        paused += pause;
      }
      const fresh = await getTicket(ticket.companyId, ticket.id, true);
      if (!fresh || !waitsForAgent(fresh)) return false;
      current = fresh;
    }
    const at = new Date(Math.max(Date.now(), after.getTime() + 1));
    await sendOnTicket(current, { body: text.slice(0, REPLY_TEXT_MAX), userId: null, bot: true, contact }, at);
  }
  return true;
}
