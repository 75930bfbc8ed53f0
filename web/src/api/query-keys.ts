/**
 * The keys of the server cache (TanStack Query), gathered from each resource's API module (its keys are
 * written there once), so a realtime event or a mutation in one screen refreshes what every other screen
 * shows of the same data. Keys are hierarchical: invalidating `queryKeys.tickets.all` refreshes every
 * ticket list and ticket.
 *
 * One name per key: each resource's keys object as it is, under the resource's name, never an alias
 * of its own, so `queryKeys.tags.options` is `tagKeys.options` in name as in value. A screen may import
 * either; one that loads first (the shell's header) imports its resource's keys alone, not every module.
 */
import { announcementKeys } from './announcements';
import { billingKeys } from './billing';
import { campaignSettingKeys } from './campaign-settings';
import { campaignKeys } from './campaigns';
import { chatKeys } from './chats';
import { companyKeys } from './companies';
import { connectionKeys } from './connections';
import { contactListKeys } from './contact-lists';
import { contactKeys } from './contacts';
import { dashboardKeys } from './dashboard';
import { externalApiKeys } from './external-api';
import { fileListKeys } from './file-lists';
import { helpKeys } from './helps';
import { messageKeys } from './messages';
import { planKeys } from './plans';
import { promptKeys } from './prompts';
import { queueIntegrationKeys } from './queue-integrations';
import { queueKeys } from './queues';
import { quickMessageKeys } from './quick-messages';
import { scheduleKeys } from './schedules';
import { settingKeys } from './settings';
import { tagKeys } from './tags';
import { ticketNoteKeys } from './ticket-notes';
import { notificationKeys, ticketKeys } from './tickets';
import { userKeys } from './users';
import { whatsappTemplateKeys } from './whatsapp-templates';

export const queryKeys = {
  announcements: announcementKeys,
  billing: billingKeys,
  campaignSettings: campaignSettingKeys,
  campaigns: campaignKeys,
  chats: chatKeys,
  companies: companyKeys,
  connections: connectionKeys,
  contactLists: contactListKeys,
  contacts: contactKeys,
  dashboard: dashboardKeys,
  externalApi: externalApiKeys,
  fileLists: fileListKeys,
  helps: helpKeys,
  messages: messageKeys,
  /** The header's notifications: the tickets with unread messages, under a root of their own. */
  notifications: notificationKeys,
  plans: planKeys,
  prompts: promptKeys,
  queueIntegrations: queueIntegrationKeys,
  queues: queueKeys,
  quickMessages: quickMessageKeys,
  schedules: scheduleKeys,
  settings: settingKeys,
  tags: tagKeys,
  ticketNotes: ticketNoteKeys,
  tickets: ticketKeys,
  users: userKeys,
  whatsappTemplates: whatsappTemplateKeys,
} as const;
