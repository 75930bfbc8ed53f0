/**
 * The scheduled-message rules the schedules page's calendar runs: the statuses, who may change a
 * schedule, whether it may be submitted again. Without zod, so the calendar does not load the validation
 * library with it (it comes with the schedule dialog); the schemas and the DTOs are in
 * shared/scheduled-messages.ts, which re-exports these, as shared/ticket-rules.ts does for tickets.
 */

/** See shared/scheduled-messages.ts for what each status means. */
export const SCHEDULE_STATUSES = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** Who looks at a schedule: the user, and whether their profile is admin. */
export interface ScheduleViewer {
  readonly userId: string;
  readonly isAdmin: boolean;
}

/**
 * Ours (docs/architecture.md §8, "Schedules obey the ticket rules"): a schedule is changed and deleted by
 * its author and by admins only, since it goes out in its author's name. The server refuses the rest
 * (ERR_NO_PERMISSION), the web hides it.
 */
export const mayChangeSchedule = (viewer: ScheduleViewer, schedule: { readonly userId: string }): boolean =>
  viewer.isAdmin || schedule.userId === viewer.userId;

/** A schedule may be submitted again until it is sent (spec 2 §4) and while it is not being sent. */
export const isScheduleEditable = (schedule: { readonly sentAt: string | null; readonly status: ScheduleStatus }): boolean =>
  schedule.sentAt === null && schedule.status !== 'AGENDADA' && schedule.status !== 'ENVIADA';
