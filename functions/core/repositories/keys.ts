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

const company = (companyId: string) => `C#${companyId}`;

export const keys = {
  company: (companyId: string): Key => ({ PK: company(companyId), SK: 'COMPANY' }),
  user: (companyId: string, userId: string): Key => ({ PK: company(companyId), SK: `USER#${userId}` }),
  setting: (companyId: string, key: string): Key => ({ PK: company(companyId), SK: `SETTING#${key}` }),
  settingPrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'SETTING#' }),
  queue: (companyId: string, queueId: string): Key => ({ PK: company(companyId), SK: `QUEUE#${queueId}` }),
  queuePrefix: (companyId: string) => ({ PK: company(companyId), SKPrefix: 'QUEUE#' }),
  uniqueQueueColor: (companyId: string, color: string): Key => ({
    PK: company(companyId),
    SK: `UNIQUE#QUEUECOLOR#${color.toLowerCase()}`,
  }),
  /** A single-use WebSocket ticket; the company id is part of the ticket so the item stays in the tenant. */
  wsTicket: (companyId: string, ticketHash: string): Key => ({ PK: `${company(companyId)}#WSTICKET#${ticketHash}`, SK: 'WSTICKET' }),
  wsConnection: (companyId: string, connectionId: string): Key => ({
    PK: `${company(companyId)}#WSCONN#${connectionId}`,
    SK: 'CONNECTION',
  }),

  plan: (planId: string): Key => ({ PK: 'PLATFORM#PLANS', SK: `PLAN#${planId}` }),
  planPrefix: () => ({ PK: 'PLATFORM#PLANS', SKPrefix: 'PLAN#' }),
  /** Maps a Cognito `sub` to the user and company it belongs to. */
  identity: (sub: string): Key => ({ PK: `IDENTITY#${sub}`, SK: 'IDENTITY' }),
  /** Emails are unique across the platform: one Cognito pool signs everyone in. */
  uniqueEmail: (email: string): Key => ({ PK: `UNIQUE#EMAIL#${email.trim().toLowerCase()}`, SK: 'UNIQUE' }),
} as const;

/** Companies listed by the super user: one partition, sorted by name. */
export const companyListIndex = (name: string, companyId: string) => ({
  GSI1PK: 'PLATFORM#COMPANIES',
  GSI1SK: `${name.trim().toLowerCase()}#${companyId}`,
});
