/**
 * What the restore procedure of README's "Deploying a stage" relies on: point-in-time recovery on the
 * table, previous versions of media objects kept for a while, production's data retained and protected,
 * and a stage that can be pointed at the table a restore made.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { ENV } from '../../infra/resources/environment';
import { stageConfig } from '../../infra/resources/stage';
import { PITR_DAYS } from '../../infra/stacks/constructs/main-table';
import { RESTORED_TABLE, stage } from './stages';
import type { SynthesizedStage } from './synth';

let dev: SynthesizedStage;
let prod: SynthesizedStage;
let restored: SynthesizedStage;

beforeAll(() => {
  dev = stage('dev');
  prod = stage('prod');
  restored = stage('prodCustomDomain');
});

const mediaBucket = (stageName: string) => ({
  BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([`atende-${stageName}-media-`])] }),
});

describe('data safety', () => {
  it('keeps point-in-time recovery for 35 days on the table of every stage, retained with deletion protection in prod', () => {
    // Act
    const [prodTable] = Object.values(prod.data.findResources('AWS::DynamoDB::Table'));
    const [devTable] = Object.values(dev.data.findResources('AWS::DynamoDB::Table'));

    // Assess
    expect(PITR_DAYS).toBe(35);
    for (const table of [prodTable, devTable]) {
      expect(table?.Properties).toMatchObject({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: PITR_DAYS },
      });
    }
    expect(prodTable).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { TableName: 'atende-prod-main', DeletionProtectionEnabled: true },
    });
  });

  it('versions the media bucket, expires previous versions after the stage window and aborts stale multipart uploads', () => {
    for (const [synthesized, stageName] of [[prod, 'prod'], [dev, 'dev']] as const) {
      // Act
      const template = synthesized.data;

      // Assess
      template.hasResourceProperties('AWS::S3::Bucket', {
        ...mediaBucket(stageName),
        VersioningConfiguration: { Status: 'Enabled' },
        LifecycleConfiguration: {
          Rules: [
            Match.objectLike({
              Status: 'Enabled',
              NoncurrentVersionExpiration: { NoncurrentDays: stageConfig(stageName).mediaNoncurrentVersionDays },
              AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
              ExpiredObjectDeleteMarker: true,
            }),
          ],
        },
      });
    }
    expect(stageConfig('prod').mediaNoncurrentVersionDays).toBe(30);
  });

  it('retains the media bucket and the user pool in prod, and protects the data stack from deletion', () => {
    // Act
    const buckets = Object.values(prod.data.findResources('AWS::S3::Bucket', { Properties: mediaBucket('prod') }));
    const pools = Object.values(prod.data.findResources('AWS::Cognito::UserPool'));

    // Assess
    expect(buckets).toEqual([expect.objectContaining({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' })]);
    expect(pools).toEqual([expect.objectContaining({ DeletionPolicy: 'Retain' })]);
    expect(prod.stacks.data.terminationProtection).toBe(true);
    expect(dev.stacks.data.terminationProtection).toBe(false);
  });

  it('points the functions, the session host and the throttle alarm at a restored table, and keeps the stage own table in the data stack', () => {
    // Prepare
    const functions = (
      Object.values(restored.app.findResources('AWS::Lambda::Function')) as {
        Properties: { FunctionName?: unknown; Environment: { Variables: Record<string, unknown> } };
      }[]
    ).filter(({ Properties: { FunctionName: name } }) => typeof name === 'string' && name.startsWith('atende-prod-'));
    const policies = JSON.stringify(restored.app.findResources('AWS::IAM::Policy'));

    // Act
    const tableNames = new Set(functions.map((fn) => fn.Properties.Environment.Variables[ENV.tableName]));

    // Assess
    expect([...tableNames]).toEqual([RESTORED_TABLE]);
    restored.app.hasResourceProperties('AWS::ECS::TaskDefinition', {
      ContainerDefinitions: [Match.objectLike({ Environment: Match.arrayWith([{ Name: ENV.tableName, Value: RESTORED_TABLE }]) })],
    });
    expect(policies).toContain(`:table/${RESTORED_TABLE}`);
    expect(policies).not.toContain(':table/atende-prod-main"');
    expect(JSON.stringify(restored.ops.findResources('AWS::CloudWatch::Alarm'))).toContain(`"Value":"${RESTORED_TABLE}"`);
    restored.data.hasResourceProperties('AWS::DynamoDB::Table', { TableName: 'atende-prod-main' });
  });
});
