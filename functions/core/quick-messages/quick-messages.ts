/**
 * Quick messages (spec 2 §2, §7): the management page's search and CRUD, the message input's list of
 * usable ones, and the attachment. All of the caller's company.
 *
 * Who (ours; the spec is silent): everyone sees the shared (`geral`) ones and their own personal ones;
 * a personal one is seen and changed only by its owner (another's answers ERR_NO_QUICKMESSAGE_FOUND,
 * like a missing one); a shared one is changed and deleted by its author and by admins (others get
 * ERR_NO_PERMISSION). Anyone may create either kind.
 *
 * Steps of a change: read the quick message and decide on that read; write on the condition that it is
 * still as read (so a concurrent change cannot slip under the decision); a lost race reads and decides
 * again, a few times, then answers ERR_CONFLICT (a missing one is ERR_NO_QUICKMESSAGE_FOUND); publish `quickmessage` to the company room for shared ones, to the owner's room for
 * personal ones (a shared one made personal is first deleted from the company's lists).
 *
 * Lists read the company's quick messages with one Query (tens to hundreds per company), then filter,
 * search (shortcode and text, accents and case aside) and page in memory, sorted by shortcode.
 */
import { ulid } from 'ulid';
import {
  canChangeQuickMessage,
  canSeeQuickMessage,
  type CreateQuickMessageBody,
  type QuickMessage,
  type QuickMessagePage,
  type UpdateQuickMessageBody,
} from '../../../shared/quick-messages';
import { AppError, conflict } from '../errors';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { logger } from '../logger';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { deleteMediaObject, presignedDownloadUrl, putMediaObject } from '../media/storage';
import { publishToCompany } from '../realtime/publisher';
import {
  getQuickMessage,
  listQuickMessages,
  putNewQuickMessage,
  removeQuickMessage,
  setQuickMessageFields,
  type QuickMessageChanges,
  type StoredQuickMessage,
} from '../repositories/quick-messages';
import type { Caller } from '../caller/load-caller';

// The rules live in shared/ so the web hides exactly what these refuse.
const canSee = canSeeQuickMessage;
const canChange = canChangeQuickMessage;

const notFound = () => new AppError('ERR_NO_QUICKMESSAGE_FOUND');

/** How often a change lost to a concurrent one is read, decided and tried again. */
const ATTEMPTS = 4;

export async function presentQuickMessage(quickMessage: StoredQuickMessage): Promise<QuickMessage> {
  return {
    ...quickMessage,
    isMedia: quickMessage.mediaPath !== null,
    mediaUrl: quickMessage.mediaPath ? await presignedDownloadUrl(quickMessage.mediaPath) : null,
  };
}

const byShortcode = (a: StoredQuickMessage, b: StoredQuickMessage) =>
  a.shortcode.localeCompare(b.shortcode, 'pt-BR', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

async function visibleQuickMessages(caller: Caller): Promise<StoredQuickMessage[]> {
  return (await listQuickMessages(caller.companyId)).filter((quickMessage) => canSee(caller, quickMessage)).sort(byShortcode);
}

export async function searchQuickMessages(caller: Caller, query: ListQuery): Promise<QuickMessagePage> {
  const found = (await visibleQuickMessages(caller)).filter((quickMessage) =>
    matchesSearch(query.searchParam, quickMessage.shortcode, quickMessage.message),
  );
  const { page, hasMore } = paginate(found, query.pageNumber);
  return { records: await Promise.all(page.map(presentQuickMessage)), hasMore };
}

/** GET /quick-messages/list: the active ones the caller may use (shared and own), for the '/' suggestions. */
export async function listUsableQuickMessages(caller: Caller): Promise<QuickMessage[]> {
  const usable = (await visibleQuickMessages(caller)).filter((quickMessage) => quickMessage.status);
  return Promise.all(usable.map(presentQuickMessage));
}

async function readVisible(caller: Caller, id: string): Promise<StoredQuickMessage> {
  const quickMessage = await getQuickMessage(caller.companyId, id);
  if (!quickMessage || !canSee(caller, quickMessage)) throw notFound();
  return quickMessage;
}

async function readChangeable(caller: Caller, id: string): Promise<StoredQuickMessage> {
  const quickMessage = await readVisible(caller, id);
  if (!canChange(caller, quickMessage)) throw new AppError('ERR_NO_PERMISSION');
  return quickMessage;
}

export async function showQuickMessage(caller: Caller, id: string): Promise<QuickMessage> {
  return presentQuickMessage(await readVisible(caller, id));
}

export async function createQuickMessage(caller: Caller, body: CreateQuickMessageBody, now = new Date()): Promise<QuickMessage> {
  const at = now.toISOString();
  const stored: StoredQuickMessage = {
    id: ulid(),
    shortcode: body.shortcode,
    message: body.message,
    geral: body.geral,
    status: body.status,
    userId: caller.userId,
    mediaPath: null,
    mediaName: null,
    createdAt: at,
    updatedAt: at,
  };
  await putNewQuickMessage(caller.companyId, stored);
  const quickMessage = await presentQuickMessage(stored);
  await publish(caller.companyId, undefined, quickMessage);
  return quickMessage;
}

export async function updateQuickMessage(caller: Caller, id: string, body: UpdateQuickMessageBody, now = new Date()): Promise<QuickMessage> {
  return change(caller, id, { shortcode: body.shortcode, message: body.message, geral: body.geral, status: body.status }, now);
}

export async function deleteQuickMessage(caller: Caller, id: string): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const current = await readChangeable(caller, id);
    const removed = await removeQuickMessage(caller.companyId, id, current.updatedAt);
    if (removed) {
      if (removed.mediaPath) await deleteMediaObject(removed.mediaPath);
      await publishDeleted(caller.companyId, removed);
      return;
    }
  }
  throw conflict(`Quick message ${id}`);
}

/** POST /quick-messages/{id}/media-upload: attaches a file (any kind; typed by its bytes), replacing any earlier one. */
export async function uploadQuickMessageMedia(caller: Caller, id: string, file: UploadedFile, now = new Date()): Promise<QuickMessage> {
  const current = await readChangeable(caller, id);
  const mediaName = safeFileName(file.fileName);
  const mediaPath = objectKey('companies', caller.companyId, 'quick-messages', id, `${ulid()}-${mediaName}`);
  await putMediaObject(mediaPath, file.bytes, contentTypeOf(sniffMediaType(file.bytes), mediaName));
  try {
    return await change(caller, id, { mediaPath, mediaName }, now, current);
  } catch (error) {
    await deleteMediaObject(mediaPath);
    throw error;
  }
}

/** DELETE /quick-messages/{id}/media-upload: removes the attachment (without one, nothing but updatedAt changes). */
export async function deleteQuickMessageMedia(caller: Caller, id: string, now = new Date()): Promise<QuickMessage> {
  return change(caller, id, { mediaPath: null, mediaName: null }, now);
}

async function change(
  caller: Caller,
  id: string,
  changes: QuickMessageChanges,
  now: Date,
  read?: StoredQuickMessage,
): Promise<QuickMessage> {
  let current = read ?? (await readChangeable(caller, id));
  let changed = await setQuickMessageFields(caller.companyId, id, { ...changes, updatedAt: now.toISOString() }, current.updatedAt);
  for (let attempt = 2; !changed && attempt <= ATTEMPTS; attempt += 1) {
    // Changed or deleted since it was read: decide again on what is stored now.
    current = await readChangeable(caller, id);
    changed = await setQuickMessageFields(caller.companyId, id, { ...changes, updatedAt: now.toISOString() }, current.updatedAt);
  }
  if (!changed) throw conflict(`Quick message ${id}`);
  // The earlier attachment goes once nothing points at it any more.
  if (changed.before.mediaPath && changed.before.mediaPath !== changed.after.mediaPath) await deleteMediaObject(changed.before.mediaPath);
  const quickMessage = await presentQuickMessage(changed.after);
  await publish(caller.companyId, changed.before, quickMessage);
  return quickMessage;
}

const ownerRoom = (quickMessage: { readonly userId: string | null }) => `user:${quickMessage.userId ?? ''}` as const;

async function publish(companyId: string, before: StoredQuickMessage | undefined, after: QuickMessage): Promise<void> {
  const action = before ? 'update' : 'create';
  await quietly(after.id, async () => {
    if (before?.geral && !after.geral) await publishToCompany(companyId, 'company', 'quickmessage', { action: 'delete', id: after.id });
    await publishToCompany(companyId, after.geral ? 'company' : ownerRoom(after), 'quickmessage', { action, record: after });
  });
}

async function publishDeleted(companyId: string, removed: StoredQuickMessage): Promise<void> {
  await quietly(removed.id, () =>
    publishToCompany(companyId, removed.geral ? 'company' : ownerRoom(removed), 'quickmessage', { action: 'delete', id: removed.id }),
  );
}

/** The change is made: a failed realtime publish is logged, not answered (the page refetches anyway). */
async function quietly(id: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    logger.warn('quickmessage event not published', { id, error });
  }
}
