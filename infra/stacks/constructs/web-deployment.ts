/**
 * Puts the built web app into the web bucket (WebHosting, in the data stack) together with the
 * `config.json` the app reads at start, written from this stack's outputs, and invalidates CloudFront.
 *
 * Two deployments because the files age differently: Vite's `assets/` have content hashes in their
 * names and are cached for a year; index.html, config.json and the other top-level files must be
 * fetched again after every deploy. Neither prunes, so a page loaded before a deploy can still lazily
 * fetch the old chunks it refers to.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import type { StageConfig } from '../../resources/stage';
import { acknowledgeManagedPolicy, acknowledgeRule, acknowledgeWildcardAction, acknowledgeWildcardResource } from '../nag';
import { webBucketName } from './web-hosting';
import type { RuntimeConfig } from '../../../shared/runtime-config';


export interface WebDeploymentProps {
  readonly stage: StageConfig;
  /** Directory of the web build (index.html and assets/). */
  readonly webDist: string;
  readonly distribution: cloudfront.IDistribution;
  readonly config: RuntimeConfig;
}

const IMMUTABLE = s3deploy.CacheControl.fromString('public, max-age=31536000, immutable');
const REVALIDATE = s3deploy.CacheControl.fromString('no-cache');

export class WebDeployment extends Construct {
  constructor(scope: Construct, id: string, { stage, webDist, distribution, config }: WebDeploymentProps) {
    super(scope, id);
    assertWebBuild(webDist);
    // Addressed by name: a reference to the bucket construct would put the data stack's outputs into
    // the handler's policy, where the cdk-nag acknowledgements below could not name them.
    const bucket = s3.Bucket.fromBucketName(this, 'Bucket', webBucketName(stage.name, Stack.of(this).account));

    // Staged explicitly (rather than Source.asset) to know the bucket the handler reads them from.
    const hashedFiles = new s3assets.Asset(this, 'HashedFiles', { path: path.join(webDist, 'assets') });
    const topLevelFiles = new s3assets.Asset(this, 'TopLevelFiles', {
      path: webDist,
      // config.json is excluded in case the build copied a local one from web/public.
      exclude: ['assets', 'config.json'],
    });

    const hashed = new s3deploy.BucketDeployment(this, 'HashedFilesDeployment', {
      sources: [s3deploy.Source.bucket(hashedFiles.bucket, hashedFiles.s3ObjectKey)],
      destinationBucket: bucket,
      destinationKeyPrefix: 'assets/',
      cacheControl: [IMMUTABLE],
      prune: false,
      memoryLimit: 512,
    });
    const topLevel = new s3deploy.BucketDeployment(this, 'TopLevelFilesDeployment', {
      sources: [
        s3deploy.Source.bucket(topLevelFiles.bucket, topLevelFiles.s3ObjectKey),
        s3deploy.Source.jsonData('config.json', config),
      ],
      destinationBucket: bucket,
      cacheControl: [REVALIDATE],
      prune: false,
      memoryLimit: 512,
      distribution,
      distributionPaths: ['/*'],
    });
    // index.html must not point at chunks that are not uploaded yet.
    topLevel.node.addDependency(hashed);

    // Both deployments run in one handler function that aws-cdk-lib creates, owns and grants to.
    const handler = topLevel.handlerRole.node.scope;
    if (handler) {
      acknowledgeDeploymentHandler(handler, [hashedFiles.bucket.arnForObjects('*'), bucket.arnForObjects('*')]);
    }
  }
}

/**
 * The findings on aws-cdk-lib's BucketDeployment handler: its role copies the build from the CDK assets
 * bucket into the web bucket and invalidates the distribution; `objectArns` are those two buckets' keys.
 */
function acknowledgeDeploymentHandler(handler: IConstruct, objectArns: readonly string[]): void {
  const copyReason =
    "aws-cdk-lib's BucketDeployment handler copies the web build from the CDK assets bucket to the web bucket; these are the grants aws-cdk-lib writes for it, limited to those two buckets.";
  for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
    acknowledgeWildcardAction(handler, action, copyReason);
  }
  for (const objects of objectArns) acknowledgeWildcardResource(handler, objects, copyReason);
  acknowledgeWildcardResource(
    handler,
    '*',
    'CloudFront invalidations (create and get) have no resource-level permissions in the grant aws-cdk-lib writes for the BucketDeployment handler.',
  );
  acknowledgeManagedPolicy(
    handler,
    iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole').managedPolicyArn,
    'AWSLambdaBasicExecutionRole only lets the BucketDeployment handler write its own CloudWatch logs.',
  );
  acknowledgeRule(
    handler,
    'L1',
    "The BucketDeployment handler's runtime is chosen and upgraded by aws-cdk-lib, not by this app.",
  );
}

/** Fails synthesis with the fix when the web app has not been built. */
function assertWebBuild(webDist: string): void {
  for (const required of ['index.html', 'assets']) {
    if (!fs.existsSync(path.join(webDist, required))) {
      throw new Error(
        `The web build is missing (${path.join(webDist, required)} not found). Build the web app first ` +
          '(it writes web/dist), or point the CDK app at a build with `-c webDist=<directory>`.',
      );
    }
  }
}
