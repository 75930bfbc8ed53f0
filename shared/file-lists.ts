/**
 * File lists (spec 2 §2, §3, §5, §7; `/files`): named sets of files with a message, which a campaign
 * sends (its `fileListId`). A list has a name, a message and options; each option a name and, once
 * uploaded, one file kept privately in the media bucket.
 *
 * Ours where the spec is silent (README, behaviour notes): at most FILE_LIST_MAX_OPTIONS options; an
 * option's file is told by its bytes, never by the name or the type the browser claims; `path` is the
 * file's name as stored (spaces as underscores, spec 2 §5) and `mediaUrl` a short-lived signed link to
 * it, as every private media of the product is answered (never the bucket's key or a public address).
 */
import { z } from 'zod';
import type { MediaType } from './messages';
import { withoutControls, writtenText } from './text';

/** How a campaign sends an option's file, as a message of that kind: a document is `application`. */
export type FileListMediaType = Extract<MediaType, 'image' | 'audio' | 'video' | 'application'>;

export interface FileListOption {
  readonly id: string;
  readonly name: string;
  /** The uploaded file's name as stored (e.g. 'tabela_de_precos.pdf'); null until a file is uploaded. */
  readonly path: string | null;
  /** How the file is sent, told by its bytes; null until a file is uploaded. */
  readonly mediaType: FileListMediaType | null;
  /** A short-lived signed link that opens (media) or downloads (documents) the file; null without one. */
  readonly mediaUrl: string | null;
}

export interface FileList {
  readonly id: string;
  readonly name: string;
  readonly message: string;
  /** In the order they were saved. */
  readonly options: readonly FileListOption[];
  /** Who created the list. */
  readonly userId: string;
  readonly companyId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * A list as the `file` event carries it: without its files' links, which are signed per request (and
 * ten of them would crowd a realtime frame's 32 KB); a page that shows the files reads the list again.
 */
export type FileListRecord = Omit<FileList, 'options'> & { readonly options: readonly Omit<FileListOption, 'mediaUrl'>[] };

/** GET /files: a page of the search (spec 2 §7: `files`, `hasMore`). */
export interface FileListPage {
  readonly files: readonly FileList[];
  readonly hasMore: boolean;
}

/** Ours: options per list (a campaign sends each of them to every contact). */
export const FILE_LIST_MAX_OPTIONS = 10;
/**
 * Ours: the files of one upload together, and so each file: under Lambda's 6 MB request once API
 * Gateway has base64-encoded the body, as every other upload of the product. The web sends bigger sets
 * in several uploads.
 */
export const FILE_LIST_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** The multipart field the files come in (spec 2 §7). */
export const FILE_LIST_UPLOAD_FIELD = 'files';
/** The longest list name, option name and message. */
export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 4096;

const required = 'Obrigatório';

/** Spec 2 §5: required, at least 3 characters ('nome muito curto'). */
const name = z
  .string({ error: required })
  .overwrite(withoutControls)
  .trim()
  .min(1, { error: required, abort: true })
  .min(3, 'nome muito curto')
  .max(FILE_LIST_NAME_MAX, 'Muito longo!');

/** Spec 2 §5: required. A written text (shared/text.ts): its line breaks go out as typed. */
const message = z
  .string({ error: required })
  .overwrite(writtenText)
  .refine((text) => text.trim() !== '', { error: required, abort: true })
  .max(FILE_LIST_MESSAGE_MAX, 'Muito longo!');

const optionName = z.string({ error: required }).overwrite(withoutControls).trim().min(1, required).max(FILE_LIST_NAME_MAX, 'Muito longo!');

/**
 * An option as the dialog saves it: `id` names one the list already has (kept, with its file), none a
 * new one. Its file comes through POST /files/uploadList/{id}; a `mediaType` sent here (the original
 * web sends the browser's claim) is not taken: the server tells the type by the file's bytes.
 */
export const FileListOptionBody = z.object({ id: z.ulid('Invalid id').optional(), name: optionName });
export type FileListOptionBody = z.output<typeof FileListOptionBody>;

/** Each option named once: two entries with one id would make one option of two. */
function distinctIds(options: readonly FileListOptionBody[]): boolean {
  const ids = options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
  return new Set(ids).size === ids.length;
}

/**
 * POST /files and PUT /files/{id}: the list with its options in order. A PUT's `options` are the list's
 * whole set: those left out are removed with their files; a PUT without `options` keeps them as they are.
 */
export const FileListBody = z.object({
  name,
  message,
  options: z
    .array(FileListOptionBody, { error: 'Invalid options' })
    .max(FILE_LIST_MAX_OPTIONS, `No máximo ${FILE_LIST_MAX_OPTIONS} opções`)
    .refine(distinctIds, 'Opção repetida')
    .optional(),
});
export type FileListBody = z.output<typeof FileListBody>;

export const FileListParams = z.object({ id: z.ulid('Invalid id') });

/** The text fields of one value that POST /files/uploadList/{id} reads besides the files (spec 2 §7). */
export const FILE_LIST_UPLOAD_TEXT_FIELDS = ['fileId', 'typeArch'] as const;
/** The text fields sent once per file, in the files' order: the option each file belongs to, and the browser's claims. */
export const FILE_LIST_UPLOAD_LIST_FIELDS = ['id', 'name', 'mediaType'] as const;

const claim = z.string().max(255, 'Muito longo!');

/**
 * The text fields of an upload: `fileId` and `typeArch` as the original web sends them (when sent they
 * must name this list and 'fileList'), and per file, in the files' order, `id` (the option the file
 * belongs to, required) with `name` and `mediaType` (the browser's claims: the file is named by its
 * upload's file name and typed by its bytes).
 */
export const FileListUploadFields = z.object({
  fileId: z.ulid('Invalid id').optional(),
  typeArch: z.literal('fileList', 'Expected fileList').optional(),
  id: z.array(z.ulid('Invalid id')).min(1, required),
  name: z.array(claim).optional().default([]),
  mediaType: z.array(claim).optional().default([]),
});
export type FileListUploadFields = z.output<typeof FileListUploadFields>;
