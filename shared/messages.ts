/** Messages of a ticket (spec 1 §2.5, §3): media types, delivery acks and the shape the API answers. */
export const MEDIA_TYPES = ['chat', 'image', 'audio', 'video', 'application', 'locationMessage', 'vcard', 'call_log'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * Delivery acknowledgements as WhatsApp reports them: 0 pending (not yet taken by the session host),
 * 1 sent to the server, 2 delivered, 3 read, 4 played (audio), 5 read or played as the spec shows them.
 */
export type Ack = 0 | 1 | 2 | 3 | 4 | 5;

export interface QuotedMessageDto {
  readonly id: string;
  readonly body: string;
  readonly fromMe: boolean;
  readonly mediaType: MediaType;
}

export interface MessageDto {
  readonly id: string;
  readonly ticketId: string;
  readonly body: string;
  readonly fromMe: boolean;
  readonly mediaType: MediaType;
  /** A short-lived signed URL of the media, or null. */
  readonly mediaUrl: string | null;
  readonly mediaName: string | null;
  readonly quotedMsg: QuotedMessageDto | null;
  readonly isDeleted: boolean;
  readonly isEdited: boolean;
  readonly ack: Ack;
  readonly read: boolean;
  /** Sent by the server itself (greeting, transfer notice, closing, rating, chatbot menu). */
  readonly bot: boolean;
  /** The user who sent it from the app, for outgoing messages. */
  readonly userId: string | null;
  readonly contactId: string;
  readonly createdAt: string;
}
