/**
 * The realtime event catalogue (docs/architecture.md §6): every channel the server publishes, with its payload.
 * Backend and web both import it, so an event name can never differ between the two. Frames are
 * `{ "event": "company-<companyId>-<channel>", "data": ... }`, or `{ "event": "company-announcement", ... }`
 * for the platform-wide channel, or one of the join answers (`JoinAnswers`) sent to one connection.
 */
import type { Announcement } from './announcements';
import type { PAYMENT_CONCLUDED } from './billing';
import type { CampaignSettingPair } from './campaign-settings';
import type { Chat, ChatMessage } from './chats';
import type { Prompt } from './prompts';
import type { Campaign } from './campaigns';
import type { ContactList, ContactListItem } from './contact-lists';
import type { ContactDto } from './contacts';
import type { FileListRecord } from './file-lists';
import type { ConnectionDto } from './connections';
import type { QueueDto } from './queues';
import type { QueueIntegration } from './queue-integrations';
import type { ClientAction } from './realtime-actions';
import type { QuickMessage } from './quick-messages';
import type { ScheduledMessage } from './scheduled-messages';
import type { Tag } from './tags';
import type { MessageDto } from './messages';
import type { Setting } from './settings';
import type { TicketDto, TicketStatus } from './tickets';
import type { UserDto } from './users';

export interface CompanyChannels {
  /**
   * The user signed in elsewhere: the earlier sign-ins show 'Sua conta foi acessada em outro computador.'
   * Sent to the user's room; `session` (the spec's name) is the `signInTag` (shared/users.ts) of the new
   * sign-in, so the new sign-in's own sockets recognise it and stay.
   */
  auth: { readonly action: 'update'; readonly user: { readonly id: string }; readonly session: string };
  settings: { readonly action: 'update'; readonly setting: Setting };
  /**
   * A payment settled an invoice (spec 3 §4, §7: the spec's channel and action): the company's new due
   * date, which the checkout shows before it leaves. Published once per payment, to the company room.
   */
  payment: {
    readonly action: typeof PAYMENT_CONCLUDED;
    readonly invoiceId: string;
    readonly company: { readonly id: string; readonly dueDate: string; readonly planId: string };
  };
  /**
   * Contact lists of campaigns changed (spec 2 §4: the spec's channel name). `update` also when a list's
   * count moved (items added, deleted, an upload).
   */
  ContactList:
    | { readonly action: 'create' | 'update'; readonly record: ContactList }
    | { readonly action: 'delete'; readonly id: string };
  /** Items of a contact list changed; `reload`: many at once (an upload, the validity checks), refetch. */
  ContactListItem:
    | { readonly action: 'create' | 'update'; readonly record: ContactListItem }
    | { readonly action: 'delete'; readonly id: string; readonly contactListId: string }
    | { readonly action: 'reload'; readonly contactListId: string };
  /**
   * A campaign changed (spec 2 §4: the spec's channel name): saved, started, stopped, finished, and its
   * progress as it sends (at most once a second while it runs; every change of status at once).
   */
  campaign: { readonly action: 'create' | 'update'; readonly record: Campaign } | { readonly action: 'delete'; readonly id: string };
  /**
   * File lists of the company changed (spec 2 §4, §7: the spec's channel name): created, saved, a file
   * uploaded (`update`), deleted. The list as GET /files/{id} answers it but for its files' links.
   */
  file: { readonly action: 'create' | 'update'; readonly record: FileListRecord } | { readonly action: 'delete'; readonly id: string };
  /**
   * A chat changed (spec 3 §4, §7): published to the own room of each of its members only (never to the
   * company), so nobody else hears of it. `create` and `update` carry the chat (every member's `unreads`
   * null: each client keeps its own count; 0 on create); `delete` also reaches a member removed from the
   * chat; `new-message` carries the message and its chat after it (a member other than the sender has
   * one more unread, unless the chat is open before them); `read`, to the reader's own room, their count
   * of that chat after they read it, for their other tabs.
   */
  chat:
    | { readonly action: 'create' | 'update'; readonly record: Chat }
    | { readonly action: 'delete'; readonly id: string }
    | { readonly action: 'new-message'; readonly record: Chat; readonly message: ChatMessage }
    | { readonly action: 'read'; readonly id: string; readonly userId: string; readonly unreads: number };
  /** The company's AI prompts changed (spec 3 §7: the spec's channel name); never with their API keys. */
  prompt: { readonly action: 'create' | 'update'; readonly record: Prompt } | { readonly action: 'delete'; readonly id: string };
  /** The company's campaign settings were saved: every key, as GET /campaign-settings answers them. */
  campaignSettings: { readonly action: 'update'; readonly settings: readonly CampaignSettingPair[] };
  user: { readonly action: 'create' | 'update'; readonly user: UserDto } | { readonly action: 'delete'; readonly userId: string };
  queue: { readonly action: 'create' | 'update'; readonly queue: QueueDto } | { readonly action: 'delete'; readonly queueId: string };
  /**
   * Queue integrations of the company changed (spec 3 §7: the spec's channel name): created, saved, a new
   * signing secret (`update`), deleted. Published to the company room; never a secret (`jsonContent` null,
   * no `secret`: docs/architecture.md §1.6).
   */
  queueIntegration:
    | { readonly action: 'create' | 'update'; readonly record: QueueIntegration }
    | { readonly action: 'delete'; readonly id: string };
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
  /**
   * Scheduled messages of the company changed (spec 2 §4): created, edited, being sent, sent or failed,
   * deleted. Published to the company room.
   */
  schedule:
    | { readonly action: 'create' | 'update'; readonly schedule: ScheduledMessage }
    | { readonly action: 'delete'; readonly scheduleId: string };
  /**
   * Tags of the company changed on the tags page (created, renamed, recoloured, kanban flag, deleted),
   * so the tags page, the pickers and the board's lanes follow. A ticket counter moved by tagging a
   * ticket is not announced: the counter changes with every tagging, and the tags page reads it again
   * when it is opened or refetched.
   */
  tag: { readonly action: 'create' | 'update'; readonly tag: Tag } | { readonly action: 'delete'; readonly tagId: string };
  /** Connections changed (created, edited, a status); never a session credential (docs/architecture.md §1.6). */
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

/** The client actions that join something, each answered by a `JoinAnswers` frame. */
export type JoinAction = Extract<ClientAction, { action: 'joinTickets' | 'joinNotification' | 'joinChatBox' }>;

/**
 * What a join listens to, as its answer names it: `tickets:<status>`, `notification` or
 * `chatBox:<ticketId>`. The client's name, one per join action; the server stores finer rooms (one per
 * queue, see functions/core/realtime/ticket-rooms.ts) that the client never needs to know.
 */
export type RoomName = `tickets:${TicketStatus}` | 'notification' | `chatBox:${string}`;

export function roomNameOf(join: JoinAction): RoomName {
  switch (join.action) {
    case 'joinTickets':
      return `tickets:${join.status}`;
    case 'joinNotification':
      return 'notification';
    case 'joinChatBox':
      return `chatBox:${join.ticketId}`;
  }
}

/**
 * The answers to the join actions, sent to the joining connection only, as
 * `{ "event": "joined", "data": { "room": "tickets:open" } }`:
 * - `joined`: the connection is in the rooms of the join. Every event published from now on reaches it,
 *   so data read after this frame, together with the events, misses nothing: a page refetches what it
 *   shows of the room when this arrives (the first join and every rejoin after a reconnect).
 * - `joinRefused`: nothing was joined. `error` comes from the error catalogue (shared/errors.ts):
 *   `ERR_NO_TICKET_FOUND` for a chat box of a ticket that is not the company's, `ERR_NO_PERMISSION` for
 *   one outside the user's queues (the HTTP API's 'Acesso não permitido') or a user no longer stored.
 * A join of a connection already gone is not answered (there is nobody to answer).
 */
export interface JoinAnswers {
  joined: { readonly room: RoomName };
  joinRefused: { readonly room: RoomName; readonly error: JoinRefusalCode };
}

export type JoinAnswer = keyof JoinAnswers;
export type JoinRefusalCode = 'ERR_NO_PERMISSION' | 'ERR_NO_TICKET_FOUND';
export const JOIN_ANSWERS: readonly JoinAnswer[] = ['joined', 'joinRefused'];

export const companyEventName = (companyId: string, channel: CompanyChannel): string => `company-${companyId}-${channel}`;

export interface RealtimeFrame<T = unknown> {
  readonly event: string;
  readonly data: T;
}

/** API Gateway's WebSocket frame limit; bigger changes are announced, and the client refetches. */
export const MAX_FRAME_BYTES = 32 * 1024;
