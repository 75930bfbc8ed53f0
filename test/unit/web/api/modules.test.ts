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
import { notificationKeys, ticketKeys, ticketPath } from '../../../../web/src/api/tickets';
import { userKeys } from '../../../../web/src/api/users';
import { whatsappTemplateKeys, whatsappTemplatesPath, whatsappTemplatesSyncPath } from '../../../../web/src/api/whatsapp-templates';

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
      [whatsappTemplateKeys.ofConnection('W1'), whatsappTemplateKeys.all],
    ];
    for (const [key, root] of cases) expect([key, startsWith(key, root)]).toEqual([key, true]);
  });

  test('gather the very keys of the modules in queryKeys, each under the name of its resource', () => {
    expect(queryKeys.contacts).toBe(contactKeys);
    expect(queryKeys.tickets).toBe(ticketKeys);
    expect(queryKeys.notifications).toBe(notificationKeys);
    expect(queryKeys.queues).toBe(queueKeys);
    expect(queryKeys.connections).toBe(connectionKeys);
    expect(queryKeys.tags).toBe(tagKeys);
    expect(queryKeys.users).toBe(userKeys);
    expect(queryKeys.plans).toBe(planKeys);
    expect(queryKeys.quickMessages).toBe(quickMessageKeys);
    expect(queryKeys.messages).toBe(messageKeys);
    expect(queryKeys.announcements).toBe(announcementKeys);
    expect(queryKeys.whatsappTemplates).toBe(whatsappTemplateKeys);
  });

  test('give no two names to one key', () => {
    const names = new Map<string, string[]>();
    const name = (path: string, key: unknown) => {
      // A key builder is known by what it builds for a sample argument.
      const value = JSON.stringify(typeof key === 'function' ? (key as (sample: string) => unknown)('X') : key);
      names.set(value, [...(names.get(value) ?? []), path]);
    };
    for (const [resource, keys] of Object.entries(queryKeys)) {
      if (Array.isArray(keys) || typeof keys === 'function') name(resource, keys);
      else for (const [key, value] of Object.entries(keys)) name(`${resource}.${key}`, value);
    }
    expect([...names.values()].filter((same) => same.length > 1)).toEqual([]);
  });

  test('encode the ids they put in paths', () => {
    expect(contactPath('a/b')).toBe('/contacts/a%2Fb');
    expect(ticketPath('T 1')).toBe('/tickets/T%201');
    expect(messagesPath('T1')).toBe('/messages/T1');
    expect(quickMessagePath('Q/1')).toBe('/quick-messages/Q%2F1');
    expect(quickMessageMediaPath('Q1')).toBe('/quick-messages/Q1/media-upload');
    expect(tagPath('a/b')).toBe('/tags/a%2Fb');
    expect(whatsappTemplatesPath('W/1')).toBe('/whatsapp/W%2F1/templates');
    expect(whatsappTemplatesSyncPath('W1')).toBe('/whatsapp/W1/templates/sync');
  });
});
