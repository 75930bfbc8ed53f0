/** The typed API modules: each resource's keys written once, under its root key (issue 13). */
import { announcementKeys } from '../../../../web/src/api/announcements';
import { connectionKeys } from '../../../../web/src/api/connections';
import { contactKeys, contactPath } from '../../../../web/src/api/contacts';
import { messageKeys, messagesPath } from '../../../../web/src/api/messages';
import { planKeys } from '../../../../web/src/api/plans';
import { queryKeys } from '../../../../web/src/api/query-keys';
import { queueKeys } from '../../../../web/src/api/queues';
import { quickMessageKeys, quickMessageMediaPath, quickMessagePath } from '../../../../web/src/api/quick-messages';
import { tagKeys, tagPath } from '../../../../web/src/api/tags';
import { ticketKeys, ticketPath } from '../../../../web/src/api/tickets';
import { userKeys } from '../../../../web/src/api/users';

const startsWith = (key: readonly unknown[], root: readonly unknown[]) => root.every((part, index) => key[index] === part);

describe('the API modules', () => {
  test('put every key of a resource under its root key, so invalidating the root refreshes them all', () => {
    const cases: [readonly unknown[], readonly unknown[]][] = [
      [contactKeys.list('ana'), contactKeys.all],
      [contactKeys.one('C1'), contactKeys.all],
      [contactKeys.search('an'), contactKeys.all],
      [contactKeys.list('ana'), contactKeys.lists],
      [tagKeys.options, tagKeys.all],
      [tagKeys.list('vip'), tagKeys.lists],
      [tagKeys.lists, tagKeys.all],
      [userKeys.options, userKeys.all],
      [quickMessageKeys.usable, quickMessageKeys.all],
      [quickMessageKeys.list('ola'), quickMessageKeys.lists],
      [quickMessageKeys.lists, quickMessageKeys.all],
      [quickMessageKeys.one('Q1'), quickMessageKeys.all],
      [ticketKeys.list({ status: 'open' }), ticketKeys.lists],
      [ticketKeys.byUuid('u'), ticketKeys.all],
      [ticketKeys.kanban({ showAll: true, queueIds: [] }), ticketKeys.kanbanBoards],
      [ticketKeys.kanbanBoards, ticketKeys.all],
      [tagKeys.kanban, tagKeys.all],
      [messageKeys.ofTicket('T1'), messageKeys.all],
      [announcementKeys.popover, announcementKeys.all],
    ];
    for (const [key, root] of cases) expect([key, startsWith(key, root)]).toEqual([key, true]);
  });

  test('gather the very keys of the modules in queryKeys, not copies of them', () => {
    expect(queryKeys.contacts.list).toBe(contactKeys.list);
    expect(queryKeys.contactSearch).toBe(contactKeys.search);
    expect(queryKeys.tickets).toBe(ticketKeys);
    expect(queryKeys.queues).toBe(queueKeys.all);
    expect(queryKeys.connections).toBe(connectionKeys.all);
    expect(queryKeys.tagOptions).toBe(tagKeys.options);
    expect(queryKeys.userOptions).toBe(userKeys.options);
    expect(queryKeys.plans).toBe(planKeys);
    expect(queryKeys.quickMessages.list).toBe(quickMessageKeys.list);
    expect(queryKeys.quickMessageOptions).toBe(quickMessageKeys.usable);
  });

  test('encode the ids they put in paths', () => {
    expect(contactPath('a/b')).toBe('/contacts/a%2Fb');
    expect(ticketPath('T 1')).toBe('/tickets/T%201');
    expect(messagesPath('T1')).toBe('/messages/T1');
    expect(quickMessagePath('Q/1')).toBe('/quick-messages/Q%2F1');
    expect(quickMessageMediaPath('Q1')).toBe('/quick-messages/Q1/media-upload');
    expect(tagPath('a/b')).toBe('/tags/a%2Fb');
  });
});
