/**
 * File lists of campaigns (spec 2 §2, §7; `/files`): paths, cache keys, the page's search (GET /files,
 * page by page, answered as `files, hasMore`), one list, and the writes as requests the screens run in
 * their mutations: save the list whole, delete it, upload files for its options
 * (POST /files/uploadList/{id}, the spec's multipart form).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { FileList, FileListOption, FileListOptionBody, FileListPage } from '../../../shared/file-lists';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';
import { listCache } from './list-cache';

export type { FileList, FileListOption, FileListPage };

export const FILE_LISTS_PATH = '/files';
export const fileListPath = (id: string) => `${FILE_LISTS_PATH}/${encodeURIComponent(id)}`;
export const fileListUploadPath = (id: string) => `${FILE_LISTS_PATH}/uploadList/${encodeURIComponent(id)}`;

export const fileListKeys = {
  all: ['fileLists'] as const,
  /** Every search of the page (the prefix of `list`). */
  lists: ['fileLists', 'list'] as const,
  list: (search: string) => ['fileLists', 'list', search] as const,
  one: (id: string) => ['fileLists', 'one', id] as const,
  /** The names of every list, for the campaign dialog's select. */
  choices: ['fileLists', 'choices'] as const,
};

/** The loaded pages of a search (api/list-cache.ts): their lists, each once. */
export const fileListPages = listCache<FileListPage, 'files'>('files');

/** The lists of a search, page by page (GET /files with `pageNumber`, from 1). */
export function useFileListPages(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: fileListKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<FileListPage>(FILE_LISTS_PATH, { query: { searchParam: search === '' ? undefined : search, pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPageParam) => (last.hasMore ? lastPageParam + 1 : null),
  });
}

/** Enough pages for any company's file lists; a select longer than this would be unusable anyway. */
const FILE_LIST_CHOICES_PAGES_MAX = 20;

/** The company's file lists as a select offers them (the campaign dialog): every page of GET /files, names only. */
export function useFileListChoices(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: fileListKeys.choices,
    queryFn: async ({ signal }) => {
      const choices: { id: string; name: string }[] = [];
      for (let pageNumber = 1; pageNumber <= FILE_LIST_CHOICES_PAGES_MAX; pageNumber += 1) {
        const page = await api.get<FileListPage>(FILE_LISTS_PATH, { query: { pageNumber }, signal });
        choices.push(...page.files.map(({ id, name }) => ({ id, name })));
        if (!page.hasMore) break;
      }
      return choices;
    },
    enabled,
  });
}

/** One list, read fresh even when cached (what is about to be edited; its files' links are short-lived). */
export function useFileList(id: string) {
  const { api } = useServices();
  return useQuery({ queryKey: fileListKeys.one(id), queryFn: ({ signal }) => api.get<FileList>(fileListPath(id), { signal }), staleTime: 0 });
}

/** The body of POST /files and PUT /files/{id}: the whole list, its options in order (kept ones by id). */
export interface FileListSaveBody {
  readonly name: string;
  readonly message: string;
  readonly options: readonly FileListOptionBody[];
}

/** Creates a list, or saves `id` when given; the answer's options are in the order sent. */
export function saveFileList(api: ApiClient, body: FileListSaveBody, id?: string): Promise<FileList> {
  return id === undefined ? api.post<FileList>(FILE_LISTS_PATH, body) : api.put<FileList>(fileListPath(id), body);
}

export function deleteFileList(api: ApiClient, id: string): Promise<void> {
  return api.delete<undefined>(fileListPath(id));
}

/** A file for one option of a list. */
export interface OptionFile {
  readonly optionId: string;
  readonly file: File;
}

/**
 * POST /files/uploadList/{id} with the spec's form: `fileId`, `typeArch=fileList`, and per file `files`
 * with its option's `id`, its `name` and the browser's `mediaType` (the server types it by its bytes).
 */
export function uploadFileListFiles(api: ApiClient, listId: string, files: readonly OptionFile[]): Promise<FileList> {
  const form = new FormData();
  form.append('fileId', listId);
  form.append('typeArch', 'fileList');
  for (const { optionId, file } of files) {
    form.append('files', file, file.name);
    form.append('id', optionId);
    form.append('name', file.name);
    form.append('mediaType', file.type);
  }
  return api.upload<FileList>(fileListUploadPath(listId), form);
}
