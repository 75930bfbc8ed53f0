/**
 * A WhatsApp message seen by a connection (the inbound pipeline, docs/architecture.md §3): stored once on the
 * contact's ticket, announced, and answered by the bots.
 *
 * Steps:
 * 1. the connection must still exist; group messages are dropped while `CheckMsgIsGroup` is enabled;
 * 2. claim the WhatsApp id (repositories/whatsapp-messages.ts): a redelivery of a stored message stops
 *    here; a delivery after a half-done attempt carries on under the same message id;
 * 3. the contact by number, created with its profile name and picture (kept up to date);
 * 4. without a live ticket of the contact on the connection, a reply to the rating prompt of the
 *    contact's last ticket (closed, waiting): '1' to '3' is recorded as the rating and the reply is stored
 *    on that ticket; anything else ends the wait and goes on as a normal message (docs/architecture.md §8: a reply
 *    is never lost);
 * 5. the contact's live ticket on the connection, or a new pending one (in the connection's only queue
 *    when it has one); concurrent first messages share one ticket;
 * 6. store the message (inbound ones count as unread; its WhatsApp id recorded in the same transaction)
 *    and announce it;
 * 7. a stop word of the company's campaigns (campaigns/opt-out.ts) opts the number out, confirmed
 *    once, and goes no further;
 * 8. the bots, for messages of the contact on a pending ticket nobody took: out of hours (company or
 *    queue work hours per `scheduleType`) first; then the ticket's queue integration, when it has one
 *    (integrations/answer-by-integration.ts); then an AI prompt of the ticket's queue, or of the
 *    connection before a queue (ai/prompt-turn.ts), which answers until it hands the ticket to agents;
 *    then the greeting and the queue menu on a new ticket,
 *    or the contact's answer to the menu (queue-menu.ts); a queue picked while it is closed answers its
 *    out-of-hours message instead of its greeting.
 */
import { monotonicFactory } from 'ulid';
import type { MediaType, QuotedMessageDto } from '../../../shared/messages';
import { renderTemplate, ticketProtocol, usesTemplateVariable } from '../../../shared/templates';
import { OPT_OUT_CONFIRMATION, optOutByAnswer } from '../campaigns/opt-out';
import { logger } from '../logger';
import { getCompany } from '../repositories/companies';
import { replaceContact, type Contact } from '../repositories/contacts';
import { getConnection, type Connection } from '../repositories/connections';
import { getMessage, messageIdOf, type StoredMessage } from '../repositories/messages';
import { getQueue, listQueues } from '../repositories/queues';
import { listChildOptions, listOptionLevels } from '../repositories/queue-options';
import { listSettings } from '../repositories/settings';
import { ticketsOfContact } from '../repositories/contact-tickets';
import { changeTicketAction } from '../repositories/ticket-changes';
import { getTicket, type Ticket, type TicketBotState } from '../repositories/tickets';
import { Steps } from '../repositories/transaction';
import { claimWhatsappMessage, getWhatsappMessageRef, setWhatsappMessageRef, whatsappMessageRefAction } from '../repositories/whatsapp-messages';
import { indexWords } from '../repositories/word-index';
import type { MessageEvent } from '../sessions/events';
import { contactForNumber, heldTicket, openLiveTicket } from '../conversations/create-ticket';
import { publishContactEvent, toContactDto } from '../contacts/present-contact';
import { endRatingWait, recordRating } from '../conversations/record-attendance';
import { refreshWordCopies } from '../conversations/refresh-word-copies';
import { announceStoredMessage, quotedSummaryOf, sendOnTicket } from '../conversations/send-message';
import { MessageExistsError, storeMessage } from '../conversations/store-message';
import { numberedTicket } from '../conversations/ticket-numbers';
import { answeredByIntegration } from '../integrations/answer-by-integration';
import { answerMenu, menuQueues, openingMenu, openingOptions, type BotDecision, type MenuContext } from './queue-menu';
import { announceContactChange, rowCopiesFor } from '../conversations/ticket-rows';
import { isWithinSchedule } from './work-hours';
import { HANDOVER_TEXT, promptTurn } from '../ai/prompt-turn';
import { BUSINESS_METRICS } from '../../../infra/resources/metrics';
import { countMetric } from '../metrics';

/**
 * Message ids sort in the order messages were written. WhatsApp stamps them in whole seconds, so two
 * messages of one second would get random order from plain ulid(); one chat's messages are handled in
 * sequence, and a monotonic factory makes each id greater than the one before it in this container.
 */
const messageUlidAt = monotonicFactory();

/** Ours: the answer to a call while the company's `call` setting is disabled. */
export const CALLS_REFUSED = 'Não recebemos chamadas por este número. Por favor, envie sua mensagem por escrito.';

export interface InboundContent {
  readonly mediaType: MediaType;
  readonly body: string;
  readonly media: { readonly key: string; readonly name: string; readonly mimeType: string } | null;
  readonly quotedWhatsappMessageId: string | null;
}

export async function receiveMessage(event: MessageEvent, now = new Date()): Promise<void> {
  const { companyId, whatsappId } = event;
  const connection = await getConnection(companyId, whatsappId);
  if (!connection) {
    logger.info('message of a deleted connection dropped', { whatsappId });
    return;
  }
  const settings = settingsOnDemand(companyId);
  if (event.chat.isGroup && (await settings()).get('CheckMsgIsGroup') === 'enabled') return;

  // Clamped like the stored time: a phone clock ahead must not sort the message after our answers.
  const claimedUlid = messageUlidAt(Math.min(event.timestamp || now.getTime(), now.getTime()));
  const claim = await claimWhatsappMessage(companyId, whatsappId, event.whatsappMessageId, claimedUlid, now);
  if (!claim.fresh && claim.ref.messageId !== null) return;
  // A customer's message, once (a redelivery of a stored one returned above); the phone's own are outbound.
  if (claim.fresh && !event.fromMe) countMetric(BUSINESS_METRICS.inboundMessages);
  // Every delivery of one WhatsApp message stores under the same id, so only one store can succeed.
  const messageUlid = claim.fresh ? claimedUlid : claim.ref.messageUlid;

  const contact = await contactOf(event, now);
  const content: InboundContent = {
    mediaType: event.mediaType,
    body: event.body,
    media: event.media,
    quotedWhatsappMessageId: event.quotedWhatsappMessageId,
  };

  // A contact talking on a live ticket is not answering a rating prompt, so only without one is it checked.
  const held = await heldTicket(companyId, whatsappId, contact.id);
  if (!held && !event.fromMe && !event.chat.isGroup && (await answeredRating(connection, contact, event, content, messageUlid, now))) return;

  const onlyQueue = connection.queueIds.length === 1 ? (connection.queueIds[0] ?? null) : null;
  const { ticket, created } = held ? { ticket: held, created: false } : await openLiveTicket(companyId, whatsappId, contact, now, onlyQueue, connection);
  const stored = await storeOn(ticket, connection, contact, event, content, messageUlid, { unread: !event.fromMe }, now);
  if (!stored || event.fromMe || ticket.isGroup) return;
  if (event.mediaType === 'call_log') {
    if ((await settings()).get('call') === 'disabled') await botSay(stored.ticket, contact, CALLS_REFUSED, now);
    return;
  }

  // A stop word opts the number out of campaigns, confirmed once; the bots do not answer it.
  if (event.mediaType === 'chat') {
    const optOut = await optOutByAnswer(companyId, contact.number, event.body, now);
    if (optOut === 'optedOut') await botSay(stored.ticket, contact, OPT_OUT_CONFIRMATION, now);
    if (optOut !== 'none') return;
  }

  await runBots(connection, settings, contact, stored.ticket, created, stored.message, now).catch((error: unknown) =>
    logger.warn('bot did not answer', { ticketId: ticket.id, error }),
  );
}

type SettingsLoader = () => Promise<ReadonlyMap<string, string>>;

/** The company's settings, read once and only if a step needs them (a message on a taken ticket needs none). */
function settingsOnDemand(companyId: string): SettingsLoader {
  let loaded: Promise<ReadonlyMap<string, string>> | undefined;
  return () => (loaded ??= listSettings(companyId).then((settings) => new Map(settings.map((setting) => [setting.key, setting.value]))));
}

/** The contact of the chat, created when new; its name and picture refreshed when WhatsApp tells more. */
async function contactOf(event: MessageEvent, now: Date): Promise<Contact> {
  const pushName = event.fromMe || event.chat.isGroup ? undefined : event.pushName;
  const picture = event.fromMe ? undefined : (event.profilePicUrl ?? undefined);
  const { contact, created } = await contactForNumber(event.companyId, event.chat.id, now, {
    ...(pushName ? { name: pushName } : {}),
    ...(picture !== undefined ? { profilePicUrl: picture } : {}),
    isGroup: event.chat.isGroup,
  });
  if (created) {
    await publishContactEvent(event.companyId, { action: 'create', contact: toContactDto(contact) }).catch(() => undefined);
    return contact;
  }
  const betterName = pushName && contact.name === contact.number ? pushName.trim() : contact.name;
  const newPicture = picture !== undefined && picture !== contact.profilePicUrl ? picture : contact.profilePicUrl;
  if (betterName === contact.name && newPicture === contact.profilePicUrl) return contact;
  const after: Contact = { ...contact, name: betterName, profilePicUrl: newPicture, updatedAt: now.toISOString() };
  if ((await replaceContact(contact, after)) !== 'replaced') return contact;
  await publishContactEvent(event.companyId, { action: 'update', contact: toContactDto(after) }).catch(() => undefined);
  await announceContactChange(contact, after, { quiet: true });
  return after;
}

/** Step 4: true when the message was a rating and is stored on the rated ticket. */
async function answeredRating(
  connection: Connection,
  contact: Contact,
  event: MessageEvent,
  content: InboundContent,
  messageUlid: string,
  now: Date,
): Promise<boolean> {
  const [last] = await ticketsOfContact(connection.companyId, contact.id, 1);
  if (!last || last.status !== 'closed' || last.whatsappId !== connection.id) return false;
  if (!last.awaitingRatingUntil || last.awaitingRatingUntil <= now.toISOString()) return false;
  const rating = /^\s*([1-3])\s*$/.exec(content.mediaType === 'chat' ? content.body : '')?.[1];
  if (!rating) {
    await endRatingWait(connection.companyId, last.id);
    return false;
  }
  if (!(await recordRating(connection.companyId, last.id, Number(rating), now))) return false;
  const ticket = (await getTicket(connection.companyId, last.id, true)) ?? last;
  await storeOn(ticket, connection, contact, event, content, messageUlid, { unread: false }, now);
  return true;
}

/** Step 6: stores the message once (a redelivery finds it stored) and announces it. */
async function storeOn(
  ticket: Ticket,
  connection: Connection,
  contact: Contact,
  event: MessageEvent,
  content: InboundContent,
  messageUlid: string,
  options: { unread: boolean },
  now: Date,
): Promise<{ ticket: Ticket; message: StoredMessage } | undefined> {
  const at = new Date(Math.min(event.timestamp || now.getTime(), now.getTime())).toISOString();
  const id = messageIdOf(ticket.id, messageUlid);
  const message: StoredMessage = {
    id,
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: contact.id,
    body: content.body,
    fromMe: event.fromMe,
    mediaType: content.mediaType,
    mediaKey: content.media?.key ?? null,
    mediaName: content.media?.name ?? null,
    mediaContentType: content.media?.mimeType ?? null,
    quotedMsg: content.quotedWhatsappMessageId ? await quotedOf(event, content.quotedWhatsappMessageId) : null,
    isDeleted: false,
    isEdited: false,
    ack: event.fromMe ? 2 : 0,
    read: event.fromMe,
    bot: false,
    userId: null,
    whatsappMessageId: event.whatsappMessageId,
    createdAt: at,
    updatedAt: at,
  };
  let outcome;
  try {
    const alongside = whatsappMessageRefAction(ticket.companyId, event.whatsappId, event.whatsappMessageId, id, now);
    outcome = await storeMessage(message, ticket, { countsAsUnread: options.unread, alongside });
  } catch (error) {
    if (!(error instanceof MessageExistsError)) throw error;
    // Stored by an earlier delivery that stopped before finishing: the reference is what may be missing.
    await setWhatsappMessageRef(ticket.companyId, event.whatsappId, event.whatsappMessageId, id, now);
    return undefined;
  }
  await indexWords(ticket, message.body, at).catch((error: unknown) => logger.warn('word index failed', { messageId: id, error }));
  await announceStoredMessage(message, ticket, outcome, { contacts: [contact], connections: [connection] });
  return { ticket: outcome.kind === 'latest' ? outcome.ticket : ticket, message };
}

async function quotedOf(event: MessageEvent, quotedWhatsappMessageId: string): Promise<QuotedMessageDto | null> {
  const ref = await getWhatsappMessageRef(event.companyId, event.whatsappId, quotedWhatsappMessageId);
  const quoted = ref?.messageId ? await getMessage(event.companyId, ref.messageId) : undefined;
  return quoted ? quotedSummaryOf(quoted) : null;
}

/** Step 8. */
async function runBots(
  connection: Connection,
  settings: SettingsLoader,
  contact: Contact,
  ticket: Ticket,
  created: boolean,
  message: StoredMessage,
  now: Date,
): Promise<void> {
  if (ticket.status !== 'pending' || ticket.userId !== null) return;
  const say = (text: string) => botSay(ticket, contact, text, now);
  const body = message.body;

  const outOfHours = await outOfHoursMessage(connection, await settings(), ticket, now);
  if (outOfHours !== undefined) {
    if (outOfHours !== '') await say(outOfHours);
    return;
  }

  const ticketQueue = ticket.queueId ? await getQueue(connection.companyId, ticket.queueId) : undefined;
  // The ticket's queue integration (Typebot, n8n, webhook, Dialogflow) answers instead of the queue bot.
  if (await answeredByIntegration({ connection, contact, ticket, message, queue: ticketQueue, now })) return;

  // An AI prompt of the ticket's queue (or of its connection, before a queue) answers in the bots' stead.
  const ai = await promptTurn({ connection, ticket, queue: ticketQueue, message }, now);
  if (ai.kind === 'answer') {
    await say(ai.text);
    return;
  }
  if (ai.kind === 'handover') {
    await apply(ticket, { kind: 'reply', text: HANDOVER_TEXT, state: null, queueId: ai.queueId }, say, { aiHandedOver: true });
    return;
  }

  if (created) {
    if (connection.queueIds.length > 1) {
      const menu = await menuContext(connection, null);
      await apply(ticket, openingMenu(menu, now), say);
      return;
    }
    const queue = ticketQueue;
    const oneQueueGreeting = connection.queueIds.length === 0 || (await settings()).get('sendGreetingMessageOneQueues') !== 'disabled';
    const greeting = oneQueueGreeting ? connection.greetingMessage : '';
    if (queue && (await listChildOptions(connection.companyId, queue.id, null)).length > 0) {
      const menu = await menuContext(connection, queue.id);
      await apply(ticket, openingOptions(menu, { id: queue.id, name: queue.name, greetingMessage: queue.greetingMessage }, greeting, now), say);
      return;
    }
    const text = greeting || (oneQueueGreeting ? (queue?.greetingMessage ?? '') : '');
    if (text !== '') await say(text);
    return;
  }

  if (ticket.botState) {
    let decision = answerMenu(await menuContext(connection, ticket.botState.queueId), ticket.botState, body, now);
    // At the queue menu the options are those of no queue yet: once the answer picks a queue, it is
    // answered again with that queue's options, so a queue with a menu shows it rather than only its greeting.
    if (ticket.botState.queueId === null && decision.kind === 'reply' && decision.queueId) {
      decision = answerMenu(await menuContext(connection, decision.queueId), ticket.botState, body, now);
    }
    // A queue picked from the menu while it is closed (scheduleType queue): its out-of-hours message
    // rather than its greeting and options, and the bot stops; the ticket waits in that queue.
    const picked = decision.kind === 'reply' && decision.queueId ? decision.queueId : undefined;
    const closed = picked ? await closedQueueMessage(connection, await settings(), picked, now) : undefined;
    if (picked && closed !== undefined) {
      await apply(ticket, { kind: 'reply', text: closed, state: null, queueId: picked }, say);
      return;
    }
    await apply(ticket, decision, say);
  }
}

/** With `scheduleType` queue, the out-of-hours text of a queue that is closed now; undefined when it is open (or hours are not per queue). */
async function closedQueueMessage(connection: Connection, settings: ReadonlyMap<string, string>, queueId: string, now: Date): Promise<string | undefined> {
  if (settings.get('scheduleType') !== 'queue') return undefined;
  const queue = await getQueue(connection.companyId, queueId);
  if (!queue || isWithinSchedule(queue.schedules, now)) return undefined;
  return queue.outOfHoursMessage || connection.outOfHoursMessage;
}

/** Out of hours: the text to send ('' when there is none), or undefined inside work hours. */
async function outOfHoursMessage(connection: Connection, settings: ReadonlyMap<string, string>, ticket: Ticket, now: Date): Promise<string | undefined> {
  const mode = settings.get('scheduleType');
  if (mode === 'company') {
    const company = await getCompany(connection.companyId);
    if (!company || isWithinSchedule(company.schedules, now)) return undefined;
    return connection.outOfHoursMessage;
  }
  if (mode === 'queue' && ticket.queueId) return closedQueueMessage(connection, settings, ticket.queueId, now);
  return undefined;
}

async function menuContext(connection: Connection, queueId: string | null): Promise<MenuContext> {
  const options = queueId ? (await listOptionLevels(connection.companyId, queueId, null)).flat() : [];
  return {
    queues: menuQueues(await listQueues(connection.companyId), connection.queueIds),
    options: options.map((option) => ({ id: option.id, parentId: option.parentId, title: option.title, message: option.message })),
    greetingMessage: connection.greetingMessage,
    maxUseBotQueues: connection.maxUseBotQueues,
    timeUseBotQueues: connection.timeUseBotQueues,
  };
}

/**
 * Stores the bot's new state (and queue, and `also`) on the ticket, then says its text; a ticket taken
 * meanwhile is left alone.
 */
async function apply(ticket: Ticket, decision: BotDecision, say: (text: string) => Promise<void>, also: { readonly aiHandedOver?: true } = {}): Promise<void> {
  const state: TicketBotState | null = decision.state;
  const queueId = decision.kind === 'reply' && decision.queueId ? decision.queueId : ticket.queueId;
  const changed = queueId !== ticket.queueId || JSON.stringify(state ?? null) !== JSON.stringify(ticket.botState ?? null) || also.aiHandedOver === true;
  if (changed) {
    const steps = new Steps<'ticket'>();
    // A queue chosen in the menu: its row copy comes in the same write (ticket-rows.ts).
    const copies = queueId !== ticket.queueId ? await rowCopiesFor(ticket, { ...ticket, queueId }) : {};
    steps.add('ticket', changeTicketAction(ticket, { botState: state, chatbot: state !== null, queueId, ...also, ...copies }, { reorder: false }));
    if ((await steps.run()).size > 0) return;
    await refreshWordCopies(ticket, { ...ticket, botState: state, chatbot: state !== null, queueId });
  }
  if (decision.kind === 'reply' && decision.text.trim() !== '') await say(decision.text);
}

/**
 * A message of the company's bot: template variables filled, marked as a bot message. It is stored a
 * millisecond after `now`: the message it answers has an id of `now` at the latest, and ids of one
 * millisecond from two writers would sort at random.
 */
async function botSay(ticket: Ticket, contact: Contact, text: string, now: Date): Promise<void> {
  const fresh = (await getTicket(ticket.companyId, ticket.id, true)) ?? ticket;
  const body = renderTemplate(text, {
    contactName: contact.name,
    protocol: usesTemplateVariable(text, 'protocol') ? ticketProtocol(await numberedTicket(fresh)) : '',
    now,
  });
  await sendOnTicket(fresh, { body, userId: null, bot: true }, new Date(now.getTime() + 1));
}
