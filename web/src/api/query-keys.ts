/**
 * The keys of the server cache (TanStack Query), gathered from each resource's API module (its keys are
 * written there once), so a realtime event or a mutation in one screen refreshes what every other screen
 * shows of the same data. Keys are hierarchical: invalidating `queryKeys.tickets.all` refreshes every
 * ticket list and ticket.
 */
import { announcementKeys } from './announcements';
import { companyKeys } from './companies';
import { connectionKeys } from './connections';
import { contactKeys } from './contacts';
import { dashboardKeys } from './dashboard';
import { helpKeys } from './helps';
import { messageKeys } from './messages';
import { planKeys } from './plans';
import { queueKeys } from './queues';
import { quickMessageKeys } from './quick-messages';
import { scheduleKeys } from './schedules';
import { settingKeys } from './settings';
import { tagKeys } from './tags';
import { ticketNoteKeys } from './ticket-notes';
import { ticketKeys, unreadTicketKeys } from './tickets';
import { userKeys } from './users';

export const queryKeys = {
  me: ['me'] as const,
  tickets: ticketKeys,
  /** The header's notifications: the tickets with unread messages, under a root of their own. */
  notifications: unreadTicketKeys.all,
  /** One page of GET /contacts for a picker's search (the new-ticket modal), not the contacts page's list. */
  contactSearch: contactKeys.search,
  messages: messageKeys,
  notes: ticketNoteKeys,
  contacts: {
    all: contactKeys.all,
    list: contactKeys.list,
    lists: contactKeys.lists,
    one: contactKeys.one,
  },
  queues: queueKeys.all,
  /** One queue's option menu (under the queues' root). */
  queueOptions: queueKeys.options,
  users: { all: userKeys.all, list: userKeys.list, lists: userKeys.lists, one: userKeys.one },
  tags: { all: tagKeys.all, list: tagKeys.list, lists: tagKeys.lists },
  quickMessages: {
    all: quickMessageKeys.all,
    list: quickMessageKeys.list,
    lists: quickMessageKeys.lists,
    one: quickMessageKeys.one,
  },
  schedules: { all: scheduleKeys.all, list: scheduleKeys.list, lists: scheduleKeys.lists, one: scheduleKeys.one },
  connections: connectionKeys.all,
  settings: settingKeys.all,
  companies: companyKeys,
  dashboard: dashboardKeys.all,
  announcements: { all: announcementKeys.all, lists: announcementKeys.lists, list: announcementKeys.list },
  helps: helpKeys,
  plans: planKeys,
  // The conversation's selects and suggestions (under their resource, so invalidating it refreshes them).
  quickMessageOptions: quickMessageKeys.usable,
  tagOptions: tagKeys.options,
  /** The kanban board's lanes (its cards are under `tickets`). */
  kanbanTags: tagKeys.kanban,
  userOptions: userKeys.options,
} as const;
