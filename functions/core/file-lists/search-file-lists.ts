/**
 * Reading file lists (spec 2 §2, §7): the search by name (accents and case aside) with paging, answered
 * as `files, hasMore`, which the campaign dialog also reads; and one list (GET /files/{id}).
 */
import type { FileList, FileListPage } from '../../../shared/file-lists';
import type { Caller } from '../caller/load-caller';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { listFileLists } from '../repositories/file-lists';
import { presentFileList } from './present-file-list';
import { readFileList } from './read-file-list';

export async function searchFileLists(caller: Caller, query: ListQuery): Promise<FileListPage> {
  const found = (await listFileLists(caller.companyId)).filter((list) => matchesSearch(query.searchParam, list.name));
  const { page, hasMore } = paginate(found, query.pageNumber);
  return { files: await Promise.all(page.map(presentFileList)), hasMore };
}

export async function showFileList(caller: Caller, id: string): Promise<FileList> {
  return presentFileList(await readFileList(caller, id));
}
