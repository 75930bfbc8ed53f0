/**
 * Help videos for every signed-in user: GET /helps (search on title and description, paged) and
 * GET /helps/list (all). One Query of the platform's helps partition.
 */
import type { Help, HelpsPage } from '../../../shared/helps';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { listHelps } from '../repositories/helps';

export async function listHelpsPage({ searchParam, pageNumber }: ListQuery): Promise<HelpsPage> {
  const matching = (await listHelps()).filter((help) => matchesSearch(searchParam, help.title, help.description));
  const { page, hasMore } = paginate(matching, pageNumber);
  return { helps: page, hasMore };
}

export async function listAllHelps(): Promise<Help[]> {
  return listHelps();
}
