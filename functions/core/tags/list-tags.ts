/**
 * The reads of the tags page, the tag pickers and the kanban board; all of the caller's company.
 *
 * Steps: read the company's tags with one Query of its partition (sorted by name); then
 * - searchTags: keep the names matching `searchParam` (accents and case aside), answer one page;
 * - listTagSummaries: answer every tag with id, name, colour and kanban flag;
 * - listKanbanTags: answer the tags flagged kanban, the lanes of the board;
 * - showTag: answer one tag, or ERR_NO_TAG_FOUND (also for a tag of another company).
 */
import type { KanbanTags, Tag, TagPage, TagSummary } from '../../../shared/tags';
import { AppError } from '../errors';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { getTag, listTags } from '../repositories/tags';
import type { Caller } from '../caller/load-caller';

export async function searchTags(caller: Caller, query: ListQuery): Promise<TagPage> {
  const tags = (await listTags(caller.companyId)).filter((tag) => matchesSearch(query.searchParam, tag.name));
  const { page, hasMore } = paginate(tags, query.pageNumber);
  return { tags: page, hasMore };
}

export async function listTagSummaries(caller: Caller): Promise<TagSummary[]> {
  return (await listTags(caller.companyId)).map(({ id, name, color, kanban }) => ({ id, name, color, kanban }));
}

export async function listKanbanTags(caller: Caller): Promise<KanbanTags> {
  return { lista: (await listTags(caller.companyId)).filter((tag) => tag.kanban === 1) };
}

export async function showTag(caller: Caller, tagId: string): Promise<Tag> {
  const tag = await getTag(caller.companyId, tagId);
  if (!tag) throw new AppError('ERR_NO_TAG_FOUND');
  return tag;
}
