/**
 * Tickets (spec 1 §3, §4.1): states and the shape the API answers. The tickets module adds its input
 * schemas here; the web imports both.
 */
import { z } from 'zod';
import { ListQuery } from './paging';
import { isDay } from './company-time';
import { TICKET_STATUSES, type TicketStatus } from './ticket-rules';

export { TICKET_STATUSES, type TicketStatus };

export interface TicketContactSummary {
  readonly id: string;
  readonly name: string;
  readonly number: string;
  readonly profilePicUrl: string | null;
  /**
   * Ours: the contact's `updatedAt` this summary was copied from ('' for a contact deleted since), so a
   * client that hears of a contact's change and of its tickets in any order keeps the newest picture
   * of the contact (a rename reaches the tickets' copies later than the contact, ticket-rows.ts).
   */
  readonly updatedAt: string;
}

export interface TicketDto {
  readonly id: string;
  readonly uuid: string;
  /**
   * Ours: the ticket's number in its company (1, 2, 3, ... in creation order, never reused), shown as
   * `#123` and filled in as `{{protocol}}`. Null only for a ticket stored before numbers existed, until
   * its company's backfill has run.
   */
  readonly number: number | null;
  readonly status: TicketStatus;
  readonly contactId: string;
  readonly contact: TicketContactSummary;
  readonly userId: string | null;
  /** The assigned user and their name (kept current on a rename, and readable after the user is deleted). */
  readonly user: { readonly id: string; readonly name: string } | null;
  readonly queueId: string | null;
  readonly queue: { readonly id: string; readonly name: string; readonly color: string } | null;
  readonly whatsappId: string | null;
  readonly whatsapp: { readonly id: string; readonly name: string } | null;
  /**
   * The ticket's tags, by id (the spec's `tags`, ids as the kanban's are): a client shows them from the company's tag list (GET /tags/list), so a
   * renamed or recoloured tag shows at once and a list page needs no read of tags.
   */
  readonly tags: readonly string[];
  readonly isGroup: boolean;
  /** The chatbot (queue menu) is talking to the contact. */
  readonly chatbot: boolean;
  readonly useIntegration: boolean;
  readonly promptId: string | null;
  readonly integrationId: string | null;
  /**
   * The list preview (spec 1 §2.4): the text of the ticket's newest message of a person (the contact or
   * an agent); an automatic text of the server only while there is none; DELETED_MESSAGE_PREVIEW (shared/ticket-rules.ts)
   * once the message shown is deleted; '' before any message.
   */
  readonly lastMessage: string;
  /**
   * Ours (issue 32): when the customer last wrote on this ticket; null: never. On a Cloud API connection
   * free-form messages go only within 24 h of it (shared/whatsapp-cloud.ts, replyWindowOpen).
   */
  readonly customerMessageAt: string | null;
  readonly unreadMessages: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

// ---- inputs and answers of the tickets module ----------------------------------------------------------

/** Ids of the product's entities: ULIDs, or the short ids of imported data; never a path or a dot. */
export const EntityId = z
  .string({ error: 'Invalid id' })
  .trim()
  .min(1, 'Invalid id')
  .max(64, 'Invalid id')
  .regex(/^[0-9A-Za-z_-]+$/, 'Invalid id');

/** The most ids one list filter takes (tags, users, queues). */
export const FILTER_IDS_MAX = 50;
/** The most tags one ticket carries (each one is a counter in the tagging transaction). */
export const TICKET_TAGS_MAX = 20;

/**
 * A list of ids in a query string, as the web sends it: a JSON array (`tags=["a","b"]`, spec 2 §7),
 * comma-separated (`tags=a,b`), or the parameter repeated (the gateway joins those with commas).
 */
const idList = z.preprocess((raw) => {
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  if (text === '') return [];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.map((value: unknown) => (typeof value === 'number' ? String(value) : value)) : raw;
    } catch {
      return raw;
    }
  }
  return text.split(',').map((part) => part.trim()).filter((part) => part !== '');
}, z.array(EntityId, { error: 'Invalid list' }).max(FILTER_IDS_MAX, 'Too many ids').transform((ids) => [...new Set(ids)]));

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'Invalid flag' })
  .transform((value) => value === 'true' || value === '1');

const day = z.string({ error: 'Invalid date' }).refine(isDay, 'Invalid date');

/**
 * GET /tickets (spec 1 §7). Paging: the answer's `nextCursor` (opaque) asks for the next page and costs
 * only that page; `pageNumber` (1-based) is kept for the spec's clients and reads through the pages
 * before it. `queueIds` narrows the caller's queues ('none' is not a queue: tickets without a queue are
 * listed for whoever may see them). `date` is the creation day, `updatedAt` the day of the last change
 * (YYYY-MM-DD, company time). `showAll` counts only with 'tickets-manager:showall'.
 */
export const ListTicketsQuery = ListQuery.extend({
  cursor: z.string().max(500, 'Invalid cursor').regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor').optional(),
  status: z.enum(TICKET_STATUSES, { error: 'Invalid status' }).optional(),
  tags: idList.optional().default([]),
  users: idList.optional().default([]),
  queueIds: idList.optional().default([]),
  date: day.optional(),
  updatedAt: day.optional(),
  showAll: flag.optional().default(false),
  withUnreadMessages: flag.optional().default(false),
});
export type ListTicketsQuery = z.output<typeof ListTicketsQuery>;

/** GET /tickets: one page, newest change first. */
export interface TicketPage {
  readonly tickets: readonly TicketDto[];
  readonly hasMore: boolean;
  /** Pass as `cursor` for the next page; null on the last one. */
  readonly nextCursor: string | null;
}

export const TicketIdParams = z.object({ id: EntityId });
export const TicketUuidParams = z.object({ uuid: z.uuid('Invalid id') });

/**
 * POST /tickets: the new-ticket modal (spec 1 §2.8, §7). A queue is required for non-admins ('Selecione
 * uma fila', checked by the server since only it knows the profile). The ticket is the caller's: `userId`
 * is accepted for the spec's clients but the server sets the caller.
 */
export const CreateTicketBody = z.object({
  contactId: EntityId,
  queueId: EntityId.nullable().optional().default(null),
  whatsappId: EntityId.nullable().optional().default(null),
  userId: EntityId.nullable().optional(),
  status: z.enum(['open', 'pending'], { error: 'Invalid status' }).optional().default('open'),
});
export type CreateTicketBody = z.output<typeof CreateTicketBody>;

/** What PUT /tickets/{id} does to a ticket (spec 1 §4.1). */
export const TICKET_ACTIONS = ['accept', 'return', 'finish', 'reopen', 'transfer'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

/**
 * PUT /tickets/{id} (spec 1 §4.1, §7). `action` (ours) names the transition, and is checked against the
 * ticket's status as stored: the web sends it, so a stale screen gets a clear error instead of a
 * different transition (an accept that arrives after someone else finished the ticket must not reopen
 * it). Without `action` the transition follows from the fields, as the spec's clients send them:
 * - `queueId` naming another queue, or `userId` naming another user without `status`: a transfer (to the
 *   user, open; without a user, pending); `whatsappId` may come along;
 * - `status`: 'open' accepts a pending ticket or reopens a closed one (the caller takes it; an open
 *   ticket held by another user answers ERR_TICKET_ALREADY_ACCEPTED), 'pending' returns it, 'closed'
 *   finishes it (the caller is recorded);
 * - otherwise `useIntegration`, `promptId`, `integrationId`, `whatsappId` are set as sent.
 */
export const UpdateTicketBody = z.object({
  action: z.enum(TICKET_ACTIONS, { error: 'Invalid action' }).optional(),
  status: z.enum(TICKET_STATUSES, { error: 'Invalid status' }).optional(),
  userId: EntityId.nullable().optional(),
  queueId: EntityId.nullable().optional(),
  whatsappId: EntityId.nullable().optional(),
  useIntegration: z.boolean({ error: 'Invalid value' }).optional(),
  promptId: EntityId.nullable().optional(),
  integrationId: EntityId.nullable().optional(),
});
export type UpdateTicketBody = z.output<typeof UpdateTicketBody>;

/**
 * The `details` of ERR_OTHER_OPEN_TICKET: the ticket that holds the contact on that connection, so the
 * new-ticket modal can name who holds it or open it (spec 1 §8).
 */
export interface OtherOpenTicketDetails {
  readonly ticketId: string;
  readonly uuid: string;
  readonly status: TicketStatus;
  readonly user: { readonly id: string; readonly name: string } | null;
  readonly queue: { readonly id: string; readonly name: string } | null;
}

/** POST /tags/sync: the ticket's tags become exactly these. */
export const SyncTicketTagsBody = z.object({
  ticketId: EntityId,
  tags: z
    .array(z.object({ id: EntityId }), { error: 'Invalid tags' })
    .max(TICKET_TAGS_MAX, 'Too many tags')
    .transform((tags) => [...new Set(tags.map((tag) => tag.id))]),
});
export type SyncTicketTagsBody = z.output<typeof SyncTicketTagsBody>;

export const TicketTagParams = z.object({ ticketId: EntityId, tagId: EntityId });
export const TicketTagsParams = z.object({ ticketId: EntityId });

/** GET /ticket/kanban (spec 2 §7): queueIds as a JSON array; showAll counts only with the permission. */
export const KanbanQuery = z.object({
  queueIds: idList.optional().default([]),
  showAll: flag.optional().default(false),
});
export type KanbanQuery = z.output<typeof KanbanQuery>;

/** A card of the kanban board (spec 2 §3): the ticket with its tag ids and its contact. */
export interface KanbanTicketDto {
  readonly id: string;
  readonly uuid: string;
  /** The per-company ticket number (see TicketDto.number). */
  readonly number: number | null;
  readonly status: TicketStatus;
  readonly queueId: string | null;
  readonly userId: string | null;
  readonly tags: readonly string[];
  readonly contact: { readonly id: string; readonly name: string; readonly number: string };
  /** A WhatsApp group's ticket: its contact's number is the group's id, written as it is (not as a phone number). */
  readonly isGroup: boolean;
  readonly lastMessage: string;
  readonly updatedAt: string;
}

/** GET /ticket/kanban: the newest pending and open tickets the caller may see (at most KANBAN_TICKETS_MAX). */
export interface KanbanBoard {
  readonly tickets: readonly KanbanTicketDto[];
}

export const KANBAN_TICKETS_MAX = 300;

/** Ratings a contact gives an attendance (spec 2 §9): 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export const RATINGS = [1, 2, 3] as const;
export type Rating = (typeof RATINGS)[number];
