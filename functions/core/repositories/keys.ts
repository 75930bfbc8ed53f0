/**
 * Every DynamoDB key of the product is built here and nowhere else (DESIGN.md §5). Tenant data lives in
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

export const keys = {
  company: (companyId: string): Key => ({ PK: company(companyId), SK: 'COMPANY' }),
  user: (companyId: string, userId: string): Key => ({ PK: company(companyId), SK: `USER#${userId}` }),
  userPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'USER#' }),
  setting: (companyId: string, key: string): Key => ({ PK: company(companyId), SK: `SETTING#${key}` }),
  settingPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'SETTING#' }),
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
  wsTicket: (companyId: string, ticketHash: string): Key => ({ PK: `${company(companyId)}#WSTICKET#${ticketHash}`, SK: 'WSTICKET' }),
  wsConnection: (companyId: string, connectionId: string): Key => ({
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

  // session host: platform data, not tenant data. Leases are read with ConsistentRead from the table,
  // never from a GSI; both partitions hold a handful of items.
  /** The lease of one shard of the session host (functions/sessions/leases.ts). */
  sessionLease: (shard: number): Key => ({ PK: 'SESSIONHOST#LEASE', SK: `SHARD#${shard}` }),
  sessionLeasePrefix: () => ({ PK: 'SESSIONHOST#LEASE', SKPrefix: 'SHARD#' }),
  /** One live session-host process, heartbeated so the hosts can count each other. */
  sessionHost: (hostId: string): Key => ({ PK: 'SESSIONHOST#HOSTS', SK: `HOST#${hostId}` }),
  sessionHostPrefix: () => ({ PK: 'SESSIONHOST#HOSTS', SKPrefix: 'HOST#' }),
} as const;

/** Companies listed by the super user: one partition, sorted by name. */
export const companyListIndex = (name: string, companyId: string) => ({
  GSI1PK: 'PLATFORM#COMPANIES',
  GSI1SK: `${name.trim().toLowerCase()}#${companyId}`,
});

/** Options of one queue under one parent (`root` for the top level), in menu order. */
export const queueOptionListIndex = (companyId: string, queueId: string, parentId: string | null, position: number) => ({
  GSI1PK: `${company(companyId)}#QOPTS#${queueId}#${parentId ?? 'root'}`,
  GSI1SK: `${String(position).padStart(6, '0')}`,
});
