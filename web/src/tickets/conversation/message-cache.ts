/**
 * The conversation's server cache: the pages GET /messages/{ticketId} answered (newest first, each
 * older than the one before), kept by TanStack Query as infinite data, and the changes applied to it
 * from realtime `appMessage` events and from our own sends. One message may arrive twice (the POST's
 * answer and its event): it is kept once, in its latest form.
 */
import type { MessageDto, MessagePage } from '../../../../shared/messages';
import type { MessagePages } from '../../api/messages';

export type { MessagePages };

/** Newest first, as the API pages them: a later time, then a greater id (ULIDs sort by time). */
const newestFirst = (a: MessageDto, b: MessageDto): number =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1;

/** Every loaded message once, oldest first: the order the conversation shows. */
export function loadedMessages(data: MessagePages | undefined): MessageDto[] {
  const byId = new Map<string, MessageDto>();
  for (const page of data?.pages ?? []) {
    for (const message of page.messages) if (!byId.has(message.id)) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => newestFirst(b, a));
}

/**
 * Applies a created or changed message. A known one is replaced where it is. An unknown one goes to
 * the newest page, unless it is older than everything loaded while older pages remain unread: it will
 * come with its own page, and adding it now would show it beside messages it does not follow.
 */
export function upsertMessage(data: MessagePages | undefined, message: MessageDto): MessagePages | undefined {
  if (data === undefined || data.pages.length === 0) return data;

  const holds = (page: MessagePage) => page.messages.some((known) => known.id === message.id);
  if (data.pages.some(holds)) {
    return {
      ...data,
      pages: data.pages.map((page) =>
        holds(page) ? { ...page, messages: page.messages.map((known) => (known.id === message.id ? message : known)) } : page,
      ),
    };
  }

  const last = data.pages[data.pages.length - 1];
  const oldest = last?.messages[last.messages.length - 1];
  if (last?.hasMore && oldest !== undefined && newestFirst(message, oldest) > 0) return data;

  const targetIndex = pageFor(data.pages, message);
  return {
    ...data,
    pages: data.pages.map((page, index) =>
      index === targetIndex ? { ...page, messages: [...page.messages, message].sort(newestFirst) } : page,
    ),
  };
}

/** The page whose time span takes the message: the first whose oldest message is not newer than it. */
function pageFor(pages: readonly MessagePage[], message: MessageDto): number {
  for (const [index, page] of pages.entries()) {
    const oldest = page.messages[page.messages.length - 1];
    if (oldest === undefined || newestFirst(message, oldest) <= 0) return index;
  }
  return pages.length - 1;
}

export function upsertMessages(data: MessagePages | undefined, messages: readonly MessageDto[]): MessagePages | undefined {
  return messages.reduce(upsertMessage, data);
}
