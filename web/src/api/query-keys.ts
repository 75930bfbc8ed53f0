/**
 * The keys of the server cache (TanStack Query), in one place so a realtime event or a mutation in one
 * screen refreshes what every other screen shows of the same data. Keys are hierarchical: invalidating
 * `queryKeys.tickets.all` refreshes every ticket list and ticket.
 */
export const queryKeys = {
  me: ['me'] as const,
  tickets: {
    all: ['tickets'] as const,
    /** A ticket list; `filters` is the exact query the list sends (status, search, queues, tags, users, showAll). */
    list: (filters: Readonly<Record<string, unknown>>) => ['tickets', 'list', filters] as const,
    lists: ['tickets', 'list'] as const,
    one: (ticketId: string) => ['tickets', 'one', ticketId] as const,
    /** A ticket looked up by its uuid (the route /tickets/{uuid}, spec 1 §2.1). */
    byUuid: (uuid: string) => ['tickets', 'uuid', uuid] as const,
    /** The messages of the admin's read-only view of a ticket (not the conversation's own cache). */
    spy: (ticketId: string) => ['tickets', 'spy', ticketId] as const,
  },
  /** One page of GET /contacts for a picker's search (the new-ticket modal), not the contacts page's list. */
  contactSearch: (term: string) => ['contacts', 'search', term] as const,
  messages: {
    all: ['messages'] as const,
    ofTicket: (ticketId: string) => ['messages', ticketId] as const,
  },
  notes: { ofTicket: (ticketId: string) => ['ticket-notes', ticketId] as const },
  contacts: {
    all: ['contacts'] as const,
    list: (search: string) => ['contacts', 'list', search] as const,
    /** Every contact list, whatever its search (the prefix of `list`). */
    lists: ['contacts', 'list'] as const,
    one: (contactId: string) => ['contacts', 'one', contactId] as const,
  },
  queues: ['queues'] as const,
  users: { all: ['users'] as const, list: (search: string) => ['users', 'list', search] as const },
  tags: { all: ['tags'] as const, list: (search: string) => ['tags', 'list', search] as const },
  quickMessages: ['quick-messages'] as const,
  connections: ['whatsapp'] as const,
  settings: ['settings'] as const,
  announcements: ['announcements'] as const,
  plans: { public: ['plans', 'public'] as const },
  // The conversation's selects and suggestions (under their resource, so invalidating it refreshes them).
  quickMessageOptions: ['quick-messages', 'usable'] as const,
  tagOptions: ['tags', 'options'] as const,
  userOptions: ['users', 'options'] as const,
} as const;
