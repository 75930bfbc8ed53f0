/** The queues page's search: the whole list is loaded (GET /queue has no pages), so it is filtered here. */
import type { QueueDto } from '../../../shared/queues';
import { foldForSearch } from '../../../shared/text';

/** The queues whose name contains the search, accents and case aside; all of them for an empty search. */
export function filterQueues(queues: readonly QueueDto[], search: string): readonly QueueDto[] {
  const term = foldForSearch(search);
  return term === '' ? queues : queues.filter((queue) => foldForSearch(queue.name).includes(term));
}
