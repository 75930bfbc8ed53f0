/**
 * The queue bot's decisions (spec 3 queues and queue options; issue: `chatBotType` text, `#` returns to
 * the top, limits maxUseBotQueues and timeUseBotQueues), as a pure function of the menu, the bot's state
 * and the contact's answer, so every rule is tested without a table. The caller carries the decision
 * out: it stores the state and sends the text.
 *
 * Menus are text: one line per choice, `*1* - Name`, and below a sub-menu `*#* - Voltar ao menu inicial`.
 */
import { compareQueues, type Queue } from '../repositories/queues';
import type { TicketBotState } from '../repositories/tickets';

export interface MenuQueue {
  readonly id: string;
  readonly name: string;
  readonly greetingMessage: string;
}

export interface MenuOption {
  readonly id: string;
  readonly parentId: string | null;
  readonly title: string;
  readonly message: string;
}

export interface MenuContext {
  /** The connection's queues, in the menu's order (menuQueues). */
  readonly queues: readonly MenuQueue[];
  /** The options of the queue the state points at (all levels), in their order. */
  readonly options: readonly MenuOption[];
  readonly greetingMessage: string;
  readonly maxUseBotQueues: number;
  readonly timeUseBotQueues: number;
}

export type BotDecision =
  /** Nothing to say or change (no bot, or the contact is past it). */
  | { readonly kind: 'silent'; readonly state: TicketBotState | null }
  /** Say `text`; keep talking in `state` (null: the bot is done). `queueId`: the queue chosen now. */
  | { readonly kind: 'reply'; readonly text: string; readonly state: TicketBotState | null; readonly queueId?: string };

export const BACK_TO_TOP = '#';
export const BACK_LINE = `*${BACK_TO_TOP}* - Voltar ao menu inicial`;

const join = (...parts: readonly string[]) => parts.filter((part) => part.trim() !== '').join('\n\n');
const lines = (items: readonly { readonly name: string }[]) => items.map((item, index) => `*${index + 1}* - ${item.name}`).join('\n');

/**
 * The connection's queues as the menu lists and numbers them: by the queues' own order ('Ordem da
 * fila (bot)', orderQueue ascending), ties by name, as every list of queues shows them; not in the
 * order they were ticked on the connection. The menu and the answer to it are both numbered from this.
 */
export function menuQueues(
  companyQueues: readonly (MenuQueue & Pick<Queue, 'orderQueue'>)[],
  connectionQueueIds: readonly string[],
): MenuQueue[] {
  return companyQueues
    .filter((queue) => connectionQueueIds.includes(queue.id))
    .sort(compareQueues)
    .map((queue) => ({ id: queue.id, name: queue.name, greetingMessage: queue.greetingMessage }));
}

export function queueMenuText(context: MenuContext): string {
  return join(context.greetingMessage, lines(context.queues));
}

function optionMenuText(context: MenuContext, header: string, parentId: string | null, withBack: boolean): string {
  const children = context.options.filter((option) => option.parentId === parentId).map((option) => ({ name: option.title }));
  return join(header, lines(children), withBack ? BACK_LINE : '');
}

/** The first words of the bot to a new ticket of a connection with several queues. */
export function openingMenu(context: MenuContext, now: Date): BotDecision {
  return { kind: 'reply', text: queueMenuText(context), state: { queueId: null, optionId: null, misses: 0, since: now.toISOString() } };
}

/** The first words of the bot to a new ticket put straight into a queue with options (its only queue). */
export function openingOptions(context: MenuContext, queue: MenuQueue, greeting: string, now: Date): BotDecision {
  return {
    kind: 'reply',
    text: optionMenuText(context, join(greeting, queue.greetingMessage), null, false),
    state: { queueId: queue.id, optionId: null, misses: 0, since: now.toISOString() },
  };
}

/** The contact answered while the bot is at `state`. */
export function answerMenu(context: MenuContext, state: TicketBotState, answer: string, now: Date): BotDecision {
  if (context.timeUseBotQueues > 0 && now.getTime() - Date.parse(state.since) > context.timeUseBotQueues * 60_000) {
    return { kind: 'silent', state: null };
  }
  const text = answer.trim();
  const severalQueues = context.queues.length > 1;

  if (text === BACK_TO_TOP) {
    if (severalQueues) return { kind: 'reply', text: queueMenuText(context), state: { ...state, queueId: null, optionId: null } };
    if (state.queueId) return { kind: 'reply', text: optionMenuText(context, '', null, false), state: { ...state, optionId: null } };
  }

  const picked = /^\d{1,3}$/.test(text) ? Number(text) : 0;

  if (state.queueId === null) {
    const queue = context.queues[picked - 1];
    if (!queue) return miss(context, state, queueMenuText(context));
    const hasOptions = context.options.some((option) => option.parentId === null);
    if (!hasOptions) return { kind: 'reply', text: queue.greetingMessage, state: null, queueId: queue.id };
    return {
      kind: 'reply',
      text: optionMenuText(context, queue.greetingMessage, null, severalQueues),
      state: { ...state, queueId: queue.id, optionId: null, misses: 0 },
      queueId: queue.id,
    };
  }

  const siblings = context.options.filter((option) => option.parentId === state.optionId);
  const option = siblings[picked - 1];
  if (!option) return miss(context, state, optionMenuText(context, '', state.optionId, severalQueues || state.optionId !== null));
  const hasChildren = context.options.some((child) => child.parentId === option.id);
  if (!hasChildren) return { kind: 'reply', text: option.message, state: null };
  return { kind: 'reply', text: optionMenuText(context, option.message, option.id, true), state: { ...state, optionId: option.id, misses: 0 } };
}

/** An answer that picked nothing: the menu again, until the connection's limit of tries. */
function miss(context: MenuContext, state: TicketBotState, menu: string): BotDecision {
  const misses = state.misses + 1;
  if (misses >= context.maxUseBotQueues) return { kind: 'silent', state: null };
  return { kind: 'reply', text: menu, state: { ...state, misses } };
}
