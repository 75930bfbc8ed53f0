/**
 * The realtime event catalogue (DESIGN.md §6): every channel the server publishes, with its payload.
 * Backend and web both import it, so an event name can never differ between the two. Frames are
 * `{ "event": "company-<companyId>-<channel>", "data": ... }`, or `{ "event": "company-announcement", ... }`
 * for the platform-wide channel.
 */
import type { Announcement } from './announcements';
import type { ContactDto } from './contacts';
import type { ConnectionDto } from './connections';
import type { QueueDto } from './queues';
import type { QuickMessage } from './quick-messages';
import type { MessageDto } from './messages';
import type { Setting } from './settings';
import type { TicketDto } from './tickets';
import type { UserDto } from './users';

export interface CompanyChannels {
  /**
   * The user signed in elsewhere: the earlier sessions show 'Sua conta foi acessada em outro computador.'
   * Sent to the user's room; `session` is the `sessionTag` (shared/users.ts) of the new sign-in, so the
   * new session's own connections recognise it and stay.
   */
  auth: { readonly action: 'update'; readonly user: { readonly id: string }; readonly session: string };
  settings: { readonly action: 'update'; readonly setting: Setting };
  user: { readonly action: 'create' | 'update'; readonly user: UserDto } | { readonly action: 'delete'; readonly userId: string };
  queue: { readonly action: 'create' | 'update'; readonly queue: QueueDto } | { readonly action: 'delete'; readonly queueId: string };
  /**
   * Published to the ticket rooms (by status and queue, see functions/core/realtime/ticket-rooms.ts), so
   * an agent hears only tickets of their queues. `delete` also goes to the rooms of the status a ticket
   * left, so lists drop it.
   */
  ticket:
    | { readonly action: 'update'; readonly ticket: TicketDto }
    | { readonly action: 'delete'; readonly ticketId: string }
    | { readonly action: 'updateUnread'; readonly ticketId: string };
  /**
   * Contacts of the company changed (contacts page, ticket items, drawers). `reload`: many changed at
   * once (an import); lists refetch.
   */
  contact:
    | { readonly action: 'create' | 'update'; readonly contact: ContactDto }
    | { readonly action: 'delete'; readonly contactId: string }
    | { readonly action: 'reload' };
  /** Published to the ticket's chat-box room and its list rooms. */
  appMessage: { readonly action: 'create' | 'update'; readonly message: MessageDto; readonly ticket: TicketDto };
  /**
   * Quick messages changed (spec 2 §4): shared ones are published to the company room, personal ones to
   * their owner's user room only. `delete` also when a shared one became personal.
   */
  quickmessage:
    | { readonly action: 'create' | 'update'; readonly record: QuickMessage }
    | { readonly action: 'delete'; readonly id: string };
  /** Connections changed (created, edited, a status); never a session credential (DESIGN.md §1.6). */
  whatsapp: { readonly action: 'update'; readonly whatsapp: ConnectionDto } | { readonly action: 'delete'; readonly whatsappId: string };
  /** A connection's session moved (status, QR code), for the connections page and its QR dialog. */
  whatsappSession: { readonly action: 'update'; readonly session: ConnectionDto };
}

export type CompanyChannel = keyof CompanyChannels;

export interface GlobalChannels {
  /**
   * Reaches every connection of every company, so it carries active announcements only (with a fresh
   * mediaUrl). `inactive`: the announcement exists but is no longer shown to everyone (made or created
   * inactive); popovers drop it like a `delete`, the super user's page refetches it.
   */
  'company-announcement':
    | { readonly action: 'create' | 'update'; readonly record: Announcement }
    | { readonly action: 'delete' | 'inactive'; readonly id: string };
}

export type GlobalChannel = keyof GlobalChannels;

export const companyEventName = (companyId: string, channel: CompanyChannel): string => `company-${companyId}-${channel}`;

export interface RealtimeFrame<T = unknown> {
  readonly event: string;
  readonly data: T;
}

/** API Gateway's WebSocket frame limit; bigger changes are announced, and the client refetches. */
export const MAX_FRAME_BYTES = 32 * 1024;
