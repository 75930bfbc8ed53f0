/**
 * Schedules whose delivery was lost, handed back to the sender (run by `npm start` when the local cloud
 * starts; on a stage by an operator after an outage).
 *
 * Why: a schedule's one-shot entry fires once and puts it on the schedule-due queue. The local SQS keeps
 * its messages in memory, so a schedule delivered just before the stack stopped would stay PENDENTE
 * forever; on AWS the same happens to a message that ended in the dead-letter queue. And a sender that
 * died between its claim and its end leaves the schedule AGENDADA, which nothing would ever change.
 *
 * What: for every company, a PENDENTE schedule whose time has passed gets a new entry that fires now
 * (the sender's claim is conditional on PENDENTE and that send time, so if the first delivery does
 * arrive after all, one of the two is a no-op: it is still sent once). With `orphanedBefore` (the
 * instant the stack started, when no sender of an earlier run can still be running), an AGENDADA schedule
 * claimed before it ends ERRO with ERR_SENDING_WAPP_MSG (one claimed since is being sent now): its message may have gone out, so it is not sent again unasked; the user sees the
 * reason and retries it by editing its time. Answers how many of each.
 */
import { listCompanies } from '../repositories/companies';
import { listScheduledMessages, setScheduledMessageFields } from '../repositories/scheduled-messages';
import { armScheduledSend } from './send-timer';

export interface RecoveredSchedules {
  readonly rearmed: number;
  readonly failed: number;
}

export async function recoverScheduledMessages(options: { readonly orphanedBefore?: Date }, now = new Date()): Promise<RecoveredSchedules> {
  let rearmed = 0;
  let failed = 0;
  for (const company of await listCompanies()) {
    for (const schedule of await listScheduledMessages(company.id)) {
      if (schedule.status === 'PENDENTE' && Date.parse(schedule.sendAt) <= now.getTime()) {
        await armScheduledSend(company.id, schedule.id, schedule.sendAt, now);
        rearmed += 1;
      } else if (schedule.status === 'AGENDADA' && options.orphanedBefore && Date.parse(schedule.updatedAt) < options.orphanedBefore.getTime()) {
        const changed = await setScheduledMessageFields(
          company.id,
          schedule.id,
          { status: 'ERRO', error: 'ERR_SENDING_WAPP_MSG', updatedAt: now.toISOString() },
          { status: 'AGENDADA', updatedAt: schedule.updatedAt },
        );
        if (changed) failed += 1;
      }
    }
  }
  return { rearmed, failed };
}
