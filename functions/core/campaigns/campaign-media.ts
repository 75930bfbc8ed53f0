/**
 * POST and DELETE /campaigns/{id}/media-upload (spec 2 §2, §7): the file sent with each recipient's
 * message (the text as its caption), replacing an earlier one. Any kind WhatsApp carries (image,
 * video, audio, document), told by its bytes; the name sanitised (spaces as underscores); kept
 * private under the campaign's media prefix. Only while the campaign may be edited.
 */
import { ulid } from 'ulid';
import { isCampaignEditable, type Campaign } from '../../../shared/campaigns';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { logger } from '../logger';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { deleteMediaObject, putMediaObject } from '../media/storage';
import { setCampaignFields, type StoredCampaign } from '../repositories/campaigns';
import { presentOneCampaign, publishCampaign } from './present-campaign';
import { readCampaign } from './save-campaign';

async function editable(caller: Caller, id: string, now: Date): Promise<StoredCampaign> {
  const current = await readCampaign(caller, id);
  if (!isCampaignEditable(current, now)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
  return current;
}

async function changeMedia(caller: Caller, current: StoredCampaign, media: Pick<StoredCampaign, 'mediaKey' | 'mediaName' | 'mediaContentType'>, now: Date): Promise<Campaign> {
  const changed = await setCampaignFields(caller.companyId, current.id, { ...media, updatedAt: now.toISOString() }, { updatedAt: current.updatedAt });
  if (!changed) throw new AppError('ERR_CONFLICT');
  if (current.mediaKey) await deleteMediaObject(current.mediaKey).catch((error: unknown) => logger.warn('replaced campaign media not deleted', { campaignId: current.id, error }));
  const record = await presentOneCampaign(changed);
  await publishCampaign(caller.companyId, { action: 'update', record });
  return record;
}

export async function uploadCampaignMedia(caller: Caller, id: string, file: UploadedFile, now = new Date()): Promise<Campaign> {
  const current = await editable(caller, id, now);
  const mediaName = safeFileName(file.fileName, 'arquivo');
  const mediaContentType = contentTypeOf(sniffMediaType(file.bytes), mediaName);
  const mediaKey = objectKey('companies', caller.companyId, 'campaigns', id, `${ulid()}-${mediaName}`);
  await putMediaObject(mediaKey, file.bytes, mediaContentType);
  try {
    return await changeMedia(caller, current, { mediaKey, mediaName, mediaContentType }, now);
  } catch (error) {
    await deleteMediaObject(mediaKey);
    throw error;
  }
}

export async function deleteCampaignMedia(caller: Caller, id: string, now = new Date()): Promise<Campaign> {
  const current = await editable(caller, id, now);
  return changeMedia(caller, current, { mediaKey: null, mediaName: null, mediaContentType: null }, now);
}
