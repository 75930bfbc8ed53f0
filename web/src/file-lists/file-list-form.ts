/**
 * The file-list dialog without React (spec 2 §2, §5): its values, the body it checks and sends, the
 * schema that checks it (the server's own rules, shared/file-lists.ts, so the form refuses what the API
 * would, with the spec's 'nome muito curto'; and a file for every option, which a campaign sends), and
 * what follows the save: the chosen files, each paired with the id the server gave its option, sent in
 * as few uploads as the server's cap per upload allows.
 */
import { z } from 'zod';
import {
  FILE_LIST_MAX_OPTIONS,
  FILE_LIST_UPLOAD_MAX_BYTES,
  FileListBody,
  FileListOptionBody,
  type FileList,
  type FileListOption,
} from '../../../shared/file-lists';
import type { FileListSaveBody, OptionFile } from '../api/file-lists';

export interface OptionValues {
  /** The row's own key, stable while the dialog is open (a new option has no id yet). */
  readonly key: string;
  /** The stored option's id; none for a new one. */
  readonly id?: string;
  readonly name: string;
  /** The file chosen in the dialog, to be uploaded after the save. */
  readonly file: File | null;
  /** The option's file as stored, shown until another is chosen. */
  readonly stored: { readonly path: string; readonly mediaUrl: FileListOption['mediaUrl'] } | null;
}

export interface FileListFormValues {
  readonly name: string;
  readonly message: string;
  readonly options: readonly OptionValues[];
}

let nextKey = 0;
const newKey = () => `option-${(nextKey += 1)}`;

export function emptyFileListForm(): FileListFormValues {
  return { name: '', message: '', options: [] };
}

export function fileListFormOf(list: FileList): FileListFormValues {
  return {
    name: list.name,
    message: list.message,
    options: list.options.map((option) => ({
      key: newKey(),
      id: option.id,
      name: option.name,
      file: null,
      stored: option.path === null ? null : { path: option.path, mediaUrl: option.mediaUrl },
    })),
  };
}

/** A new, empty option at the end. */
export const withNewOption = (options: readonly OptionValues[]): OptionValues[] => [...options, { key: newKey(), name: '', file: null, stored: null }];

/** What the form checks and then sends: the API's body, each option with whether it has a file and the one chosen. */
export interface FileListFormBody {
  readonly name: string;
  readonly message: string;
  readonly options: readonly (FileListOptionBody & { readonly hasFile: boolean; readonly file: File | null })[];
}

export function fileListFormBody(values: FileListFormValues): FileListFormBody {
  return {
    name: values.name,
    message: values.message,
    options: values.options.map((option) => ({
      ...(option.id !== undefined && { id: option.id }),
      name: option.name,
      hasFile: option.file !== null || option.stored !== null,
      file: option.file,
    })),
  };
}

/** The body of POST /files or PUT /files/{id}. */
export function saveBodyOf(body: FileListFormBody): FileListSaveBody {
  return { name: body.name, message: body.message, options: body.options.map(({ id, name }) => (id === undefined ? { name } : { id, name })) };
}

export const FILE_REQUIRED = 'Escolha um arquivo';

/** The server's rules, and a file for every option. */
export const fileListFormSchema = FileListBody.extend({
  options: z.array(FileListOptionBody.extend({ hasFile: z.literal(true, FILE_REQUIRED) })).max(FILE_LIST_MAX_OPTIONS),
});

/** The messages of the schemas, by the key of their translation. */
const MESSAGE_KEYS = {
  Obrigatório: 'required',
  'nome muito curto': 'nameTooShort',
  'Muito longo!': 'tooLong',
  [FILE_REQUIRED]: 'fileRequired',
} as const;

export type FileListFieldMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export function fileListFieldMessage(message: string): { readonly key: FileListFieldMessageKey } | { readonly text: string } {
  const key = (MESSAGE_KEYS as Readonly<Record<string, FileListFieldMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

/** A file the server would refuse for its size (checked when chosen). */
export const fileTooBig = (file: Pick<File, 'size'>): boolean => file.size > FILE_LIST_UPLOAD_MAX_BYTES;

/** The files chosen in the dialog, each with the id the saved list gave its option (the options come back in the order sent). */
export function chosenFiles(body: FileListFormBody, saved: { readonly options: readonly Pick<FileListOption, 'id'>[] }): OptionFile[] {
  return body.options.flatMap((option, index) => {
    const optionId = saved.options[index]?.id;
    return option.file === null || optionId === undefined ? [] : [{ optionId, file: option.file }];
  });
}

/**
 * The files in uploads the server takes: at most `maxFiles` and `maxBytes` together each, in order. A
 * file alone over `maxBytes` (refused when chosen) would go alone, for the server to refuse.
 */
export function uploadBatches(
  files: readonly OptionFile[],
  maxBytes = FILE_LIST_UPLOAD_MAX_BYTES,
  maxFiles = FILE_LIST_MAX_OPTIONS,
): OptionFile[][] {
  const batches: OptionFile[][] = [];
  let current: OptionFile[] = [];
  let bytes = 0;
  for (const each of files) {
    if (current.length > 0 && (current.length === maxFiles || bytes + each.file.size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(each);
    bytes += each.file.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
