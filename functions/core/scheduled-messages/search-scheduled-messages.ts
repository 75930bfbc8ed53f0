/**
 * GET /schedules: the company's schedules found by their text or their contact's name, latest send time
 * first, paged in memory (one Query of the company's schedule partition), each with its contact as it
 * is now (one batch read per page).
 */
import type { ScheduledMessagePage } from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { getContacts } from '../repositories/contacts';
import { listScheduledMessages, type StoredScheduledMessage } from '../repositories/scheduled-messages';
import { presentScheduledMessage } from './present-scheduled-message';

/** Latest send time first: the future ones, which the calendar opens on, come on the first pages. */
const bySendAtDescending = (a: StoredScheduledMessage, b: StoredScheduledMessage) =>
  b.sendAt.localeCompare(a.sendAt) || b.id.localeCompare(a.id);

export async function searchScheduledMessages(caller: Caller, query: ListQuery): Promise<ScheduledMessagePage> {
  const found = (await listScheduledMessages(caller.companyId))
    .filter((schedule) => matchesSearch(query.searchParam, schedule.body, schedule.contactName))
    .sort(bySendAtDescending);
  const { page, hasMore } = paginate(found, query.pageNumber);
  const contacts = await getContacts(caller.companyId, [...new Set(page.map((schedule) => schedule.contactId))]);
  return {
    schedules: await Promise.all(page.map((schedule) => presentScheduledMessage(schedule, contacts.get(schedule.contactId)))),
    hasMore,
  };
}
