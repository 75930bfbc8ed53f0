/**
 * The error catalogue (spec 1 §8) with the HTTP status each code is answered with. The backend answers
 * `{ "error": "<code>" }`; the web translates known codes and shows unknown ones raw. Codes marked
 * "ours" are not in the spec: they name failures the spec leaves unnamed.
 */
export const ERROR_STATUS = {
  ERR_INTERNAL_SERVER_ERROR: 500,
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_USER_DONT_EXISTS: 404,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 500,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  /** Ours: a body, query or path parameter failed validation; `fields` carries the messages. */
  ERR_VALIDATION: 400,
  /** Ours: the company's due date has passed (the web shows 'Opss! Sua assinatura venceu ...'). */
  ERR_SUBSCRIPTION_EXPIRED: 402,
  /** Ours: sign-up or user creation with an email that already has an account. */
  ERR_EMAIL_ALREADY_EXISTS: 409,
  /** Ours: no tag with this id in the caller's company (the original's code for it). */
  ERR_NO_TAG_FOUND: 404,
  /** Ours: the route exists but not for this method or resource. */
  ERR_NOT_FOUND: 404,
  /** Ours: too many attempts from one source in a short time (sign-ups per IP, password resets). */
  ERR_TOO_MANY_REQUESTS: 429,
  /** Ours: no company with this id, or not one the caller may see (the two answer alike). */
  ERR_NO_COMPANY_FOUND: 404,
  /** Ours: no plan with this id. */
  ERR_NO_PLAN_FOUND: 404,
  /** Ours: a plan that companies still use cannot be deleted. */
  ERR_PLAN_IN_USE: 409,
  /** Ours: no help video with this id. */
  ERR_NO_HELP_FOUND: 404,
  /** Ours: no announcement with this id, or an inactive one asked for by a user who is not a super user. */
  ERR_NO_ANNOUNCEMENT_FOUND: 404,
  /** Ours: no queue with this id in the caller's company (another company's id answers the same). */
  ERR_NO_QUEUE_FOUND: 404,
  /** Ours: no option of that queue with this id in the caller's company. */
  ERR_NO_QUEUE_OPTION_FOUND: 404,
  /** Ours: the company has as many queues as its plan allows. */
  ERR_QUEUE_LIMIT_REACHED: 403,
  /** Ours: the password-reset code is wrong, expired or already used (or the email has no account). */
  ERR_INVALID_RESET_CODE: 400,
  /** Ours: the company already has as many users as its plan allows. */
  ERR_USER_LIMIT_REACHED: 403,
  /** Ours: no message with this id in a ticket of the caller's company. */
  ERR_NO_MESSAGE_FOUND: 404,
  /** Ours: agents send messages to open tickets only (spec 1 §2.6); accept or reopen the ticket first. */
  ERR_TICKET_NOT_OPEN: 409,
  /** Ours: no ticket note with this id in the caller's company. */
  ERR_NO_TICKETNOTE_FOUND: 404,
  /** Ours: no quick message with this id that the caller may see. */
  ERR_NO_QUICKMESSAGE_FOUND: 404,
  /** Ours: two agents accepted the same ticket at once; this one came second (docs/architecture.md §8). */
  ERR_TICKET_ALREADY_ACCEPTED: 409,
  /** Ours: the ticket is no longer in the state the action needs (finished, reopened or returned meanwhile). */
  ERR_TICKET_STATUS_CHANGED: 409,
  /** Ours: the company has as many connections as its plan allows. */
  ERR_CONNECTION_LIMIT_REACHED: 403,
  /** Ours: the external API's bearer token is missing, empty, malformed, unknown or revoked (rotated). */
  ERR_INVALID_API_TOKEN: 401,
  /** Ours: an Idempotency-Key of the external API reused with another request, or while its first use is still running. */
  ERR_IDEMPOTENCY_KEY_CONFLICT: 409,
  /** Ours: no scheduled message with this id in the caller's company. */
  ERR_NO_SCHEDULE_FOUND: 404,
  /** Ours: a scheduled message already sent (or being sent) cannot be changed (spec 2 §4). */
  ERR_SCHEDULE_ALREADY_SENT: 409,
  /** Ours: no contact list with this id in the caller's company. */
  ERR_NO_CONTACTLIST_FOUND: 404,
  /** Ours: no item with this id in a contact list of the caller's company. */
  ERR_NO_CONTACTLISTITEM_FOUND: 404,
  /** Ours: the number is already in this contact list (a campaign sends to each number once). */
  ERR_DUPLICATED_CONTACTLISTITEM: 409,
  /** Ours: no campaign with this id in the caller's company. */
  ERR_NO_CAMPAIGN_FOUND: 404,
  /** Ours: the campaign is running, finished or due within the hour (spec 2 §4): it can no longer be changed. */
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  /** Ours: only a campaign in progress can be stopped (spec 2 §4). */
  ERR_CAMPAIGN_NOT_RUNNING: 409,
  /** Ours: only a cancelled campaign can be restarted (spec 2 §4). */
  ERR_CAMPAIGN_NOT_CANCELLED: 409,
  /** Ours: no file list with this id in the caller's company (the original's code for it). */
  ERR_NO_FILE_FOUND: 404,
  /** Ours: no AI prompt with this id in the caller's company. */
  ERR_NO_PROMPT_FOUND: 404,
  /** Ours: no chat with this id among the caller's chats (a chat the caller is not a member of included). */
  ERR_NO_CHAT_FOUND: 404,
  /** Ours: the object kept changing under this request (others edited it at the same moment); nothing was saved, try again. */
  ERR_CONFLICT: 409,
  /** Ours: no queue integration with this id in the caller's company (another company's id answers the same). */
  ERR_NO_INTEGRATION_FOUND: 404,
  /** Ours: POST /queueIntegration/testSession did not get an answer from the agent; `details` say which step refused. */
  ERR_INTEGRATION_TEST_FAILED: 400,
  /** Ours: no invoice with this id in the caller's company. */
  ERR_NO_INVOICE_FOUND: 404,
  /** Ours: the invoice is paid already; nothing to pay. */
  ERR_INVOICE_ALREADY_PAID: 409,
  /** Ours: no payment provider is set up on this stage (no Asaas key, no simulator). */
  ERR_PAYMENT_UNAVAILABLE: 503,
  /** Ours: the payment provider refused or did not answer the charge; nothing was charged, try again. */
  ERR_PAYMENT_PROVIDER: 502,
  /** Ours: a free-form message on a Cloud API connection more than 24 h after the customer last wrote; send an approved template. */
  ERR_OUTSIDE_REPLY_WINDOW: 409,
  /** Ours: no approved template with this name and language (and number of variables) on the ticket's connection. */
  ERR_NO_TEMPLATE_FOUND: 404,
  /** Ours: Meta's Graph API refused or did not answer (credentials, template sync); nothing was changed. */
  ERR_WAPP_CLOUD_API: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);

/** One failed field of a validation error: `path` is dotted (`extraInfo.0.name`), `message` the spec's text. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** The body of every error answer of the HTTP API. */
export interface ErrorBody {
  readonly error: ErrorCode;
  /** Human-readable detail; for validation errors the first field message (e.g. 'Too Short!'). */
  readonly message?: string;
  readonly fields?: readonly FieldError[];
  /** Extra data some codes carry, e.g. the due date with ERR_SUBSCRIPTION_EXPIRED. */
  readonly details?: Readonly<Record<string, unknown>>;
}
