import { defaultConnectionId, otherOpenTicketOf } from '../../../../web/src/tickets/new-ticket';

describe('defaultConnectionId', () => {
  const connections = [
    { id: 'W1', isDefault: false },
    { id: 'W2', isDefault: true },
  ];

  test("offers the user's default connection first", () => {
    expect(defaultConnectionId(connections, 'W1')).toBe('W1');
  });

  test("falls back to the company's default when the user's is gone or unset", () => {
    expect(defaultConnectionId(connections, 'W9')).toBe('W2');
    expect(defaultConnectionId(connections, null)).toBe('W2');
  });

  test('offers none without connections', () => {
    expect(defaultConnectionId([], null)).toBeNull();
  });
});

describe('otherOpenTicketOf', () => {
  test('reads who holds the contact and in which queue', () => {
    // Prepare
    const body = {
      error: 'ERR_OTHER_OPEN_TICKET',
      details: { ticketId: 'T1', uuid: 'u-1', status: 'open', user: { id: 'U2', name: 'Bia' }, queue: { id: 'Q1', name: 'Vendas' } },
    };

    // Act
    const details = otherOpenTicketOf(body);

    // Assess
    expect(details).toEqual({ ticketId: 'T1', uuid: 'u-1', status: 'open', user: { id: 'U2', name: 'Bia' }, queue: { id: 'Q1', name: 'Vendas' } });
  });

  test('reads a waiting ticket without user or queue', () => {
    const details = otherOpenTicketOf({ details: { ticketId: 'T1', uuid: 'u-1', status: 'pending', user: null, queue: null } });

    expect(details).toMatchObject({ user: null, queue: null, status: 'pending' });
  });

  test('answers null for an answer without details', () => {
    expect(otherOpenTicketOf({ error: 'ERR_OTHER_OPEN_TICKET' })).toBeNull();
    expect(otherOpenTicketOf(undefined)).toBeNull();
  });
});
