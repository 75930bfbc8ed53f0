/**
 * What EventBridge Scheduler needs to deliver one-shot schedules: a role the scheduler service assumes
 * to send the due schedule to its queue. The backend creates the schedules (scheduler:CreateSchedule
 * with iam:PassRole on this role, granted by Backend) and names this role in SCHEDULER_ROLE_ARN.
 * The recurring jobs (infra/resources/recurring-schedules.ts) are schedules of the stage itself, made
 * here with the same role and target.
 */
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { RECURRING_SCHEDULES } from '../../resources/recurring-schedules';

export interface SchedulingProps {
  /** The queue due schedules are sent to (`schedule-due`). */
  readonly dueQueue: sqs.IQueue;
}

export class Scheduling extends Construct {
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, { dueQueue }: SchedulingProps) {
    super(scope, id);
    this.role = new iam.Role(this, 'Role', {
      description: 'Assumed by EventBridge Scheduler to deliver due schedules to their queue',
      // Only schedules of this account may use the role (confused-deputy protection).
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    this.role.addToPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [dueQueue.queueArn] }),
    );
    for (const recurring of RECURRING_SCHEDULES) {
      new scheduler.CfnSchedule(this, `Recurring-${recurring.id}`, {
        description: `Starts the ${recurring.id} job`,
        scheduleExpression: recurring.expression,
        scheduleExpressionTimezone: 'UTC',
        flexibleTimeWindow: { mode: 'OFF' },
        target: { arn: dueQueue.queueArn, roleArn: this.role.roleArn, input: JSON.stringify(recurring.message) },
      });
    }
  }
}
