/**
 * Scheduled messages (spec 2 §2 Schedules, §3-§9; `/schedules`, plan flag useSchedules checked by the
 * routes): search, CRUD and the image, all in the caller's company. Everyone of the company reads its
 * schedules; only a schedule's author and admins change or delete it (shared/scheduled-messages.ts
 * mayChangeSchedule; others: ERR_NO_PERMISSION 'Acesso não permitido'), and whoever writes it becomes its
 * author (`userId`), in whose name it goes out (docs/architecture.md §8).
 *
 * Create: check the contact (ERR_NO_CONTACT_FOUND), the optional ticket (the contact's, else
 * ERR_NO_TICKET_FOUND; one the caller may open, else 'Acesso não permitido') and the connection (the
 * company's, else ERR_NO_WAPP_FOUND); without one, the connection of the given ticket, else of the
 * contact's latest ticket, else the company's default (none at all: stored without, and it fails with
 * ERR_NO_DEF_WAPP_FOUND when due); then the ticket it would go into must be one the caller may work
 * (schedule-access.ts: the ticket rules, as sending applies them); make the one-shot entry first, then
 * store the schedule PENDENTE (an entry without its schedule fires as a no-op; a schedule without its
 * entry would never go).
 *
 * Update: the same checks; only while not sent nor being sent (ERR_SCHEDULE_ALREADY_SENT); a failed one (ERRO) becomes
 * PENDENTE again, so editing its time retries it. A new send time gets a new entry (made first) and the
 * old entry is removed after the write. Every write is conditional on the schedule being as read (a
 * send claimed meanwhile wins: the edit answers ERR_SCHEDULE_ALREADY_SENT or retries on a mere edit).
 *
 * Delete: allowed in any status (a sent one leaves the calendar; one being sent still goes out). Every
 * change publishes `schedule` to the company room; a failed publish is logged, not answered.
 */
import { ulid } from 'ulid';
import {
  isScheduleEditable,
  mayChangeSchedule,
  type CreateScheduleBody,
  type ScheduledMessage,
  type ScheduledMessagePage,
  type UpdateScheduleBody,
} from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import { accessDenied, mayOpenTicket } from '../conversations/ticket-access';
import { AppError, conflict } from '../errors';
import { matchesSearch, paginate, type ListQuery } from '../http/pagination';
import { logger } from '../logger';
import { contentTypeOf, objectKey, safeFileName, sniffMediaType } from '../media/files';
import type { UploadedFile } from '../media/multipart';
import { deleteMediaObject, presignedDownloadUrl, putMediaObject } from '../media/storage';
import { publishToCompany } from '../realtime/publisher';
import { getConnection, getDefaultConnectionId } from '../repositories/connections';
import { getContact, getContacts, type Contact } from '../repositories/contacts';
import {
  getScheduledMessage,
  listScheduledMessages,
  putNewScheduledMessage,
  removeScheduledMessage,
  setScheduledMessageFields,
  type ScheduledMessageChanges,
  type StoredScheduledMessage,
} from '../repositories/scheduled-messages';
import { ticketsOfContact } from '../repositories/contact-tickets';
import { getTicket } from '../repositories/tickets';
import { assertMaySchedule } from './schedule-access';
import { armScheduledSend, disarmScheduledSend } from './send-timer';

const notFound = () => new AppError('ERR_NO_SCHEDULE_FOUND');
const alreadySent = () => new AppError('ERR_SCHEDULE_ALREADY_SENT');

/** How often a change lost to a concurrent one is read, decided and tried again. */
const ATTEMPTS = 4;

/** The image types the spec accepts (png, jpg, jpeg), told by the bytes, with the extension each is stored under. */
const IMAGE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/** The API's shape: the contact as it is now (or as it was named, once deleted), and a fresh image URL. */
export async function presentScheduledMessage(schedule: StoredScheduledMessage, contact?: Pick<Contact, 'id' | 'name'>): Promise<ScheduledMessage> {
  const { contactName, sendTimer: _sendTimer, ...rest } = schedule;
  return {
    ...rest,
    contact: { id: schedule.contactId, name: contact?.name ?? contactName },
    mediaUrl: schedule.mediaPath ? await presignedDownloadUrl(schedule.mediaPath) : null,
  };
}

async function present(companyId: string, schedule: StoredScheduledMessage): Promise<ScheduledMessage> {
  return presentScheduledMessage(schedule, await getContact(companyId, schedule.contactId));
}

/** Latest send time first: the future ones, which the calendar opens on, come on the first pages. */
const bySendAtDescending = (a: StoredScheduledMessage, b: StoredScheduledMessage) =>
  b.sendAt.localeCompare(a.sendAt) || b.id.localeCompare(a.id);

export async function searchScheduledMessages(caller: Caller, query: ListQuery): Promise<ScheduledMessagePage> {
  const found = (await listScheduledMessages(caller.companyId))
    .filter((schedule) => matchesSearch(query.searchParam, schedule.body, schedule.contactName))
    .sort(bySendAtDescending);
  const { page, hasMore } = paginate(found, query.pageNumber);
  const contacts = await getContacts(caller.companyId, [...new Set(page.map((schedule) => schedule.contactId))]);
  return {
    schedules: await Promise.all(page.map((schedule) => presentScheduledMessage(schedule, contacts.get(schedule.contactId)))),
    hasMore,
  };
}

async function read(caller: Caller, id: string): Promise<StoredScheduledMessage> {
  const schedule = await getScheduledMessage(caller.companyId, id, true);
  if (!schedule) throw notFound();
  return schedule;
}

/** The schedule, read to be changed or deleted: by its author or an admin only. */
async function readToChange(caller: Caller, id: string): Promise<StoredScheduledMessage> {
  const schedule = await read(caller, id);
  if (!mayChangeSchedule({ userId: caller.userId, isAdmin: caller.isAdmin }, schedule)) throw accessDenied();
  return schedule;
}

export async function showScheduledMessage(caller: Caller, id: string): Promise<ScheduledMessage> {
  return present(caller.companyId, await read(caller, id));
}

interface Target {
  readonly contact: Contact;
  readonly whatsappId: string | null;
  readonly ticketId: string | null;
}

/**
 * The contact, the ticket and the connection a body names, checked to be the company's (the ticket one
 * the caller may open); the connection by the default rule when absent. Then the ticket rules: the
 * ticket the message would go into must be one the caller may work (schedule-access.ts).
 */
async function targetOf(caller: Caller, body: CreateScheduleBody): Promise<Target> {
  const { companyId } = caller;
  const [contact, ticket] = await Promise.all([
    getContact(companyId, body.contactId),
    body.ticketId ? getTicket(companyId, body.ticketId) : Promise.resolve(undefined),
  ]);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (body.ticketId && (!ticket || ticket.contactId !== contact.id)) throw new AppError('ERR_NO_TICKET_FOUND');
  if (ticket && !mayOpenTicket(caller, ticket)) throw accessDenied();
  let whatsappId: string | null;
  if (body.whatsappId) {
    if (!(await getConnection(companyId, body.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
    whatsappId = body.whatsappId;
  } else {
    whatsappId = await defaultConnection(companyId, contact.id, ticket?.whatsappId ?? null);
  }
  const ticketId = ticket?.id ?? null;
  // Without any connection it cannot be sent (ERR_NO_DEF_WAPP_FOUND when due): there is no ticket to check yet.
  if (whatsappId) await assertMaySchedule({ companyId, contactId: contact.id, whatsappId, ticketId }, caller);
  return { contact, whatsappId, ticketId };
}

/** The given ticket's connection, else the contact's latest ticket's (while it exists), else the company's default one. */
async function defaultConnection(companyId: string, contactId: string, ticketConnection: string | null): Promise<string | null> {
  const candidates = [ticketConnection, (await ticketsOfContact(companyId, contactId, 1))[0]?.whatsappId ?? null];
  for (const whatsappId of candidates) {
    if (whatsappId && (await getConnection(companyId, whatsappId))) return whatsappId;
  }
  return (await getDefaultConnectionId(companyId)) ?? null;
}

export async function createScheduledMessage(caller: Caller, body: CreateScheduleBody, now = new Date()): Promise<ScheduledMessage> {
  const target = await targetOf(caller, body);
  const at = now.toISOString();
  const id = ulid();
  const sendTimer = await armScheduledSend(caller.companyId, id, body.sendAt, now);
  const stored: StoredScheduledMessage = {
    id,
    body: body.body,
    contactId: target.contact.id,
    contactName: target.contact.name,
    sendAt: body.sendAt,
    sentAt: null,
    status: 'PENDENTE',
    error: null,
    whatsappId: target.whatsappId,
    ticketId: target.ticketId,
    mediaPath: null,
    mediaName: null,
    userId: caller.userId,
    sendTimer,
    createdAt: at,
    updatedAt: at,
  };
  await putNewScheduledMessage(caller.companyId, stored);
  const schedule = await presentScheduledMessage(stored, target.contact);
  await publish(caller.companyId, { action: 'create', schedule });
  return schedule;
}

export async function updateScheduledMessage(caller: Caller, id: string, body: UpdateScheduleBody, now = new Date()): Promise<ScheduledMessage> {
  const current = await readToChange(caller, id);
  const target = await targetOf(caller, body);
  const changes: ScheduledMessageChanges = {
    body: body.body,
    contactId: target.contact.id,
    contactName: target.contact.name,
    sendAt: body.sendAt,
    whatsappId: target.whatsappId,
    ticketId: target.ticketId,
    status: 'PENDENTE',
    error: null,
  };
  return change(caller, id, changes, now, current);
}

export async function deleteScheduledMessage(caller: Caller, id: string): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const current = await readToChange(caller, id);
    const removed = await removeScheduledMessage(caller.companyId, id, current.updatedAt);
    if (removed) {
      await disarmScheduledSend(removed.sendTimer);
      if (removed.mediaPath) await deleteMediaObject(removed.mediaPath);
      await publish(caller.companyId, { action: 'delete', scheduleId: removed.id });
      return;
    }
  }
  throw conflict(`Schedule ${id}`);
}

/** POST /schedules/{id}/media-upload: a png or jpeg image (told by its bytes), replacing any earlier one. */
export async function uploadScheduledMessageMedia(caller: Caller, id: string, file: UploadedFile, now = new Date()): Promise<ScheduledMessage> {
  const current = await readToChange(caller, id);
  if (!isScheduleEditable(current)) throw alreadySent();
  const contentType = sniffMediaType(file.bytes)?.contentType ?? '';
  const extensions = IMAGE_EXTENSIONS[contentType];
  if (!extensions) {
    const message = 'Apenas imagens png, jpg ou jpeg';
    throw new AppError('ERR_VALIDATION', { message, fields: [{ path: 'file', message }] });
  }
  const safe = safeFileName(file.fileName, 'imagem');
  const mediaName = extensions.some((extension) => safe.toLowerCase().endsWith(extension)) ? safe : `${safe}${extensions[0] ?? ''}`;
  const mediaPath = objectKey('companies', caller.companyId, 'schedules', id, `${ulid()}-${mediaName}`);
  await putMediaObject(mediaPath, file.bytes, contentTypeOf(sniffMediaType(file.bytes), mediaName));
  try {
    return await change(caller, id, { mediaPath, mediaName }, now, current);
  } catch (error) {
    await deleteMediaObject(mediaPath);
    throw error;
  }
}

/** DELETE /schedules/{id}/media-upload: removes the image. */
export async function deleteScheduledMessageMedia(caller: Caller, id: string, now = new Date()): Promise<ScheduledMessage> {
  return change(caller, id, { mediaPath: null, mediaName: null }, now);
}

/**
 * Applies an edit to a schedule that may still be edited, by its author or an admin, conditional on it
 * being as read; the caller becomes its author (`userId`: it goes out in the name of who last wrote it).
 * When the send time moves, the new entry is made before the write and the old one removed after it.
 */
async function change(caller: Caller, id: string, changes: ScheduledMessageChanges, now: Date, read_?: StoredScheduledMessage): Promise<ScheduledMessage> {
  let current = read_;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    current ??= await readToChange(caller, id);
    if (!isScheduleEditable(current)) throw alreadySent();
    const rearm = changes.status === 'PENDENTE' && (current.status !== 'PENDENTE' || changes.sendAt !== current.sendAt);
    const sendTimer = rearm ? await armScheduledSend(caller.companyId, id, changes.sendAt ?? current.sendAt, now) : undefined;
    const changed = await setScheduledMessageFields(
      caller.companyId,
      id,
      { ...changes, userId: caller.userId, sendTimer, updatedAt: now.toISOString() },
      { updatedAt: current.updatedAt },
    );
    if (changed) {
      if (sendTimer !== undefined && changed.before.sendTimer !== sendTimer) await disarmScheduledSend(changed.before.sendTimer);
      if (changed.before.mediaPath && changed.before.mediaPath !== changed.after.mediaPath) await deleteMediaObject(changed.before.mediaPath);
      const schedule = await present(caller.companyId, changed.after);
      await publish(caller.companyId, { action: 'update', schedule });
      return schedule;
    }
    // Changed meanwhile (an edit, or the sender's claim): decide again on what is stored now.
    current = undefined;
  }
  throw conflict(`Schedule ${id}`);
}

type ScheduleEvent = Parameters<typeof publishToCompany<'schedule'>>[3];

/** The change is made: a failed realtime publish is logged, not answered (the page refetches anyway). */
export async function publish(companyId: string, event: ScheduleEvent): Promise<void> {
  try {
    await publishToCompany(companyId, 'company', 'schedule', event);
  } catch (error) {
    logger.warn('schedule event not published', { action: event.action, error });
  }
}
