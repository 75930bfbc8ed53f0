/**
 * The recurring jobs of infra/resources/recurring-schedules.ts, locally: the local scheduler has no cron,
 * so each job's message goes to the `schedule-due` queue when the local cloud starts (a developer sees
 * the daily job's work at once, e.g. the invoices of companies near their due date) and then every
 * `localEveryMs` while it runs.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { RecurringSchedule } from '../resources/recurring-schedules';
import { localSqsClient } from './sqs';

export interface RecurringRunner {
  stop(): void;
}

export function startRecurringSchedules(options: {
  readonly sqsEndpoint: string;
  readonly queueUrl: string;
  readonly schedules: readonly RecurringSchedule[];
  readonly log: (entry: Record<string, unknown>) => void;
}): RecurringRunner {
  const sqs = localSqsClient(options.sqsEndpoint);
  const send = (schedule: RecurringSchedule) => {
    sqs.send(new SendMessageCommand({ QueueUrl: options.queueUrl, MessageBody: JSON.stringify(schedule.message) })).catch((error: unknown) => {
      options.log({ level: 'warn', msg: 'recurring schedule not sent', schedule: schedule.id, error: String(error) });
    });
  };
  const timers = options.schedules.map((schedule) => {
    send(schedule);
    const timer = setInterval(() => send(schedule), schedule.localEveryMs);
    timer.unref();
    return timer;
  });
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
      sqs.destroy();
    },
  };
}
