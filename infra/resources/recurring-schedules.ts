/**
 * Jobs that run on a clock rather than on an event, declared once: EventBridge Scheduler starts each by
 * putting its message on the `schedule-due` queue (functions/workers/schedule-due.ts validates it, as it
 * does the one-shot schedules' messages). The CDK app makes one recurring schedule per entry; the local
 * cloud, whose scheduler has no cron, sends each message when it starts and then every `localEveryMs`.
 */
export interface RecurringSchedule {
  /** The schedule's name, unique in the stage. */
  readonly id: string;
  /** EventBridge Scheduler's expression, in UTC. */
  readonly expression: string;
  readonly localEveryMs: number;
  /** The `schedule-due` message (a DueMessage of functions/core/scheduling/due-messages.ts). */
  readonly message: Readonly<Record<string, string>>;
}

export const RECURRING_SCHEDULES: readonly RecurringSchedule[] = [
  // The daily billing run: every company's next invoice, from its lead time before the due date
  // (functions/core/billing/issue-invoices.ts). 09:00 UTC is 06:00 in Brasília, before the working day.
  { id: 'billing-run', expression: 'cron(0 9 * * ? *)', localEveryMs: 24 * 60 * 60 * 1000, message: { kind: 'billingRun' } },
];
