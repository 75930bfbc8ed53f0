/**
 * File lists of campaigns (spec 2 §2, §7; `/files`), for a company with campaigns (the plan or its
 * campaignsEnabled setting, decided on the server). Every user of such a company reads them (the
 * campaign dialog lists them); administrators create, change, delete and upload (spec 1 §2.1 puts
 * /files in the administration section).
 */
import {
  FILE_LIST_MAX_OPTIONS,
  FILE_LIST_UPLOAD_FIELD,
  FILE_LIST_UPLOAD_LIST_FIELDS,
  FILE_LIST_UPLOAD_MAX_BYTES,
  FILE_LIST_UPLOAD_TEXT_FIELDS,
  FileListBody,
  FileListParams,
  FileListUploadFields,
} from '../../shared/file-lists';
import { createFileList } from '../core/file-lists/create-file-list';
import { deleteFileList } from '../core/file-lists/delete-file-list';
import { searchFileLists, showFileList } from '../core/file-lists/search-file-lists';
import { updateFileList } from '../core/file-lists/update-file-list';
import { uploadFileListFiles } from '../core/file-lists/upload-file-list-files';
import { callerRoute, httpModule } from '../core/http/http-module';
import { ListQuery } from '../core/http/pagination';
import { created, noContent, ok } from '../core/http/reply';
import { parseInput } from '../core/http/validation';
import { readUploadedFiles } from '../core/media/multipart';

const read = { campaigns: true } as const;
const write = { campaigns: true, permission: 'company:administer' } as const;

export const handler = httpModule('files', {
  'GET /files': callerRoute({ query: ListQuery, access: read }, async ({ caller, query }) => ok(await searchFileLists(caller, query))),
  'GET /files/{id}': callerRoute({ params: FileListParams, access: read }, async ({ caller, params }) => ok(await showFileList(caller, params.id))),
  'POST /files': callerRoute({ body: FileListBody, access: write }, async ({ caller, body }) => created(await createFileList(caller, body))),
  'PUT /files/{id}': callerRoute({ params: FileListParams, body: FileListBody, access: write }, async ({ caller, params, body }) =>
    ok(await updateFileList(caller, params.id, body)),
  ),
  'DELETE /files/{id}': callerRoute({ params: FileListParams, access: write }, async ({ caller, params }) => {
    await deleteFileList(caller, params.id);
    return noContent();
  }),
  // No `body` schema: the body is multipart (spec 2 §7: fileId, typeArch=fileList, and per file its option's id).
  'POST /files/uploadList/{id}': callerRoute({ params: FileListParams, access: write }, async ({ caller, params, event }) => {
    const form = await readUploadedFiles(event, {
      fieldNames: [FILE_LIST_UPLOAD_FIELD],
      maxBytes: FILE_LIST_UPLOAD_MAX_BYTES,
      maxFiles: FILE_LIST_MAX_OPTIONS,
      textFields: FILE_LIST_UPLOAD_TEXT_FIELDS,
      listFields: FILE_LIST_UPLOAD_LIST_FIELDS,
    });
    const fields = parseInput(FileListUploadFields, { ...form.fields, ...form.lists });
    return ok(await uploadFileListFiles(caller, params.id, form.files, fields));
  }),
});
