/**
 * Tickets (spec 1 §3, §4.1): states and the shape the API answers. The tickets module adds its input
 * schemas here; the web imports both.
 */
export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export interface TicketContactSummary {
  readonly id: string;
  readonly name: string;
  readonly number: string;
  readonly profilePicUrl: string | null;
}

export interface TicketDto {
  readonly id: string;
  readonly uuid: string;
  readonly status: TicketStatus;
  readonly contactId: string;
  readonly contact: TicketContactSummary;
  readonly userId: string | null;
  /** The assigned user's name as it was when assigned, so it stays readable after the user is deleted. */
  readonly user: { readonly id: string; readonly name: string } | null;
  readonly queueId: string | null;
  readonly queue: { readonly id: string; readonly name: string; readonly color: string } | null;
  readonly whatsappId: string | null;
  readonly whatsapp: { readonly id: string; readonly name: string } | null;
  readonly tags: readonly { readonly id: string; readonly name: string; readonly color: string }[];
  readonly isGroup: boolean;
  /** The chatbot (queue menu) is talking to the contact. */
  readonly chatbot: boolean;
  readonly useIntegration: boolean;
  readonly promptId: string | null;
  readonly integrationId: string | null;
  readonly lastMessage: string;
  readonly unreadMessages: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}
