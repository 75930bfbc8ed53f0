/** The ticket state machine of spec 1 §4.1: which transition a body asks for, and which fields it sets. */
import type { Ticket } from '../../../functions/core/repositories/tickets';
import { changesOf, decideTransition } from '../../../functions/core/conversations/ticket-transitions';
import { AppError } from '../../../functions/core/errors';
import { storedTicket } from '../../support/stored-ticket';

const ticket = (fields: Partial<Ticket> = {}): Ticket =>
  storedTicket({
    id: 'T1',
    uuid: 'u-1',
    chatbot: true,
    useIntegration: true,
    promptId: 'P1',
    integrationId: 'I1',
    ...fields,
  });

/** The transition's kind, or the code of the error that refuses it. */
function decide(stored: Ticket, body: Parameters<typeof decideTransition>[1], caller = 'U1'): string {
  try {
    return decideTransition(stored, body, caller).kind;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('decideTransition without an action (the spec clients)', () => {
  it.each([
    ['accept', ticket(), { status: 'open', userId: 'U1', queueId: 'Q1' }],
    ['reopen', ticket({ status: 'closed', userId: 'U2' }), { status: 'open', userId: 'U1' }],
    ['return', ticket({ status: 'open', userId: 'U1' }), { status: 'pending' }],
    ['finish', ticket({ status: 'open', userId: 'U1' }), { status: 'closed', userId: 'U1' }],
    ['finish', ticket(), { status: 'closed' }],
    ['transfer', ticket({ status: 'open', userId: 'U1' }), { queueId: 'Q2', userId: 'U2' }],
    ['transfer', ticket({ status: 'open', userId: 'U1' }), { userId: 'U2', queueId: 'Q1' }],
    ['transfer', ticket({ status: 'open', userId: 'U1' }), { queueId: 'Q2', status: 'pending', userId: null }],
    ['edit', ticket(), { useIntegration: false, promptId: null }],
    ['none', ticket(), {}],
    ['none', ticket({ status: 'open', userId: 'U1' }), { status: 'open', userId: 'U1' }],
  ] as const)('reads %s', async (kind, stored, body) => {
    expect(decide(stored, body)).toBe(kind);
  });

  it('answers ERR_TICKET_ALREADY_ACCEPTED to a second agent accepting a ticket another user now holds', async () => {
    expect(decide(ticket({ status: 'open', userId: 'U2' }), { status: 'open', userId: 'U1', queueId: 'Q1' })).toBe('ERR_TICKET_ALREADY_ACCEPTED');
  });

  it.each([
    ['without a userId', { status: 'open' }],
    ["with the caller's own userId", { status: 'open', userId: 'U1' }],
    ["with the holder's userId", { status: 'open', userId: 'U2' }],
    ['with the queue it already has', { status: 'open', queueId: 'Q1' }],
  ] as const)('answers ERR_TICKET_ALREADY_ACCEPTED to status open %s when another user now holds the ticket', (_case, body) => {
    expect(decide(ticket({ status: 'open', userId: 'U2' }), body)).toBe('ERR_TICKET_ALREADY_ACCEPTED');
  });

  it('reads status open on a pending ticket as an accept whatever userId the body names', () => {
    expect(decide(ticket(), { status: 'open' })).toBe('accept');
    expect(decide(ticket(), { status: 'open', userId: 'U2' })).toBe('accept');
  });

  it('lets the caller take an open ticket nobody holds', () => {
    expect(decide(ticket({ status: 'open', userId: null }), { status: 'open' })).toBe('accept');
    expect(decide(ticket({ status: 'open', userId: null }), { action: 'accept' })).toBe('accept');
  });

  it("refuses a transfer to a user without a queue ('Selecione uma fila', spec 1 §5)", () => {
    expect(decide(ticket({ status: 'open', userId: 'U1' }), { userId: 'U2' })).toBe('ERR_VALIDATION');
  });

  it('refuses closed -> pending, which is no transition of the spec', async () => {
    expect(decide(ticket({ status: 'closed' }), { status: 'pending' })).toBe('ERR_TICKET_STATUS_CHANGED');
  });
});

describe('decideTransition with an action', () => {
  it.each([
    ['accept on an open ticket of another user', ticket({ status: 'open', userId: 'U2' }), 'accept', 'ERR_TICKET_ALREADY_ACCEPTED'],
    ['accept on a closed ticket', ticket({ status: 'closed' }), 'accept', 'ERR_TICKET_STATUS_CHANGED'],
    ['return of a pending ticket', ticket(), 'return', 'ERR_TICKET_STATUS_CHANGED'],
    ['finish of a closed ticket', ticket({ status: 'closed' }), 'finish', 'ERR_TICKET_STATUS_CHANGED'],
    ['reopen of an open ticket', ticket({ status: 'open', userId: 'U1' }), 'reopen', 'ERR_TICKET_STATUS_CHANGED'],
    ['transfer of a closed ticket', ticket({ status: 'closed' }), 'transfer', 'ERR_TICKET_STATUS_CHANGED'],
  ] as const)('refuses %s', async (_case, stored, action, code) => {
    expect(decide(stored, { action, queueId: 'Q2' })).toBe(code);
  });

  it("refuses a transfer without a queue with 'Selecione uma fila'", async () => {
    expect(decide(ticket(), { action: 'transfer', userId: 'U2' })).toBe('ERR_VALIDATION');
  });

  it('treats a repeated accept by the holder as nothing to do', async () => {
    expect(decide(ticket({ status: 'open', userId: 'U1' }), { action: 'accept' })).toBe('none');
  });
});

describe('changesOf', () => {
  const now = new Date('2030-02-01T10:00:00.000Z');
  const caller = { id: 'U1', name: 'Ana' };

  it('gives an accepted ticket to the caller and stops the chatbot and its menu', () => {
    expect(changesOf({ kind: 'accept', edits: {} }, { caller, now })).toEqual({
      status: 'open',
      userId: 'U1',
      userName: 'Ana',
      chatbot: false,
      botState: null,
      updatedAt: '2030-02-01T10:00:00.000Z',
    });
  });

  it('records the caller on finish, clears integration and prompt, keeps the queue, and starts the rating wait when asked', () => {
    const changes = changesOf({ kind: 'finish', edits: {} }, { caller, now, ratingUntil: '2030-02-02T10:00:00.000Z' });

    expect(changes).toEqual({
      status: 'closed',
      userId: 'U1',
      userName: 'Ana',
      chatbot: false,
      botState: null,
      useIntegration: false,
      promptId: null,
      integrationId: null,
      awaitingRatingUntil: '2030-02-02T10:00:00.000Z',
      updatedAt: '2030-02-01T10:00:00.000Z',
    });
    expect(changes).not.toHaveProperty('queueId');
  });

  it('leaves the user of a ticket the company itself finishes as it was', () => {
    const changes = changesOf({ kind: 'finish', edits: {} }, { caller: null, now });

    expect(changes).toMatchObject({ status: 'closed', awaitingRatingUntil: null });
    expect(changes).not.toHaveProperty('userId');
    expect(changes).not.toHaveProperty('userName');
  });

  it('ends the queue bot menu when a ticket is transferred, so the next answer is not read as a menu choice', () => {
    expect(changesOf({ kind: 'transfer', queueId: 'Q2', userId: null, edits: {} }, { caller: null, target: null, now })).toMatchObject({
      queueId: 'Q2',
      botState: null,
    });
  });

  it('opens a transfer to a user for that user, and leaves a transfer to a queue pending for nobody', () => {
    expect(changesOf({ kind: 'transfer', queueId: 'Q2', userId: 'U2', edits: { whatsappId: 'W2' } }, { caller, target: { id: 'U2', name: 'Bia' }, now })).toMatchObject({
      queueId: 'Q2',
      status: 'open',
      userId: 'U2',
      userName: 'Bia',
      whatsappId: 'W2',
    });
    expect(changesOf({ kind: 'transfer', queueId: 'Q2', userId: null, edits: {} }, { caller, target: null, now })).toMatchObject({
      queueId: 'Q2',
      status: 'pending',
      userId: null,
      userName: null,
    });
  });

  it('clears the user on return, and the rating wait on reopen', () => {
    expect(changesOf({ kind: 'return', edits: {} }, { caller, now })).toMatchObject({ status: 'pending', userId: null, userName: null });
    expect(changesOf({ kind: 'reopen', edits: {} }, { caller, now })).toMatchObject({ status: 'open', userId: 'U1', awaitingRatingUntil: null });
  });
});
