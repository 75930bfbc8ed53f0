/**
 * The template variables of an agent's text (spec 1 §3, spec 2 §3; checklist C-113): `{{firstName}}`,
 * `{{name}}`, `{{ms}}`, `{{protocol}}` and `{{hora}}` are filled in with the ticket's contact and
 * protocol before the message is stored and sent, as the server already does for its own texts
 * (ticket-notices.ts), so the customer never receives the braces (docs/architecture.md §8: template
 * variables are filled everywhere a text goes to a customer).
 *
 * Every agent text is rendered, typed or picked from a quick reply alike: the server cannot tell the
 * two apart (the web fills a picked quick reply's variables in the input by the same shared rule, and
 * the agent may edit it or type more variables before sending), and the checklist asks that "sending a
 * text with them delivers substituted values". The stored message is
 * the rendered one, so the conversation shows what the customer got. Unknown variables stay as written
 * (shared/templates.ts).
 */
import { renderTemplate, ticketProtocol, usesTemplateVariable } from '../../../shared/templates';
import { getContact } from '../repositories/contacts';
import type { Ticket } from '../repositories/tickets';
import { numberedTicket } from './ticket-numbers';

export async function renderAgentText(ticket: Ticket, text: string, now: Date): Promise<string> {
  // Most texts have no variable: they are sent without reading the contact.
  if (!text.includes('{{')) return text;
  const contact = await getContact(ticket.companyId, ticket.contactId);
  return renderTemplate(text, {
    contactName: contact?.name ?? '',
    // ticketProtocol is the one source of a ticket's protocol (its number), shared with the server's own
    // texts; a ticket from before numbers is numbered first, only when the text asks for it.
    protocol: usesTemplateVariable(text, 'protocol') ? ticketProtocol(await numberedTicket(ticket)) : '',
    now,
  });
}
