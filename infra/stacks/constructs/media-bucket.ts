/**
 * The private media bucket (MEDIA_BUCKET in infra/resources/buckets.ts). Browsers reach it only through
 * presigned URLs, so its CORS rules allow the stage's web origin and nothing else.
 *
 * Versioned: an object overwritten or deleted keeps its previous version for the stage's
 * mediaNoncurrentVersionDays, in which it can be restored (README, Deploying a stage); after that the
 * version expires, so storage does not grow with every replacement.
 */

/** Days after which a multipart upload that never completed is aborted and its parts deleted. */
const INCOMPLETE_UPLOAD_DAYS = 1;
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { MEDIA_BUCKET, mediaBucketName } from '../../resources/buckets';
import type { StageConfig } from '../../resources/stage';

export interface MediaBucketProps {
  readonly stage: StageConfig;
  /** `https://host` of the web app, the only origin allowed to use presigned URLs from a page. */
  readonly webOrigin: string;
  readonly accessLogs: s3.IBucket;
}

export class MediaBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, { stage, webOrigin, accessLogs }: MediaBucketProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName: mediaBucketName(stage.name, Stack.of(this).account),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      cors: MEDIA_BUCKET.cors.map((rule) => ({
        allowedOrigins: [webOrigin],
        allowedMethods: rule.allowedMethods.map((method) => s3.HttpMethods[method]),
        allowedHeaders: [...rule.allowedHeaders],
        exposedHeaders: [...rule.exposedHeaders],
        maxAge: rule.maxAgeSeconds,
      })),
      versioned: true,
      lifecycleRules: [
        {
          id: 'expire-previous-versions',
          noncurrentVersionExpiration: Duration.days(stage.mediaNoncurrentVersionDays),
          // A delete marker left alone once its versions expired is removed too.
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(INCOMPLETE_UPLOAD_DAYS),
        },
      ],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'media/',
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !stage.retainData,
    });
  }
}
