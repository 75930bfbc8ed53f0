/**
 * GET /quick-messages: the management page's search (shortcode and text, accents and case aside) of the
 * quick messages the caller sees, sorted by shortcode and paged in memory.
 */
import type { QuickMessagePage } from '../../../shared/quick-messages';
import type { Caller } from '../caller/load-caller';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { presentQuickMessage } from './present-quick-message';
import { visibleQuickMessages } from './read-quick-message';

export async function searchQuickMessages(caller: Caller, query: ListQuery): Promise<QuickMessagePage> {
  const found = (await visibleQuickMessages(caller)).filter((quickMessage) =>
    matchesSearch(query.searchParam, quickMessage.shortcode, quickMessage.message),
  );
  const { page, hasMore } = paginate(found, query.pageNumber);
  return { records: await Promise.all(page.map(presentQuickMessage)), hasMore };
}
