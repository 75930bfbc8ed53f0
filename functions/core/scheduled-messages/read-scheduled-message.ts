/**
 * Who reads and who changes a scheduled message (spec 2 §2 Schedules, §3-§9; `/schedules`, plan flag
 * useSchedules checked by the routes): everyone of the company reads its schedules; only a schedule's
 * author and admins change or delete it (shared/scheduled-messages.ts mayChangeSchedule; others:
 * ERR_NO_PERMISSION 'Acesso não permitido'), and whoever writes it becomes its author (`userId`), in
 * whose name it goes out (docs/architecture.md §8). A missing one, or another company's, is
 * ERR_NO_SCHEDULE_FOUND.
 */
import { mayChangeSchedule } from '../../../shared/scheduled-messages';
import type { Caller } from '../caller/load-caller';
import { accessDenied } from '../conversations/ticket-access';
import { AppError } from '../errors';
import { getScheduledMessage, type StoredScheduledMessage } from '../repositories/scheduled-messages';

export async function readScheduledMessage(caller: Caller, id: string): Promise<StoredScheduledMessage> {
  const schedule = await getScheduledMessage(caller.companyId, id, true);
  if (!schedule) throw new AppError('ERR_NO_SCHEDULE_FOUND');
  return schedule;
}

/** The schedule, read to be changed or deleted: by its author or an admin only. */
export async function readScheduledMessageToChange(caller: Caller, id: string): Promise<StoredScheduledMessage> {
  const schedule = await readScheduledMessage(caller, id);
  if (!mayChangeSchedule({ userId: caller.userId, isAdmin: caller.isAdmin }, schedule)) throw accessDenied();
  return schedule;
}
