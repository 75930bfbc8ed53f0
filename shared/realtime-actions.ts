/**
 * The client actions of the WebSocket (spec 1 §4.5, §7; docs/architecture.md §6): the frames the web sends as
 * `{ "action": ..., ... }`, with the spec's names. The server's `$default` route validates every frame
 * with `ClientAction` and drops anything else; the web builds its frames from the same types, so a name
 * can never differ between the two. Identity never travels in a frame: the server takes the company and
 * the user from the connection's verified ticket. Each join is answered to its connection
 * (realtime-events.ts, `JoinAnswers`).
 */
import { z } from 'zod';
import { TICKET_STATUSES } from './tickets';

// Lives in session.ts, which the web imports without this module's schemas (and zod).
export { USER_STATUS_INTERVAL_MS } from './sign-in';

const status = z.enum(TICKET_STATUSES);
/** Ids are what the API hands out (ULIDs and the like); anything else cannot name a ticket of ours. */
const ticketId = z.string().min(1).max(64).regex(/^[0-9A-Za-z_-]+$/);

export const ClientAction = z.discriminatedUnion('action', [
  /** Listen to the ticket list of a status: all of it for those who may see all, else the user's queues. */
  z.object({ action: z.literal('joinTickets'), status }),
  z.object({ action: z.literal('leaveTickets'), status }),
  /** Listen to the notifications (new messages of visible tickets). */
  z.object({ action: z.literal('joinNotification') }),
  z.object({ action: z.literal('leaveNotification') }),
  /** Listen to one open conversation; the server checks that the user may see the ticket. */
  z.object({ action: z.literal('joinChatBox'), ticketId }),
  z.object({ action: z.literal('leaveChatBox'), ticketId }),
  /** "Still here": keeps the user online (dashboard attendants table). */
  z.object({ action: z.literal('userStatus') }),
]);
export type ClientAction = z.infer<typeof ClientAction>;
export type ClientActionName = ClientAction['action'];

