/**
 * The HTTP API route table, declared once. Each route names the resource module that serves it: one
 * Lambda per module (functions/http/<module>.ts, with an internal router), not one per route. The CDK
 * app generates the functions and routes from this table; the local gateway routes requests by it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `jwt`: the gateway verifies the Cognito access token (API Gateway's JWT authorizer) and answers 401
 * without a valid one. `public`: no token needed (the handler may still do its own checks, e.g. the
 * external API's per-connection bearer token).
 */
export type RouteAuth = 'jwt' | 'public';

export interface HttpModuleDefinition {
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
}

/** Resource modules: functions/http/<name>.ts each exports `handler`. */
export const HTTP_MODULES = {
  version: { memoryMb: 256, timeoutSeconds: 5 },
  auth: { memoryMb: 512, timeoutSeconds: 10 },
  realtime: { memoryMb: 256, timeoutSeconds: 5 },
  companies: { memoryMb: 512, timeoutSeconds: 15 },
  plans: { memoryMb: 256, timeoutSeconds: 10 },
  helps: { memoryMb: 256, timeoutSeconds: 10 },
  announcements: { memoryMb: 512, timeoutSeconds: 15 },
  users: { memoryMb: 512, timeoutSeconds: 15 },
  settings: { memoryMb: 256, timeoutSeconds: 10 },
  queues: { memoryMb: 512, timeoutSeconds: 10 },
  tags: { memoryMb: 256, timeoutSeconds: 10 },
  contacts: { memoryMb: 1024, timeoutSeconds: 30 },
  tickets: { memoryMb: 512, timeoutSeconds: 15 },
  messages: { memoryMb: 512, timeoutSeconds: 15 },
  notes: { memoryMb: 256, timeoutSeconds: 10 },
  'quick-messages': { memoryMb: 512, timeoutSeconds: 15 },
  schedules: { memoryMb: 512, timeoutSeconds: 15 },
  campaigns: { memoryMb: 512, timeoutSeconds: 15 },
  // An upload reads a spreadsheet and writes up to CONTACT_LIST_MAX_ITEMS items; deleting a list, its items.
  'contact-lists': { memoryMb: 1024, timeoutSeconds: 30 },
  // An upload holds up to FILE_LIST_UPLOAD_MAX_BYTES of files in memory and stores each in S3.
  files: { memoryMb: 512, timeoutSeconds: 20 },
  // A message may carry a file (CHAT_FILE_MAX_BYTES) held in memory on its way to S3.
  chats: { memoryMb: 512, timeoutSeconds: 15 },
  prompts: { memoryMb: 256, timeoutSeconds: 10 },
  // POST /subscription waits for the payment provider (customer, charge, PIX code: 10 s at most each).
  billing: { memoryMb: 256, timeoutSeconds: 30 },
  // testSession waits for Google's token and Dialogflow's detectIntent, 10 s at most each.
  'queue-integrations': { memoryMb: 256, timeoutSeconds: 25 },
  dashboard: { memoryMb: 512, timeoutSeconds: 15 },
  // A Cloud API webhook downloads the customers' files (up to MESSAGE_MEDIA_MAX_BYTES, one at a time) into S3.
  whatsapp: { memoryMb: 1024, timeoutSeconds: 30 },
  api: { memoryMb: 512, timeoutSeconds: 20 },
} as const satisfies Record<string, HttpModuleDefinition>;

export type HttpModule = keyof typeof HTTP_MODULES;

export interface HttpRouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/tickets/{id}`. */
  readonly path: string;
  readonly module: HttpModule;
  readonly auth: RouteAuth;
}

export const HTTP_ROUTES = [
  { method: 'GET', path: '/version', module: 'version', auth: 'public' },

  { method: 'GET', path: '/auth/me', module: 'auth', auth: 'jwt' },
  { method: 'DELETE', path: '/auth/logout', module: 'auth', auth: 'jwt' },
  // Cognito's forgot-password flow; the new password travels in a body, never in a URL (docs/architecture.md §7).
  { method: 'POST', path: '/auth/forgot-password', module: 'auth', auth: 'public' },
  { method: 'POST', path: '/auth/reset-password', module: 'auth', auth: 'public' },

  { method: 'POST', path: '/realtime/ticket', module: 'realtime', auth: 'jwt' },

  { method: 'POST', path: '/companies/cadastro', module: 'companies', auth: 'public' },
  { method: 'GET', path: '/companies', module: 'companies', auth: 'jwt' },
  { method: 'GET', path: '/companies/list', module: 'companies', auth: 'jwt' },
  { method: 'GET', path: '/companies/{id}', module: 'companies', auth: 'jwt' },
  { method: 'POST', path: '/companies', module: 'companies', auth: 'jwt' },
  { method: 'PUT', path: '/companies/{id}', module: 'companies', auth: 'jwt' },
  { method: 'DELETE', path: '/companies/{id}', module: 'companies', auth: 'jwt' },
  { method: 'PUT', path: '/companies/{id}/schedules', module: 'companies', auth: 'jwt' },
  { method: 'GET', path: '/companies/listPlan/{id}', module: 'companies', auth: 'jwt' },

  { method: 'GET', path: '/plans/list', module: 'plans', auth: 'public' },
  { method: 'GET', path: '/plans/all', module: 'plans', auth: 'jwt' },
  { method: 'GET', path: '/plans/{id}', module: 'plans', auth: 'jwt' },
  { method: 'POST', path: '/plans', module: 'plans', auth: 'jwt' },
  { method: 'PUT', path: '/plans/{id}', module: 'plans', auth: 'jwt' },
  { method: 'DELETE', path: '/plans/{id}', module: 'plans', auth: 'jwt' },

  { method: 'GET', path: '/helps', module: 'helps', auth: 'jwt' },
  { method: 'GET', path: '/helps/list', module: 'helps', auth: 'jwt' },
  { method: 'POST', path: '/helps', module: 'helps', auth: 'jwt' },
  { method: 'PUT', path: '/helps/{id}', module: 'helps', auth: 'jwt' },
  { method: 'DELETE', path: '/helps/{id}', module: 'helps', auth: 'jwt' },

  { method: 'GET', path: '/announcements', module: 'announcements', auth: 'jwt' },
  { method: 'GET', path: '/announcements/{id}', module: 'announcements', auth: 'jwt' },
  { method: 'POST', path: '/announcements', module: 'announcements', auth: 'jwt' },
  { method: 'PUT', path: '/announcements/{id}', module: 'announcements', auth: 'jwt' },
  { method: 'DELETE', path: '/announcements/{id}', module: 'announcements', auth: 'jwt' },
  { method: 'POST', path: '/announcements/{id}/media-upload', module: 'announcements', auth: 'jwt' },
  { method: 'DELETE', path: '/announcements/{id}/media-upload', module: 'announcements', auth: 'jwt' },

  { method: 'GET', path: '/users', module: 'users', auth: 'jwt' },
  { method: 'GET', path: '/users/list', module: 'users', auth: 'jwt' },
  { method: 'GET', path: '/users/{id}', module: 'users', auth: 'jwt' },
  { method: 'POST', path: '/users', module: 'users', auth: 'jwt' },
  { method: 'PUT', path: '/users/{id}', module: 'users', auth: 'jwt' },
  { method: 'DELETE', path: '/users/{id}', module: 'users', auth: 'jwt' },

  { method: 'GET', path: '/settings', module: 'settings', auth: 'jwt' },
  { method: 'PUT', path: '/settings/{key}', module: 'settings', auth: 'jwt' },

  { method: 'GET', path: '/queue', module: 'queues', auth: 'jwt' },
  { method: 'GET', path: '/queue/{id}', module: 'queues', auth: 'jwt' },
  { method: 'POST', path: '/queue', module: 'queues', auth: 'jwt' },
  { method: 'PUT', path: '/queue/{id}', module: 'queues', auth: 'jwt' },
  { method: 'DELETE', path: '/queue/{id}', module: 'queues', auth: 'jwt' },
  { method: 'GET', path: '/queue-options', module: 'queues', auth: 'jwt' },
  { method: 'POST', path: '/queue-options', module: 'queues', auth: 'jwt' },
  { method: 'PUT', path: '/queue-options/{id}', module: 'queues', auth: 'jwt' },
  { method: 'DELETE', path: '/queue-options/{id}', module: 'queues', auth: 'jwt' },

  { method: 'GET', path: '/tags', module: 'tags', auth: 'jwt' },
  { method: 'GET', path: '/tags/list', module: 'tags', auth: 'jwt' },
  { method: 'GET', path: '/tags/kanban', module: 'tags', auth: 'jwt' },
  { method: 'GET', path: '/tags/{id}', module: 'tags', auth: 'jwt' },
  { method: 'POST', path: '/tags', module: 'tags', auth: 'jwt' },
  { method: 'PUT', path: '/tags/{id}', module: 'tags', auth: 'jwt' },
  { method: 'DELETE', path: '/tags/{id}', module: 'tags', auth: 'jwt' },

  { method: 'GET', path: '/contacts', module: 'contacts', auth: 'jwt' },
  { method: 'GET', path: '/contacts/list', module: 'contacts', auth: 'jwt' },
  { method: 'GET', path: '/contacts/export', module: 'contacts', auth: 'jwt' },
  { method: 'POST', path: '/contacts/import', module: 'contacts', auth: 'jwt' },
  { method: 'GET', path: '/contacts/{id}', module: 'contacts', auth: 'jwt' },
  { method: 'POST', path: '/contacts', module: 'contacts', auth: 'jwt' },
  { method: 'PUT', path: '/contacts/{id}', module: 'contacts', auth: 'jwt' },
  { method: 'DELETE', path: '/contacts/{id}', module: 'contacts', auth: 'jwt' },

  { method: 'GET', path: '/tickets', module: 'tickets', auth: 'jwt' },
  { method: 'GET', path: '/tickets/{id}', module: 'tickets', auth: 'jwt' },
  { method: 'GET', path: '/tickets/u/{uuid}', module: 'tickets', auth: 'jwt' },
  { method: 'POST', path: '/tickets', module: 'tickets', auth: 'jwt' },
  { method: 'PUT', path: '/tickets/{id}', module: 'tickets', auth: 'jwt' },
  { method: 'DELETE', path: '/tickets/{id}', module: 'tickets', auth: 'jwt' },
  { method: 'POST', path: '/tags/sync', module: 'tickets', auth: 'jwt' },
  { method: 'GET', path: '/ticket/kanban', module: 'tickets', auth: 'jwt' },
  { method: 'PUT', path: '/ticket-tags/{ticketId}/{tagId}', module: 'tickets', auth: 'jwt' },
  { method: 'DELETE', path: '/ticket-tags/{ticketId}', module: 'tickets', auth: 'jwt' },

  // `{id}` is the ticket's id for GET and POST, the message's id for DELETE (one path variable name per
  // path, as API Gateway requires).
  { method: 'GET', path: '/messages/{id}', module: 'messages', auth: 'jwt' },
  { method: 'POST', path: '/messages/{id}', module: 'messages', auth: 'jwt' },
  { method: 'DELETE', path: '/messages/{id}', module: 'messages', auth: 'jwt' },
  /** A presigned S3 upload for media too big for a request body; then POST /messages/{id} names its key. */
  { method: 'POST', path: '/messages/{id}/media-url', module: 'messages', auth: 'jwt' },
  /** A fresh link to one message's file (`{id}` the message's); ERR_WAPP_DOWNLOAD_MEDIA when it was never downloaded. */
  { method: 'GET', path: '/messages/{id}/media', module: 'messages', auth: 'jwt' },

  { method: 'GET', path: '/ticket-notes/list', module: 'notes', auth: 'jwt' },
  { method: 'POST', path: '/ticket-notes', module: 'notes', auth: 'jwt' },
  { method: 'DELETE', path: '/ticket-notes/{id}', module: 'notes', auth: 'jwt' },

  { method: 'GET', path: '/quick-messages', module: 'quick-messages', auth: 'jwt' },
  { method: 'GET', path: '/quick-messages/list', module: 'quick-messages', auth: 'jwt' },
  { method: 'GET', path: '/quick-messages/{id}', module: 'quick-messages', auth: 'jwt' },
  { method: 'POST', path: '/quick-messages', module: 'quick-messages', auth: 'jwt' },
  { method: 'PUT', path: '/quick-messages/{id}', module: 'quick-messages', auth: 'jwt' },
  { method: 'DELETE', path: '/quick-messages/{id}', module: 'quick-messages', auth: 'jwt' },
  { method: 'POST', path: '/quick-messages/{id}/media-upload', module: 'quick-messages', auth: 'jwt' },
  { method: 'DELETE', path: '/quick-messages/{id}/media-upload', module: 'quick-messages', auth: 'jwt' },

  { method: 'GET', path: '/schedules', module: 'schedules', auth: 'jwt' },
  { method: 'GET', path: '/schedules/{id}', module: 'schedules', auth: 'jwt' },
  { method: 'POST', path: '/schedules', module: 'schedules', auth: 'jwt' },
  { method: 'PUT', path: '/schedules/{id}', module: 'schedules', auth: 'jwt' },
  { method: 'DELETE', path: '/schedules/{id}', module: 'schedules', auth: 'jwt' },
  { method: 'POST', path: '/schedules/{id}/media-upload', module: 'schedules', auth: 'jwt' },
  { method: 'DELETE', path: '/schedules/{id}/media-upload', module: 'schedules', auth: 'jwt' },

  { method: 'GET', path: '/contact-lists', module: 'contact-lists', auth: 'jwt' },
  { method: 'GET', path: '/contact-lists/list', module: 'contact-lists', auth: 'jwt' },
  { method: 'GET', path: '/contact-lists/{id}', module: 'contact-lists', auth: 'jwt' },
  { method: 'POST', path: '/contact-lists', module: 'contact-lists', auth: 'jwt' },
  { method: 'PUT', path: '/contact-lists/{id}', module: 'contact-lists', auth: 'jwt' },
  { method: 'DELETE', path: '/contact-lists/{id}', module: 'contact-lists', auth: 'jwt' },
  { method: 'POST', path: '/contact-lists/{id}/upload', module: 'contact-lists', auth: 'jwt' },
  { method: 'GET', path: '/contact-list-items', module: 'contact-lists', auth: 'jwt' },
  { method: 'GET', path: '/contact-list-items/{id}', module: 'contact-lists', auth: 'jwt' },
  { method: 'POST', path: '/contact-list-items', module: 'contact-lists', auth: 'jwt' },
  { method: 'PUT', path: '/contact-list-items/{id}', module: 'contact-lists', auth: 'jwt' },
  { method: 'DELETE', path: '/contact-list-items/{id}', module: 'contact-lists', auth: 'jwt' },

  // File lists of campaigns (spec 2 §7); `{id}` is the list's id.
  { method: 'GET', path: '/files', module: 'files', auth: 'jwt' },
  { method: 'GET', path: '/files/{id}', module: 'files', auth: 'jwt' },
  { method: 'POST', path: '/files', module: 'files', auth: 'jwt' },
  { method: 'PUT', path: '/files/{id}', module: 'files', auth: 'jwt' },
  { method: 'DELETE', path: '/files/{id}', module: 'files', auth: 'jwt' },
  { method: 'POST', path: '/files/uploadList/{id}', module: 'files', auth: 'jwt' },

  // Billing (spec 3 §7): invoices, the checkout's PIX charge, and the payment providers' notifications,
  // which authenticate themselves (core/billing/payment-notification.ts).
  { method: 'GET', path: '/invoices/all', module: 'billing', auth: 'jwt' },
  { method: 'GET', path: '/subscription', module: 'billing', auth: 'jwt' },
  { method: 'POST', path: '/subscription', module: 'billing', auth: 'jwt' },
  { method: 'POST', path: '/webhooks/asaas', module: 'billing', auth: 'public' },
  { method: 'POST', path: '/webhooks/payment-simulator', module: 'billing', auth: 'public' },

  // AI prompts (spec 3 §7)
  { method: 'GET', path: '/prompt', module: 'prompts', auth: 'jwt' },
  { method: 'POST', path: '/prompt', module: 'prompts', auth: 'jwt' },
  { method: 'GET', path: '/prompt/{id}', module: 'prompts', auth: 'jwt' },
  { method: 'PUT', path: '/prompt/{id}', module: 'prompts', auth: 'jwt' },
  { method: 'DELETE', path: '/prompt/{id}', module: 'prompts', auth: 'jwt' },
  // internal chat (spec 3 §7; /chats/unread is ours: the menu's dot)
  { method: 'GET', path: '/chats', module: 'chats', auth: 'jwt' },
  { method: 'GET', path: '/chats/unread', module: 'chats', auth: 'jwt' },
  { method: 'POST', path: '/chats', module: 'chats', auth: 'jwt' },
  { method: 'GET', path: '/chats/{id}', module: 'chats', auth: 'jwt' },
  { method: 'PUT', path: '/chats/{id}', module: 'chats', auth: 'jwt' },
  { method: 'DELETE', path: '/chats/{id}', module: 'chats', auth: 'jwt' },
  { method: 'GET', path: '/chats/{id}/messages', module: 'chats', auth: 'jwt' },
  { method: 'POST', path: '/chats/{id}/messages', module: 'chats', auth: 'jwt' },
  { method: 'POST', path: '/chats/{id}/read', module: 'chats', auth: 'jwt' },

  // Queue integrations (spec 3 §7; `{id}` the integration's). testSession asks a Dialogflow agent one
  // question; `{id}/secret` (ours) makes a new signing secret for an n8n or webhook integration, shown once.
  { method: 'GET', path: '/queueIntegration', module: 'queue-integrations', auth: 'jwt' },
  { method: 'POST', path: '/queueIntegration', module: 'queue-integrations', auth: 'jwt' },
  { method: 'POST', path: '/queueIntegration/testSession', module: 'queue-integrations', auth: 'jwt' },
  { method: 'GET', path: '/queueIntegration/{id}', module: 'queue-integrations', auth: 'jwt' },
  { method: 'PUT', path: '/queueIntegration/{id}', module: 'queue-integrations', auth: 'jwt' },
  { method: 'DELETE', path: '/queueIntegration/{id}', module: 'queue-integrations', auth: 'jwt' },
  { method: 'POST', path: '/queueIntegration/{id}/secret', module: 'queue-integrations', auth: 'jwt' },

  { method: 'GET', path: '/campaign-settings', module: 'campaigns', auth: 'jwt' },
  { method: 'POST', path: '/campaign-settings', module: 'campaigns', auth: 'jwt' },
  { method: 'GET', path: '/campaigns', module: 'campaigns', auth: 'jwt' },
  { method: 'POST', path: '/campaigns', module: 'campaigns', auth: 'jwt' },
  { method: 'GET', path: '/campaigns/{id}', module: 'campaigns', auth: 'jwt' },
  { method: 'PUT', path: '/campaigns/{id}', module: 'campaigns', auth: 'jwt' },
  { method: 'DELETE', path: '/campaigns/{id}', module: 'campaigns', auth: 'jwt' },
  { method: 'POST', path: '/campaigns/{id}/media-upload', module: 'campaigns', auth: 'jwt' },
  { method: 'DELETE', path: '/campaigns/{id}/media-upload', module: 'campaigns', auth: 'jwt' },
  { method: 'POST', path: '/campaigns/{id}/cancel', module: 'campaigns', auth: 'jwt' },
  { method: 'POST', path: '/campaigns/{id}/restart', module: 'campaigns', auth: 'jwt' },
  { method: 'GET', path: '/campaigns/{id}/shipping', module: 'campaigns', auth: 'jwt' },

  { method: 'GET', path: '/dashboard', module: 'dashboard', auth: 'jwt' },
  { method: 'GET', path: '/dashboard/ticketsUsers', module: 'dashboard', auth: 'jwt' },
  { method: 'GET', path: '/dashboard/ticketsDay', module: 'dashboard', auth: 'jwt' },

  // connections (issue 5)
  { method: 'GET', path: '/whatsapp', module: 'whatsapp', auth: 'jwt' },
  { method: 'GET', path: '/whatsapp/{id}', module: 'whatsapp', auth: 'jwt' },
  { method: 'POST', path: '/whatsapp', module: 'whatsapp', auth: 'jwt' },
  { method: 'PUT', path: '/whatsapp/{id}', module: 'whatsapp', auth: 'jwt' },
  { method: 'DELETE', path: '/whatsapp/{id}', module: 'whatsapp', auth: 'jwt' },
  /** Rotates the connection's token for the external messaging API; the new token is shown once. */
  { method: 'POST', path: '/whatsapp/{id}/token', module: 'whatsapp', auth: 'jwt' },
  /** Ours (issue 32): a Cloud API connection's message templates as last synced, and their sync from Meta (admins). */
  { method: 'GET', path: '/whatsapp/{id}/templates', module: 'whatsapp', auth: 'jwt' },
  { method: 'POST', path: '/whatsapp/{id}/templates/sync', module: 'whatsapp', auth: 'jwt' },
  { method: 'POST', path: '/whatsappsession/{id}', module: 'whatsapp', auth: 'jwt' },
  { method: 'PUT', path: '/whatsappsession/{id}', module: 'whatsapp', auth: 'jwt' },
  { method: 'DELETE', path: '/whatsappsession/{id}', module: 'whatsapp', auth: 'jwt' },
  /** Ours (issue 15): links the session by phone number; the 8-character code arrives with whatsappSession. */
  { method: 'POST', path: '/whatsappsession/{id}/pairing-code', module: 'whatsapp', auth: 'jwt' },
  // A Cloud API connection's webhook (issue 32): Meta's handshake and deliveries, which prove themselves
  // with the connection's verify token and app secret (core/whatsapp-cloud/receive-webhook.ts).
  { method: 'GET', path: '/webhooks/whatsapp-cloud/{id}', module: 'whatsapp', auth: 'public' },
  { method: 'POST', path: '/webhooks/whatsapp-cloud/{id}', module: 'whatsapp', auth: 'public' },

  // external messaging API (issue 5)
  /** Public at the gateway: the handler authenticates the per-connection bearer token itself. */
  { method: 'POST', path: '/api/messages/send', module: 'api', auth: 'public' },
  /** Public: the OpenAPI 3.1 document of every `/api/` route (functions/core/external-api/openapi-document.ts). */
  { method: 'GET', path: '/api/openapi.json', module: 'api', auth: 'public' },
] as const satisfies readonly HttpRouteDefinition[];

/** Every route key of the API, e.g. 'GET /tickets/{id}'. */
export type AnyRouteKey = RouteKeyOf<HttpModule>;

/** The route keys a module serves, e.g. RouteKeyOf<'auth'> = 'GET /auth/me'. */
export type RouteKeyOf<M extends HttpModule> =
  Extract<(typeof HTTP_ROUTES)[number], { module: M }> extends infer R
    ? R extends { method: infer Method extends string; path: infer Path extends string }
      ? `${Method} ${Path}`
      : never
    : never;

export const httpModuleEntry = (module: HttpModule): string => `functions/http/${module}.ts`;

/** The route key API Gateway puts in `event.routeKey`, e.g. `GET /tickets/{id}`. */
export const routeKey = (route: Pick<HttpRouteDefinition, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/** CORS of the HTTP API, as deployed; the allowed origin is the stage's web origin. */
export const HTTP_CORS = {
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const,
  allowHeaders: ['authorization', 'content-type', 'idempotency-key'] as const,
  exposeHeaders: [] as readonly string[],
  maxAgeSeconds: 600,
  allowCredentials: false,
};
