/**
 * Which cached ticket lists are read again when the server answers that a list room is joined: the
 * lists of that status, and the search's, which spans every status; never the lists of another status.
 */
import { queryKeys } from '../../../../web/src/api/query-keys';
import type { TicketListSpec } from '../../../../web/src/tickets/ticket-lists';
import { listShowsStatus } from '../../../../web/src/tickets/use-ticket-lists';

const list = (status?: 'open' | 'pending' | 'closed'): readonly unknown[] => {
  const spec: TicketListSpec = { ...(status && { status }), searchParam: '', queueIds: null, tags: [], users: [], showAll: true };
  return queryKeys.tickets.list(spec);
};

describe('listShowsStatus', () => {
  it('picks the lists of the joined status and the search list', () => {
    expect(listShowsStatus(list('pending'), 'pending')).toBe(true);
    expect(listShowsStatus(list(), 'pending')).toBe(true);
  });

  it('leaves the lists of the other statuses alone', () => {
    expect(listShowsStatus(list('open'), 'pending')).toBe(false);
    expect(listShowsStatus(list('closed'), 'pending')).toBe(false);
  });
});
