/**
 * One-shot schedules on EventBridge Scheduler (docs/architecture.md §1): at an instant, the schedule puts its
 * message on the `schedule-due` queue and then deletes itself. The local cloud's scheduler speaks the
 * same API. Names are derived from what is scheduled and when, so creating the same schedule twice (a
 * retried Lambda) makes one schedule: the conflict of the second creation means it is already there.
 */
import { ConflictException, CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException } from '@aws-sdk/client-scheduler';
import { scheduler } from '../aws/clients';
import { config } from '../config';
import type { DueMessage } from './due-messages';

/** Schedule names: letters, digits, `-`, `_` and `.`, at most 64. */
const NAME = /^[0-9a-zA-Z-_.]{1,64}$/;

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, rounded up to the second so that it never fires early. */
export function atExpression(at: Date): string {
  const seconds = new Date(Math.ceil(at.getTime() / 1000) * 1000);
  return `at(${seconds.toISOString().slice(0, 19)})`;
}

export async function scheduleOnce(name: string, at: Date, message: DueMessage): Promise<void> {
  if (!NAME.test(name)) throw new Error(`Invalid schedule name ${name}`);
  try {
    await scheduler().send(
      new CreateScheduleCommand({
        Name: name,
        ClientToken: name,
        ScheduleExpression: atExpression(at),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: config.scheduleDueQueueArn(),
          RoleArn: config.schedulerRoleArn(),
          Input: JSON.stringify(message),
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConflictException)) throw error;
  }
}

/** Removes a one-shot schedule that is no longer wanted; one already fired (and so deleted) or never made is fine. */
export async function cancelOnce(name: string): Promise<void> {
  if (!NAME.test(name)) throw new Error(`Invalid schedule name ${name}`);
  try {
    await scheduler().send(new DeleteScheduleCommand({ Name: name }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}
