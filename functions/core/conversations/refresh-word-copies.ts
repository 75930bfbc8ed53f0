/**
 * Keeps the word index's copies of a ticket (its queue and user, repositories/word-index.ts), and those
 * of its contact-name entries (repositories/name-index.ts), current enough for the search's first cut
 * (search-tickets.ts) when the ticket moves.
 *
 * The search excludes a candidate by the queue or user its word entries copied, never by a missing one,
 * and the copies hold whatever the ticket had when each message came. So when the ticket takes another
 * queue (a transfer, the bot's menu) or another user (an accept, a transfer, a reopen), its entries are
 * written again with it; a ticket left without user needs nothing (the users filter never matches it).
 * A change of status, tags or unread rewrites nothing: the search checks those on the ticket it reads.
 *
 * Steps: read the ticket's messages newest first (at most REFRESH_MESSAGES of them) and write their
 * words' entries again with the ticket as it is now (same keys: the entries are replaced). The cost is
 * the words of the messages so far: small at an accept or at the bot's menu (the first few messages),
 * larger for a transfer late in a long conversation, which is rare. Words of older messages, of edits
 * (indexed at the time of the edit) and of a message indexed while the rewrite ran keep their copy: a
 * search finds the ticket by them for the people who could see it before, and by every other word.
 * A failure is logged, not thrown: the move is done, and a stale copy costs a search only a ticket it may
 * not find by such a word, never one it shows wrongly.
 */
import { logger } from '../logger';
import { parseMessageId, readMessages } from '../repositories/messages';
import type { Ticket } from '../repositories/tickets';
import { replaceNameEntries } from '../repositories/name-index';
import { indexMessagesWords } from '../repositories/word-index';

/** Messages (the newest) whose words a move rewrites. */
export const REFRESH_MESSAGES = 500;
const READ_STEP = 100;

/** Whether moving from `before` to `after` can leave word entries whose copy would hide the ticket. */
export const movesCopies = (before: Pick<Ticket, 'queueId' | 'userId'>, after: Pick<Ticket, 'queueId' | 'userId'>): boolean =>
  before.queueId !== after.queueId || (after.userId !== null && before.userId !== after.userId);

/** Rewrites the copies of the ticket after a move that matters; answers how many messages it re-indexed. */
export async function refreshWordCopies(before: Pick<Ticket, 'queueId' | 'userId'>, after: Ticket): Promise<number> {
  if (!movesCopies(before, after)) return 0;
  let done = 0;
  try {
    // The contact-name entries carry the same copy (repositories/name-index.ts).
    if (after.contactRow) await replaceNameEntries(after, after.contactRow.name);
    let beforeUlid: string | undefined;
    for (;;) {
      const slice = await readMessages(after.companyId, after.id, Math.min(READ_STEP, REFRESH_MESSAGES - done), beforeUlid);
      await indexMessagesWords(after, slice.messages);
      done += slice.messages.length;
      beforeUlid = parseMessageId(slice.messages.at(-1)?.id ?? '')?.messageUlid;
      if (!slice.hasMore || beforeUlid === undefined || done >= REFRESH_MESSAGES) return done;
    }
  } catch (error) {
    logger.warn('word copies not refreshed after a move', { ticketId: after.id, done, error });
    return done;
  }
}
