import { actionBody, cameFromOpening, narrowViewAfter, pathAfterAction, routeTicketOf, stateAfterAction } from '../../../../web/src/tickets/ticket-action-rules';
import { mayWorkOn } from '../../../../web/src/tickets/viewer';

const ticket = { id: '01JTICKET', uuid: '3f1c2a9e-0000-4000-8000-000000000001' };

describe('actionBody', () => {
  test('accepts for the caller, naming the action the server checks', () => {
    expect(actionBody('accept', 'U1')).toEqual({ action: 'accept', status: 'open', userId: 'U1' });
  });

  test('finishes and reopens for the caller', () => {
    expect(actionBody('finish', 'U1')).toEqual({ action: 'finish', status: 'closed', userId: 'U1' });
    expect(actionBody('reopen', 'U1')).toEqual({ action: 'reopen', status: 'open', userId: 'U1' });
  });

  test('returns to pending without a user', () => {
    expect(actionBody('return', 'U1')).toEqual({ action: 'return', status: 'pending', userId: null });
  });

  test('transfers to the queue and user chosen', () => {
    expect(actionBody('transfer', 'U1', { queueId: 'Q2', userId: null })).toEqual({ action: 'transfer', queueId: 'Q2', userId: null });
  });

  test('moves the ticket to another connection in the same transfer, so it all happens or none of it', () => {
    expect(actionBody('transfer', 'U1', { queueId: 'Q2', userId: 'U2', whatsappId: 'W2' })).toEqual({
      action: 'transfer',
      queueId: 'Q2',
      userId: 'U2',
      whatsappId: 'W2',
    });
  });

  test('keeps the connection of a transfer that names none', () => {
    expect(actionBody('transfer', 'U1', { queueId: 'Q2', userId: null, whatsappId: null })).not.toHaveProperty('whatsappId');
  });
});

describe('pathAfterAction', () => {
  test('opens the ticket after an accept or a reopen', () => {
    expect(pathAfterAction('accept', ticket, ticket, '/tickets')).toBe(`/tickets/${ticket.uuid}`);
    expect(pathAfterAction('reopen', ticket, ticket, '/tickets/OTHER')).toBe(`/tickets/${ticket.uuid}`);
  });

  test('goes back to the list after finishing the ticket on screen, named by uuid or id', () => {
    expect(pathAfterAction('finish', ticket, ticket, `/tickets/${ticket.uuid}`)).toBe('/tickets');
    expect(pathAfterAction('transfer', ticket, ticket, `/tickets/${ticket.id}`)).toBe('/tickets');
    expect(pathAfterAction('return', ticket, ticket, `/tickets/${ticket.uuid}`)).toBe('/tickets');
  });

  test('stays where it is after finishing another ticket than the one on screen', () => {
    expect(pathAfterAction('finish', ticket, ticket, '/tickets/SOMETHING-ELSE')).toBeNull();
    expect(pathAfterAction('finish', ticket, ticket, '/tickets')).toBeNull();
  });
});

describe('routeTicketOf', () => {
  test('reads the ticket reference of a tickets path only', () => {
    expect(routeTicketOf('/tickets/abc')).toBe('abc');
    expect(routeTicketOf('/tickets')).toBeUndefined();
    expect(routeTicketOf('/contacts/abc')).toBeUndefined();
  });
});

describe("a phone's panel after a navigation (issue 27)", () => {
  test('shows the conversation of a ticket the route now names, and the list without one', () => {
    expect(narrowViewAfter('list', { before: undefined, reference: ticket.uuid, state: null })).toBe('ticket');
    expect(narrowViewAfter('ticket', { before: ticket.uuid, reference: undefined, state: null })).toBe('list');
  });

  test('shows the conversation when an accept opens the ticket the route already named, from the list', () => {
    // Opened from a notification while pending, back to the list, accepted there: the address stays.
    expect(narrowViewAfter('list', { before: ticket.uuid, reference: ticket.uuid, state: stateAfterAction('accept') })).toBe('ticket');
  });

  test('keeps the panel the user chose on another navigation to the same ticket', () => {
    expect(narrowViewAfter('list', { before: ticket.uuid, reference: ticket.uuid, state: null })).toBe('list');
  });
});

describe('the list tab after an action', () => {
  test('shows the open, Assigned tab after an accept or a reopen, where the ticket now is', () => {
    expect(cameFromOpening(stateAfterAction('accept'))).toBe(true);
    expect(cameFromOpening(stateAfterAction('reopen'))).toBe(true);
  });

  test('leaves the tabs as they are after the other actions and on any other navigation', () => {
    for (const kind of ['finish', 'return', 'transfer'] as const) expect(cameFromOpening(stateAfterAction(kind))).toBe(false);
    expect(cameFromOpening(null)).toBe(false);
    expect(cameFromOpening({ from: '/contacts' })).toBe(false);
  });
});

describe('mayWorkOn (the actions a ticket offers)', () => {
  const agent = { userId: 'U1', profile: 'user' };
  const held = { status: 'open', userId: 'U2' } as const;

  test("offers a non-admin nothing that moves or writes to a ticket another user attends", () => {
    expect(mayWorkOn(agent, held)).toBe(false);
    expect(mayWorkOn({ userId: 'U1', profile: 'supervisor' }, held)).toBe(false);
  });

  test('offers them to the holder, to an admin (any case of the profile), and on tickets nobody attends', () => {
    expect(mayWorkOn({ userId: 'U2', profile: 'user' }, held)).toBe(true);
    expect(mayWorkOn({ userId: 'U1', profile: 'Admin' }, held)).toBe(true);
    expect(mayWorkOn(agent, { status: 'pending', userId: null })).toBe(true);
    expect(mayWorkOn(agent, { status: 'closed', userId: 'U2' })).toBe(true);
  });
});
