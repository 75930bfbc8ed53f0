/**
 * Message templates (spec 1 §3, spec 2 §3): the variables {{firstName}}, {{name}}, {{ms}} (the greeting
 * of the hour), {{protocol}} and {{hora}} in texts the server sends on the company's behalf (greeting on
 * accept, transfer notices, closing and rating messages, quick replies), and in the composer when a
 * quick reply is picked (the agent sees what the customer will get). Times are the company's
 * (shared/company-time.ts). Unknown variables are left as written, so a typo shows instead of vanishing.
 */
import { companyClock, companyHour } from './company-time';

export const TEMPLATE_VARIABLES = ['firstName', 'name', 'ms', 'protocol', 'hora'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

export interface TemplateContext {
  /** The contact's name as stored. */
  readonly contactName: string;
  /**
   * The ticket's protocol: its number (see ticketProtocol). null where it is not known yet (the web
   * filling a quick reply in for a ticket the server has not numbered): {{protocol}} then stays as
   * written, and the server fills it in when the text is sent.
   */
  readonly protocol: string | null;
  readonly now: Date;
}

/** 'Bom dia' from 5:00 to 11:59, 'Boa tarde' from 12:00 to 17:59, 'Boa noite' otherwise (company time). */
export function greetingOfHour(now: Date): 'Bom dia' | 'Boa tarde' | 'Boa noite' {
  const hour = companyHour(now);
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/**
 * The protocol a customer can quote on the phone: the ticket's number in its company (README, behaviour
 * notes), as the stored ticket and the TicketDto both carry it. '' for a ticket without one yet (stored
 * before numbers existed; the server numbers such a ticket before it fills a text in).
 */
export function ticketProtocol(ticket: { readonly number?: number | null }): string {
  return ticket.number === undefined || ticket.number === null ? '' : String(ticket.number);
}

const VARIABLE = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** Whether the text uses the variable: a value that costs a read (the protocol) is looked up only when it does. */
export function usesTemplateVariable(text: string, variable: TemplateVariable): boolean {
  return [...text.matchAll(VARIABLE)].some((match) => match[1] === variable);
}

export function renderTemplate(text: string, context: TemplateContext): string {
  const name = context.contactName.trim();
  const values: Record<TemplateVariable, string | null> = {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    ms: greetingOfHour(context.now),
    protocol: context.protocol,
    hora: companyClock(context.now),
  };
  return text.replace(VARIABLE, (whole, variable: string) =>
    (TEMPLATE_VARIABLES as readonly string[]).includes(variable) ? (values[variable as TemplateVariable] ?? whole) : whole,
  );
}
