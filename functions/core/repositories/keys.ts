/**
 * Every DynamoDB key of the product is built here and nowhere else (docs/architecture.md §5). Tenant data lives in
 * partitions that start with `C#<companyId>`; platform data (plans, identities, unique emails) in
 * partitions of their own. Uniqueness is an item of its own, written in the same transaction as the
 * thing it guards.
 */
export interface Key {
  readonly PK: string;
  readonly SK: string;
}

/** A range of one partition: the items whose sort key starts with `SKPrefix` (the `*Prefix` builders). */
export interface KeyPrefix {
  readonly PK: string;
  readonly SKPrefix: string;
}

const company = (companyId: string) => `C#${companyId}`;
const chatPartition = (companyId: string, chatId: string) => `${company(companyId)}#CHAT#${chatId}`;

export const keys = {
  company: (companyId: string): Key => ({ PK: company(companyId), SK: 'COMPANY' }),
  user: (companyId: string, userId: string): Key => ({ PK: company(companyId), SK: `USER#${userId}` }),
  userPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'USER#' }),
  setting: (companyId: string, key: string): Key => ({ PK: company(companyId), SK: `SETTING#${key}` }),
  settingPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'SETTING#' }),
  /** A contact list of campaigns (shared/contact-lists.ts), with its item count. */
  contactList: (companyId: string, listId: string): Key => ({ PK: company(companyId), SK: `CLIST#${listId}` }),
  contactListPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'CLIST#' }),
  /**
   * An item of a contact list, by its id in the company partition (the routes name an item by its id
   * alone); a list's items are read through GSI1 (contactListItemIndex), in the order they were added.
   */
  contactListItem: (companyId: string, itemId: string): Key => ({ PK: company(companyId), SK: `CLITEM#${itemId}` }),
  /** A number's place in one contact list: a number is in a list once (a campaign's recipient once). */
  uniqueContactListNumber: (companyId: string, listId: string, number: string): Key => ({
    PK: `${company(companyId)}#CLIST#${listId}`,
    SK: `NUMBER#${number}`,
  }),
  /**
   * A file list of campaigns (shared/file-lists.ts), its options inside it (at most ten, each with its
   * file's key in the media bucket): one item read whole, in the company partition.
   */
  fileList: (companyId: string, listId: string): Key => ({ PK: company(companyId), SK: `FILELIST#${listId}` }),
  fileListPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'FILELIST#' }),
  /**
   * Internal chat (repositories/chats.ts): each chat in a partition of its own, holding the chat, one
   * item per member (that member's unread count and their copy of what their list shows) and the
   * messages by ULID, so a page of messages reads the same at any depth.
   */
  chat: (companyId: string, chatId: string): Key => ({ PK: chatPartition(companyId, chatId), SK: 'CHAT' }),
  chatMember: (companyId: string, chatId: string, userId: string): Key => ({ PK: chatPartition(companyId, chatId), SK: `MEMBER#${userId}` }),
  chatMemberPrefix: (companyId: string, chatId: string) => ({ PK: chatPartition(companyId, chatId), SKPrefix: 'MEMBER#' }),
  chatMessage: (companyId: string, chatId: string, messageUlid: string): Key => ({ PK: chatPartition(companyId, chatId), SK: `MSG#${messageUlid}` }),
  chatMessagePrefix: (companyId: string, chatId: string) => ({ PK: chatPartition(companyId, chatId), SKPrefix: 'MSG#' }),
  /**
   * Billing (repositories/invoices.ts): one invoice per company and due date (the billing cycle it
   * renews), so issuing the same cycle twice writes one; the company's invoice-number counter beside them.
   */
  invoice: (companyId: string, dueDate: string): Key => ({ PK: company(companyId), SK: `INVOICE#${dueDate}` }),
  invoicePrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'INVOICE#' }),
  invoiceCounter: (companyId: string): Key => ({ PK: company(companyId), SK: 'INVOICECOUNTER' }),
  /**
   * A charge made at a payment provider, found by the provider's id when its notification arrives (a
   * partition of its own: the notification names no company).
   */
  paymentCharge: (provider: string, chargeId: string): Key => ({ PK: `PAYCHARGE#${provider}#${chargeId}`, SK: 'CHARGE' }),
  /** An AI prompt (shared/prompts.ts), its API key inside (write-only: never answered); a company has a few. */
  prompt: (companyId: string, promptId: string): Key => ({ PK: company(companyId), SK: `PROMPT#${promptId}` }),
  promptPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'PROMPT#' }),
  /** The AI tokens the company's prompts used in one calendar month ('YYYY-MM', UTC): a counter moved by ADD. */
  aiUsage: (companyId: string, month: string): Key => ({ PK: company(companyId), SK: `AIUSAGE#${month}` }),
  /**
   * A queue integration (shared/queue-integrations.ts), with the secrets its runtime needs: one item read
   * whole, in the company partition (a company has a handful).
   */
  queueIntegration: (companyId: string, integrationId: string): Key => ({ PK: company(companyId), SK: `QINTEG#${integrationId}` }),
  queueIntegrationPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'QINTEG#' }),
  /** The company's campaign settings (shared/campaign-settings.ts): one item, all keys together. */
  campaignSettings: (companyId: string): Key => ({ PK: company(companyId), SK: 'CAMPAIGNSETTINGS' }),
  /**
   * The session host's answer to one number check (sessions/check-number.ts), by the check's id, for the
   * request that waits on it; expires within the hour. A partition per company, apart from its item.
   */
  numberCheck: (companyId: string, checkId: string): Key => ({ PK: `${company(companyId)}#NUMCHECK`, SK: `CHECK#${checkId}` }),
  /** A setting of the platform, not of a company (shared/settings.ts PLATFORM_SETTINGS). */
  platformSetting: (key: string): Key => ({ PK: 'PLATFORM#SETTINGS', SK: `SETTING#${key}` }),
  queue: (companyId: string, queueId: string): Key => ({ PK: company(companyId), SK: `QUEUE#${queueId}` }),
  queuePrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'QUEUE#' }),
  uniqueQueueColor: (companyId: string, color: string): Key => ({
    PK: company(companyId),
    SK: `UNIQUE#QUEUECOLOR#${color.toLowerCase()}`,
  }),
  /** One node of a queue's option menu; listed by queue and parent through GSI1 (queueOptionListIndex). */
  queueOption: (companyId: string, optionId: string): Key => ({ PK: company(companyId), SK: `QOPT#${optionId}` }),
  tag: (companyId: string, tagId: string): Key => ({ PK: company(companyId), SK: `TAG#${tagId}` }),
  tagPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'TAG#' }),
  /** A single-use WebSocket ticket; the company id is part of the ticket so the item stays in the tenant. */
  socketTicket: (companyId: string, ticketHash: string): Key => ({ PK: `${company(companyId)}#WSTICKET#${ticketHash}`, SK: 'WSTICKET' }),
  socket: (companyId: string, connectionId: string): Key => ({
    PK: `${company(companyId)}#WSCONN#${connectionId}`,
    SK: 'CONNECTION',
  }),
  /** Membership of a connection in a room of its company ('company', 'user:<id>', ...); fan-out Queries the room. */
  roomMember: (companyId: string, room: string, connectionId: string): Key => ({
    PK: `${company(companyId)}#ROOM#${room}`,
    SK: `CONN#${connectionId}`,
  }),
  roomPrefix: (companyId: string, room: string) => ({ PK: `${company(companyId)}#ROOM#${room}`, SKPrefix: 'CONN#' }),
  /** The platform-wide room (announcements reach every connection of every company). */
  globalRoomMember: (companyId: string, connectionId: string): Key => ({
    PK: 'PLATFORM#ROOM#global',
    SK: `${company(companyId)}#CONN#${connectionId}`,
  }),
  globalRoomPrefix: () => ({ PK: 'PLATFORM#ROOM#global', SKPrefix: 'C#' }),

  plan: (planId: string): Key => ({ PK: 'PLATFORM#PLANS', SK: `PLAN#${planId}` }),
  planPrefix: () => ({ PK: 'PLATFORM#PLANS', SKPrefix: 'PLAN#' }),
  /** Maps a Cognito `sub` to the user and company it belongs to. */
  identity: (sub: string): Key => ({ PK: `IDENTITY#${sub}`, SK: 'IDENTITY' }),
  /** Emails are unique across the platform: one Cognito pool signs everyone in. */
  uniqueEmail: (email: string): Key => ({ PK: `UNIQUE#EMAIL#${email.trim().toLowerCase()}`, SK: 'UNIQUE' }),
  help: (helpId: string): Key => ({ PK: 'PLATFORM#HELPS', SK: `HELP#${helpId}` }),
  helpPrefix: () => ({ PK: 'PLATFORM#HELPS', SKPrefix: 'HELP#' }),
  announcement: (announcementId: string): Key => ({ PK: 'PLATFORM#ANNOUNCEMENTS', SK: `ANN#${announcementId}` }),
  announcementPrefix: () => ({ PK: 'PLATFORM#ANNOUNCEMENTS', SKPrefix: 'ANN#' }),
  /** A fixed-window counter for rate limits, e.g. password-reset requests per email per hour (TTL'd). */
  rateLimit: (scope: string, subject: string, window: string): Key => ({
    PK: `RATE#${scope}#${subject}`,
    SK: `WINDOW#${window}`,
  }),

  // conversations (contacts, tickets, messages, notes, quick messages, dashboard). A ticket has a
  // partition of its own holding the ticket, its messages (newest first by ULID), notes and attendance
  // records, so one busy tenant is not one hot partition.
  contact: (companyId: string, contactId: string): Key => ({ PK: `${company(companyId)}#CT#${contactId}`, SK: 'CONTACT' }),
  /** One contact per normalised number per company (ERR_DUPLICATED_CONTACT). */
  uniqueContactNumber: (companyId: string, number: string): Key => ({ PK: `${company(companyId)}#CTNUM#${number}`, SK: 'UNIQUE' }),
  ticket: (companyId: string, ticketId: string): Key => ({ PK: `${company(companyId)}#TK#${ticketId}`, SK: 'TICKET' }),
  /** Finds a ticket by its public uuid (GET /tickets/u/{uuid}). */
  ticketUuid: (companyId: string, uuid: string): Key => ({ PK: `${company(companyId)}#TKUUID#${uuid}`, SK: 'TKUUID' }),
  /**
   * The company's ticket-number counter (repositories/ticket-numbers.ts): `last` given so far, raised
   * with ADD, never lowered. A partition of its own, so the busiest write of a company (every new
   * ticket) does not share the partition every request reads the company from.
   */
  ticketCounter: (companyId: string): Key => ({ PK: `${company(companyId)}#TKCOUNTER`, SK: 'COUNTER' }),
  /** Finds a ticket by its per-company number (a search for `#123`); written with the number, deleted with the ticket. */
  ticketNumber: (companyId: string, number: number): Key => ({ PK: `${company(companyId)}#TKNUM#${number}`, SK: 'TKNUM' }),
  /** At most one pending or open ticket per contact and connection; deleted when the ticket closes. */
  openTicket: (companyId: string, contactId: string, whatsappId: string | null): Key => ({
    PK: `${company(companyId)}#OPENTK#${contactId}#${whatsappId ?? 'none'}`,
    SK: 'OPENTK',
  }),
  message: (companyId: string, ticketId: string, messageUlid: string): Key => ({
    PK: `${company(companyId)}#TK#${ticketId}`,
    SK: `MSG#${messageUlid}`,
  }),
  messagePrefix: (companyId: string, ticketId: string) => ({ PK: `${company(companyId)}#TK#${ticketId}`, SKPrefix: 'MSG#' }),
  /**
   * The sort-key range of a ticket's partition from its oldest message up to the ticket item itself
   * ('MSG#' < 'NOTE#' < 'TICKET'): read newest first, the ticket then its messages (notes filtered out),
   * so the first page of a conversation is one Query.
   */
  ticketConversationRange: (companyId: string, ticketId: string) => ({ PK: `${company(companyId)}#TK#${ticketId}`, from: 'MSG#', to: 'TICKET' }),
  /**
   * A WhatsApp message id seen on a connection: the idempotency claim of an inbound message (the first
   * delivery wins, redeliveries are no-ops) and the way from a WhatsApp id to our message (acks, edits,
   * deletions, quoted replies). Per connection: one group message reaches every connection in it.
   */
  whatsappMessage: (companyId: string, whatsappId: string, whatsappMessageId: string): Key => ({
    PK: `${company(companyId)}#WAMSG#${whatsappId}#${whatsappMessageId}`,
    SK: 'WAMSG',
  }),
  ticketNote: (companyId: string, ticketId: string, noteId: string): Key => ({ PK: `${company(companyId)}#TK#${ticketId}`, SK: `NOTE#${noteId}` }),
  ticketNotePrefix: (companyId: string, ticketId: string) => ({ PK: `${company(companyId)}#TK#${ticketId}`, SKPrefix: 'NOTE#' }),
  /** One open-to-close cycle of a ticket (times, user, queue, rating) for the dashboard. */
  attendance: (companyId: string, ticketId: string, attendanceId: string): Key => ({
    PK: `${company(companyId)}#TK#${ticketId}`,
    SK: `ATT#${attendanceId}`,
  }),
  quickMessage: (companyId: string, quickMessageId: string): Key => ({ PK: company(companyId), SK: `QM#${quickMessageId}` }),
  quickMessagePrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'QM#' }),
  /**
   * A scheduled message (`/schedules`). A partition of its own per company, apart from the company item
   * every request reads: a burst of sends falling due together writes here, not there.
   */
  scheduledMessage: (companyId: string, scheduleId: string): Key => ({ PK: `${company(companyId)}#SCHED`, SK: `SCHED#${scheduleId}` }),
  scheduledMessagePrefix: (companyId: string) => ({ PK: `${company(companyId)}#SCHED`, SKPrefix: 'SCHED#' }),
  /**
   * A campaign (shared/campaigns.ts), in a partition of its own per company (like schedules): its
   * progress counters move with every message sent, which must not contend with the company item.
   */
  campaign: (companyId: string, campaignId: string): Key => ({ PK: `${company(companyId)}#CAMP`, SK: `CAMP#${campaignId}` }),
  campaignPrefix: (companyId: string) => ({ PK: `${company(companyId)}#CAMP`, SKPrefix: 'CAMP#' }),
  /**
   * A campaign's recipient (its shipping item), by its place in the campaign (zero-padded, so the
   * partition reads in sending order); written once when the campaign starts, then marked sent or
   * skipped: the idempotency of each send (docs/architecture.md §5).
   */
  campaignShipping: (companyId: string, campaignId: string, position: number): Key => ({
    PK: `${company(companyId)}#CAMP#${campaignId}`,
    SK: `SHIP#${String(position).padStart(6, '0')}`,
  }),
  campaignShippingPrefix: (companyId: string, campaignId: string) => ({ PK: `${company(companyId)}#CAMP#${campaignId}`, SKPrefix: 'SHIP#' }),
  /**
   * The send cursor of one connection (campaigns/send-cursor.ts): the campaigns it is working through,
   * the token of the one live hop message, its pacing counters and what the hop in flight claimed.
   */
  campaignCursor: (companyId: string, whatsappId: string): Key => ({ PK: `${company(companyId)}#CAMP`, SK: `CURSOR#${whatsappId}` }),
  /** A number that asked to receive no more campaigns (its stop word), by its digits. */
  campaignOptOut: (companyId: string, number: string): Key => ({ PK: `${company(companyId)}#OPTOUT`, SK: `NUMBER#${number}` }),
  /** Dashboard counters of one day (YYYY-MM-DD, company time zone): `company` totals, or one user's. */
  dashboardDay: (companyId: string, day: string, scope: 'company' | `user:${string}`): Key => ({
    PK: `${company(companyId)}#DASH#${day}`,
    SK: scope === 'company' ? 'COMPANY' : `USER#${scope.slice('user:'.length)}`,
  }),
  dashboardDayPrefix: (companyId: string, day: string) => ({ PK: `${company(companyId)}#DASH#${day}`, SKPrefix: '' }),
  /**
   * A word mark: the ticket uses `word` in one of its messages (word-index.ts), so a search of several
   * words asks a ticket's partition by key instead of reading a word's uses down to that ticket. 'WORD#'
   * sorts after 'TICKET': outside ticketConversationRange and the MSG#, NOTE# and ATT# prefixes.
   */
  ticketWord: (companyId: string, ticketId: string, word: string): Key => ({ PK: `${company(companyId)}#TK#${ticketId}`, SK: `WORD#${word}` }),
  /** The word index of message text: one partition per normalised word, newest tickets first. */
  wordEntry: (companyId: string, word: string, sortKey: string): Key => ({ PK: `${company(companyId)}#WORD#${word}`, SK: sortKey }),
  wordPrefix: (companyId: string, word: string) => ({ PK: `${company(companyId)}#WORD#${word}`, SKPrefix: '' }),
  /**
   * The contact-name index of tickets (name-index.ts): one partition per first characters of a name
   * word, sorted by the rest of the name then the ticket id.
   */
  nameEntry: (companyId: string, head: string, sortKey: string): Key => ({ PK: `${company(companyId)}#NAME#${head}`, SK: sortKey }),
  /** The mark of a company whose tickets stored before the name index got their entries. */
  nameIndexMark: (companyId: string): Key => ({ PK: company(companyId), SK: 'NAMEINDEX' }),
  /** The mark of a company whose tickets stored before word marks (ticketWord) got theirs. */
  wordMarksMark: (companyId: string): Key => ({ PK: company(companyId), SK: 'WORDMARKS' }),

  // session host: platform data, not tenant data. Leases are read with ConsistentRead from the table,
  // never from a GSI; both partitions hold a handful of items.
  /** The lease of one shard of the session host (functions/sessions/leases.ts). */
  sessionLease: (shard: number): Key => ({ PK: 'SESSIONHOST#LEASE', SK: `SHARD#${shard}` }),
  sessionLeasePrefix: () => ({ PK: 'SESSIONHOST#LEASE', SKPrefix: 'SHARD#' }),
  /** One live session-host process, heartbeated so the hosts can count each other. */
  sessionHost: (hostId: string): Key => ({ PK: 'SESSIONHOST#HOSTS', SK: `HOST#${hostId}` }),
  sessionHostPrefix: () => ({ PK: 'SESSIONHOST#HOSTS', SKPrefix: 'HOST#' }),

  /**
   * A connection whose session should be running, under its shard: a host that takes the shard over
   * Queries this partition and opens those sessions. Written by the host on start, removed on logout.
   */
  shardSession: (shard: number, companyId: string, whatsappId: string): Key => ({
    PK: `SESSIONHOST#SHARD#${shard}`,
    SK: `${company(companyId)}#WAPP#${whatsappId}`,
  }),
  shardSessionPrefix: (shard: number) => ({ PK: `SESSIONHOST#SHARD#${shard}`, SKPrefix: 'C#' }),

  // the simulated phone network (functions/sessions/providers/simulator): one partition per connection
  /** The simulated phone paired with the connection (its number), once its QR code was scanned. */
  simulatorPhone: (companyId: string, whatsappId: string): Key => ({ PK: `${company(companyId)}#SIM#${whatsappId}`, SK: 'PHONE' }),
  /** A QR code scanned by `npm run simulate -- scan`, waiting for the session to notice it. */
  simulatorScan: (companyId: string, whatsappId: string): Key => ({ PK: `${company(companyId)}#SIM#${whatsappId}`, SK: 'SCAN' }),
  /** Something a simulated contact did (a message, an edit, a call ...), waiting for the session. */
  simulatorInbound: (companyId: string, whatsappId: string, eventUlid: string): Key => ({
    PK: `${company(companyId)}#SIM#${whatsappId}`,
    SK: `IN#${eventUlid}`,
  }),
  simulatorInboundPrefix: (companyId: string, whatsappId: string) => ({ PK: `${company(companyId)}#SIM#${whatsappId}`, SKPrefix: 'IN#' }),
  /** What the session sent to the simulated phones (messages, deletions, read receipts), with their acks. */
  simulatorOutbound: (companyId: string, whatsappId: string, whatsappMessageId: string): Key => ({
    PK: `${company(companyId)}#SIM#${whatsappId}`,
    SK: `OUT#${whatsappMessageId}`,
  }),
  simulatorOutboundPrefix: (companyId: string, whatsappId: string) => ({ PK: `${company(companyId)}#SIM#${whatsappId}`, SKPrefix: 'OUT#' }),
  // Baileys session state (functions/sessions/stores/session-auth.ts): written only by the shard's
  // lease owner. One partition per connection holds its pairing credentials and one item per signal
  // key, so clearing the pairing is one Query; sent messages (for retry receipts) live beside it.
  /** The pairing credentials of a connection. */
  sessionAuthCreds: (companyId: string, whatsappId: string): Key => ({ PK: `${company(companyId)}#WA#${whatsappId}#AUTH`, SK: 'CREDS' }),
  /** One signal key (pre-key, session, sender key, app-state key, lid mapping, ...) of a connection. */
  sessionAuthKey: (companyId: string, whatsappId: string, type: string, id: string): Key => ({
    PK: `${company(companyId)}#WA#${whatsappId}#AUTH`,
    SK: `KEY#${type}#${id}`,
  }),
  /** The partition of a connection's pairing state: the credentials and all its keys (queried by PK alone). */
  sessionAuthPartition: (companyId: string, whatsappId: string): Pick<Key, 'PK'> => ({ PK: `${company(companyId)}#WA#${whatsappId}#AUTH` }),
  /** The content of a message the connection sent, kept a few days so the network's retry requests can be answered (TTL'd). */
  sessionSentMessage: (companyId: string, whatsappId: string, whatsappMessageId: string): Key => ({
    PK: `${company(companyId)}#WA#${whatsappId}#SENT`,
    SK: `MSG#${whatsappMessageId}`,
  }),

  // connections
  /** A WhatsApp connection; a company's connections are few (plan-bounded), listed from its partition. */
  connection: (companyId: string, whatsappId: string): Key => ({ PK: company(companyId), SK: `WAPP#${whatsappId}` }),
  connectionPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'WAPP#' }),
  /** Which connection is the company's default: one item, so "exactly one default" is one condition. */
  defaultConnection: (companyId: string): Key => ({ PK: company(companyId), SK: 'WAPPDEFAULT' }),
  /**
   * The external API finds a connection by the SHA-256 of its bearer token, before it knows the company:
   * a platform partition per hash, holding only the company and connection ids.
   */
  connectionToken: (tokenHash: string): Key => ({ PK: `TOKEN#${tokenHash}`, SK: 'TOKEN' }),
  /**
   * A Cloud API connection's webhook (POST /webhooks/whatsapp-cloud/{id}) names only the connection: a
   * platform partition per connection id, holding only its company's id (issue 32).
   */
  connectionCompany: (whatsappId: string): Key => ({ PK: `WAPPCO#${whatsappId}`, SK: 'WAPPCO' }),

  // external API
  /** The stored answer of an external API request sent with an Idempotency-Key, per connection (TTL'd). */
  apiIdempotency: (companyId: string, connectionId: string, idempotencyKey: string): Key => ({
    PK: `${company(companyId)}#APIIDEM#${connectionId}#${idempotencyKey}`,
    SK: 'IDEMPOTENCY',
  }),

  // Cloud API connections (issue 32)
  /**
   * A Cloud API connection's message templates as last synced from Meta: one partition per connection,
   * one item per template (name and language make it unique at Meta), so the list is one Query and a
   * sync replaces the partition's items; the sync's time is an item of its own before them.
   */
  whatsappTemplate: (companyId: string, whatsappId: string, name: string, language: string): Key => ({
    PK: `${company(companyId)}#WATPL#${whatsappId}`,
    SK: `TPL#${name}#${language}`,
  }),
  whatsappTemplatePrefix: (companyId: string, whatsappId: string) => ({ PK: `${company(companyId)}#WATPL#${whatsappId}`, SKPrefix: 'TPL#' }),
  whatsappTemplateSync: (companyId: string, whatsappId: string): Key => ({ PK: `${company(companyId)}#WATPL#${whatsappId}`, SK: 'SYNC' }),
  /**
   * A send command of a Cloud API connection, claimed before Meta is called and marked with Meta's id
   * after, so a redelivered command never sends twice (whatsapp-cloud/run-cloud-command.ts); a partition
   * per command (a campaign's sends do not crowd one partition), TTL'd after a week.
   */
  cloudSend: (companyId: string, commandId: string): Key => ({ PK: `${company(companyId)}#CLOUDSEND#${commandId}`, SK: 'SEND' }),
} as const;

/** Companies listed by the super user: one partition, sorted by name. */
export const companyListIndex = (name: string, companyId: string) => ({
  GSI1PK: 'PLATFORM#COMPANIES',
  GSI1SK: `${name.trim().toLowerCase()}#${companyId}`,
});

/** Options of one queue under one parent (`root` for the top level), in menu order. */
export const queueOptionListIndex = (companyId: string, queueId: string, parentId: string | null, position: number) => ({
  GSI1PK: `${company(companyId)}#QOPTS#${queueId}#${parentId ?? 'root'}`,
  GSI1SK: String(position).padStart(6, '0'),
});

/**
 * Ticket lists (docs/architecture.md §5), each newest first by `updatedAt`:
 * GSI1 by status (admins, show-all), GSI2 by queue and status (agents see their queues; `none` for
 * tickets without queue), GSI3 by contact (the contact's last ticket, its history).
 */
export const ticketListIndexes = (ticket: {
  readonly companyId: string;
  readonly id: string;
  readonly status: string;
  readonly queueId: string | null;
  readonly contactId: string;
  readonly updatedAt: string;
}) => {
  const order = `${ticket.updatedAt}#${ticket.id}`;
  return {
    GSI1PK: `${company(ticket.companyId)}#TKS#${ticket.status}`,
    GSI1SK: order,
    GSI2PK: ticketQueueListKey(ticket.companyId, ticket.queueId, ticket.status),
    GSI2SK: order,
    GSI3PK: `${company(ticket.companyId)}#TKC#${ticket.contactId}`,
    GSI3SK: order,
  };
};

export const ticketStatusListKey = (companyId: string, status: string) => `${company(companyId)}#TKS#${status}`;
export const ticketQueueListKey = (companyId: string, queueId: string | null, status: string) =>
  `${company(companyId)}#TKQ#${queueId ?? 'none'}#${status}`;
export const ticketContactListKey = (companyId: string, contactId: string) => `${company(companyId)}#TKC#${contactId}`;

/**
 * Contacts by folded name (GSI1) and by number (GSI2), for prefix search: the cost of a search is the
 * page it reads, not the tenant's size.
 */
export const contactListIndexes = (contact: { readonly companyId: string; readonly id: string; readonly foldedName: string; readonly number: string }) => ({
  GSI1PK: `${company(contact.companyId)}#CTNAME`,
  GSI1SK: `${contact.foldedName}#${contact.id}`,
  GSI2PK: `${company(contact.companyId)}#CTNUMBER`,
  GSI2SK: `${contact.number}#${contact.id}`,
});

/**
 * A member's item on the member's list of chats (GSI1), the latest activity first: a user's page of
 * chats is one Query of this partition.
 */
export const userChatListIndex = (companyId: string, userId: string, updatedAt: string, chatId: string) => ({
  GSI1PK: userChatListPartition(companyId, userId),
  GSI1SK: `${updatedAt}#${chatId}`,
});
export const userChatListPartition = (companyId: string, userId: string) => `${company(companyId)}#USERCHATS#${userId}`;

/**
 * A member's item while it has unread messages (GSI2, sparse: the attributes go when it is read): the
 * menu's dot is one Query of this partition.
 */
export const userUnreadChatIndex = (companyId: string, userId: string, chatId: string) => ({
  GSI2PK: userUnreadChatsPartition(companyId, userId),
  GSI2SK: chatId,
});
export const userUnreadChatsPartition = (companyId: string, userId: string) => `${company(companyId)}#UNREADCHATS#${userId}`;

export const contactNameListKey = (companyId: string) => `${company(companyId)}#CTNAME`;
export const contactNumberListKey = (companyId: string) => `${company(companyId)}#CTNUMBER`;

/** GSI1 of a contact list's item: the list's partition, by the item's ulid (the order items were added). */
export const contactListItemIndex = (companyId: string, listId: string, itemId: string) => ({
  GSI1PK: contactListItemsPartition(companyId, listId),
  GSI1SK: itemId,
});

export const contactListItemsPartition = (companyId: string, listId: string) => `${company(companyId)}#CLITEMS#${listId}`;
