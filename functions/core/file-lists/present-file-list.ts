/**
 * File lists as the API answers them: each option's file as its safe name (`path`) and a fresh
 * short-lived signed link (`mediaUrl`), served with the type its bytes showed; documents download under
 * their name, other media open inline (as messages' media, conversations/present-message.ts). Never the
 * bucket's key (docs/architecture.md §7). The `file` event, to the company room, carries the list
 * without the links.
 */
import type { FileList, FileListOption, FileListRecord } from '../../../shared/file-lists';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { logger } from '../logger';
import { DOWNLOAD_URL_SECONDS, presignedDownloadUrl } from '../media/storage';
import { publishToCompany } from '../realtime/publisher';
import type { StoredFileList, StoredFileListOption } from '../repositories/file-lists';

async function presentOption(option: StoredFileListOption): Promise<FileListOption> {
  const mediaUrl =
    option.key === null
      ? null
      : await presignedDownloadUrl(option.key, DOWNLOAD_URL_SECONDS, {
          contentType: option.contentType ?? undefined,
          attachmentName: option.mediaType === 'application' ? (option.fileName ?? undefined) : undefined,
        });
  return { id: option.id, name: option.name, path: option.key === null ? null : option.fileName, mediaType: option.key === null ? null : option.mediaType, mediaUrl };
}

export async function presentFileList(list: StoredFileList): Promise<FileList> {
  return {
    id: list.id,
    name: list.name,
    message: list.message,
    options: await Promise.all(list.options.map(presentOption)),
    userId: list.userId,
    companyId: list.companyId,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
  };
}

/** The list as its event carries it: without the links, signed for whoever asks (shared/file-lists.ts FileListRecord). */
export const fileListRecord = (list: FileList): FileListRecord => ({
  ...list,
  options: list.options.map(({ id, name, path, mediaType }) => ({ id, name, path, mediaType })),
});

/** Publishes a created or changed list to the company. */
export const publishFileList = (companyId: string, action: 'create' | 'update', list: FileList): Promise<void> =>
  publish(companyId, { action, record: fileListRecord(list) });

export const publishFileListDeleted = (companyId: string, id: string): Promise<void> => publish(companyId, { action: 'delete', id });

/** The change is made: a failed realtime publish is logged, not answered (the pages refetch anyway). */
async function publish(companyId: string, event: CompanyChannels['file']): Promise<void> {
  try {
    await publishToCompany(companyId, 'company', 'file', event);
  } catch (error) {
    logger.warn('file event not published', { action: event.action, error });
  }
}
