/**
 * The ticket state machine (spec 1 §4.1), as pure functions: which transition a PUT /tickets/{id} asks
 * for, given the ticket as stored, and which fields it sets.
 *
 * | from            | transition | to                          | fields                                           |
 * |-----------------|------------|-----------------------------|--------------------------------------------------|
 * | pending         | accept     | open                        | the caller takes it (open with another: refused) |
 * | open            | return     | pending                     | user cleared                                     |
 * | pending, open   | finish     | closed                      | the caller recorded; integration, prompt cleared |
 * | closed          | reopen     | open                        | the caller takes it; a new attendance begins     |
 * | pending, open   | transfer   | open (to a user) or pending | queue, user, optionally connection               |
 * Anything else is an `edit` of useIntegration, promptId, integrationId and whatsappId.
 */
import type { TicketAction, UpdateTicketBody } from '../../../shared/tickets';
import { AppError } from '../errors';
import type { TicketChanges } from '../repositories/ticket-changes';
import type { Ticket } from '../repositories/tickets';

export type EditFields = Partial<Pick<Ticket, 'useIntegration' | 'promptId' | 'integrationId' | 'whatsappId'>>;

export type TicketTransition =
  | { readonly kind: 'accept' | 'return' | 'finish' | 'reopen'; readonly edits: EditFields }
  | { readonly kind: 'transfer'; readonly queueId: string; readonly userId: string | null; readonly edits: EditFields }
  | { readonly kind: 'edit'; readonly edits: EditFields }
  | { readonly kind: 'none' };

const alreadyAccepted = () => new AppError('ERR_TICKET_ALREADY_ACCEPTED');
const statusChanged = () => new AppError('ERR_TICKET_STATUS_CHANGED');
const queueRequired = () =>
  new AppError('ERR_VALIDATION', { message: 'Selecione uma fila', fields: [{ path: 'queueId', message: 'Selecione uma fila' }] });

/** The fields of the body that are plain edits, when they differ from the ticket. */
function editsOf(ticket: Ticket, body: UpdateTicketBody): EditFields {
  const edits: { -readonly [K in keyof EditFields]: EditFields[K] } = {};
  if (body.useIntegration !== undefined && body.useIntegration !== ticket.useIntegration) edits.useIntegration = body.useIntegration;
  if (body.promptId !== undefined && body.promptId !== ticket.promptId) edits.promptId = body.promptId;
  if (body.integrationId !== undefined && body.integrationId !== ticket.integrationId) edits.integrationId = body.integrationId;
  if (body.whatsappId !== undefined && body.whatsappId !== ticket.whatsappId) edits.whatsappId = body.whatsappId;
  return edits;
}

/** The transition the body asks of the ticket as stored, or the error that refuses it. */
export function decideTransition(ticket: Ticket, body: UpdateTicketBody, callerId: string): TicketTransition {
  const edits = editsOf(ticket, body);
  const action = body.action ?? inferAction(ticket, body);
  switch (action) {
    case undefined:
      return Object.keys(edits).length > 0 ? { kind: 'edit', edits } : { kind: 'none' };
    case 'accept':
      // An open ticket nobody holds (its agent's id was cleared by hand) is still free to take.
      if (ticket.status === 'pending' || (ticket.status === 'open' && ticket.userId === null)) return { kind: 'accept', edits };
      if (ticket.status === 'open' && ticket.userId === callerId) return Object.keys(edits).length > 0 ? { kind: 'edit', edits } : { kind: 'none' };
      throw ticket.status === 'open' ? alreadyAccepted() : statusChanged();
    case 'return':
      if (ticket.status !== 'open') throw statusChanged();
      return { kind: 'return', edits };
    case 'finish':
      if (ticket.status === 'closed') throw statusChanged();
      return { kind: 'finish', edits: {} };
    case 'reopen':
      if (ticket.status !== 'closed') throw statusChanged();
      return { kind: 'reopen', edits };
    case 'transfer': {
      if (!body.queueId) throw queueRequired();
      if (ticket.status === 'closed') throw statusChanged();
      return { kind: 'transfer', queueId: body.queueId, userId: body.userId ?? null, edits };
    }
  }
}

/**
 * The spec's clients name no action: it follows from the fields (see UpdateTicketBody). `status: 'open'`
 * on a ticket that is not closed is an accept, whatever `userId` the body names (the caller takes the
 * ticket): of agents racing for a pending ticket with the spec's payload exactly one wins, and the others,
 * reading it again open with the winner, hear ERR_TICKET_ALREADY_ACCEPTED rather than a quiet 200.
 */
function inferAction(ticket: Ticket, body: UpdateTicketBody): TicketAction | undefined {
  const queueChange = body.queueId !== undefined && body.queueId !== ticket.queueId;
  const userChange = body.userId !== undefined && body.userId !== ticket.userId;
  if (queueChange || (userChange && body.status === undefined)) return 'transfer';
  if (body.status === undefined) return undefined;
  if (body.status === 'open') return ticket.status === 'closed' ? 'reopen' : 'accept';
  if (body.status === ticket.status) return undefined;
  if (body.status === 'closed') return 'finish';
  if (ticket.status === 'open') return 'return';
  throw statusChanged();
}

export interface Actor {
  readonly id: string;
  readonly name: string;
  /** The user's `updatedAt`, the version of the name the ticket copies (ticket-rows.ts); read when absent. */
  readonly updatedAt?: string;
}

/**
 * The fields the transition sets. `caller` takes the ticket on accept, finish and reopen; null is the
 * company itself (its timers, the external API), which finishes a ticket without taking it. `target`
 * is the user a transfer goes to; `ratingUntil` is set when the finish starts the rating flow. Every
 * transition but an edit ends the queue bot's menu: a person or another queue has the ticket now.
 */
export function changesOf(
  transition: Exclude<TicketTransition, { kind: 'none' }>,
  context: { readonly caller: Actor | null; readonly target?: Actor | null; readonly now: Date; readonly ratingUntil?: string | null },
): TicketChanges {
  const updatedAt = context.now.toISOString();
  const take = context.caller ? { userId: context.caller.id, userName: context.caller.name } : {};
  switch (transition.kind) {
    case 'accept':
      return { ...transition.edits, status: 'open', ...take, chatbot: false, botState: null, updatedAt };
    case 'return':
      return { ...transition.edits, status: 'pending', userId: null, userName: null, updatedAt };
    case 'finish':
      return {
        status: 'closed',
        ...take,
        chatbot: false,
        botState: null,
        useIntegration: false,
        promptId: null,
        integrationId: null,
        awaitingRatingUntil: context.ratingUntil ?? null,
        updatedAt,
      };
    case 'reopen':
      return { ...transition.edits, status: 'open', ...take, chatbot: false, botState: null, awaitingRatingUntil: null, updatedAt };
    case 'transfer': {
      const target = context.target ?? null;
      return {
        ...transition.edits,
        queueId: transition.queueId,
        status: target ? 'open' : 'pending',
        userId: target?.id ?? null,
        userName: target?.name ?? null,
        chatbot: false,
        botState: null,
        updatedAt,
      };
    }
    case 'edit':
      return { ...transition.edits };
  }
}
