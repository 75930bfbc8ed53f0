/**
 * The stage's log retention as CDK's enum: the stage settings (infra/resources/stage.ts) hold plain day
 * counts so the local cloud can read them without CDK; each of those counts is one of the enum's values.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { StageConfig } from '../resources/stage';

export function logRetention(stage: Pick<StageConfig, 'logRetentionDays'>): RetentionDays {
  switch (stage.logRetentionDays) {
    case 7:
      return RetentionDays.ONE_WEEK;
    case 30:
      return RetentionDays.ONE_MONTH;
    case 90:
      return RetentionDays.THREE_MONTHS;
  }
}
