/**
 * The bucket that receives a stack's access logs: S3 server access logs, CloudFront standard logs and
 * VPC flow logs. One per stack, so that no log delivery policy has to reach across stacks.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageConfig } from '../../resources/stage';
import { acknowledgeRule } from '../nag';

export interface AccessLogsProps {
  readonly stage: StageConfig;
}

export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, { stage }: AccessLogsProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with object ACLs, which BUCKET_OWNER_ENFORCED would refuse.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.logRetentionDays) }],
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !stage.retainData,
    });
    acknowledgeRule(
      this.bucket,
      'S1',
      'This bucket is the destination of the access logs; logging its own accesses into itself would loop.',
    );
  }
}
