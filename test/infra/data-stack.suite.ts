/**
 * The data stack as deployed: table, media bucket, user pool and web distribution, per stage.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { MEDIA_BUCKET } from '../../infra/resources/buckets';
import { MAIN_TABLE, tableName } from '../../infra/resources/table';
import { stage } from './stages';
import type { SynthesizedStage } from './synth';

let dev: SynthesizedStage;
let prod: SynthesizedStage;
let customDomain: SynthesizedStage;

beforeAll(() => {
  dev = stage('dev');
  prod = stage('prod');
  customDomain = stage('prodCustomDomain');
});

/** The logical id of the only resource of a type that matches `properties`. */
function logicalIdOf(template: Template, type: string, properties: Record<string, unknown> = {}): string {
  const ids = Object.keys(template.findResources(type, { Properties: properties }));
  expect(ids).toHaveLength(1);
  return ids[0] as string;
}

describe('the main table', () => {
  it('is on demand with point-in-time recovery, the TTL attribute and the indexes of MAIN_TABLE', () => {
    // Prepare
    const expectedIndexes = MAIN_TABLE.globalIndexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    }));

    // Act
    const table = dev.data;

    // Assess
    table.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: tableName('dev'),
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: MAIN_TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: MAIN_TABLE.sortKey, KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: expectedIndexes,
    });
  });

  it('signs users in by email, like the local pool, so an email change moves the sign-in name', () => {
    dev.data.hasResourceProperties('AWS::Cognito::UserPool', { UsernameAttributes: ['email'] });
  });

  it('is retained with deletion protection in prod and deleted with the stack in dev', () => {
    // Act
    const prodTable = prod.data.findResources('AWS::DynamoDB::Table');
    const devTable = dev.data.findResources('AWS::DynamoDB::Table');

    // Assess
    expect(Object.values(prodTable)).toEqual([
      expect.objectContaining({
        DeletionPolicy: 'Retain',
        Properties: expect.objectContaining({ DeletionProtectionEnabled: true }),
      }),
    ]);
    expect(Object.values(devTable)).toEqual([
      expect.objectContaining({
        DeletionPolicy: 'Delete',
        Properties: expect.objectContaining({ DeletionProtectionEnabled: false }),
      }),
    ]);
  });
});

describe('the media bucket', () => {
  const mediaBucket = { BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['atende-dev-media-'])] }) };

  it('is private, encrypted, refuses plain HTTP and logs its accesses', () => {
    // Act
    const bucketId = logicalIdOf(dev.data, 'AWS::S3::Bucket', mediaBucket);

    // Assess
    dev.data.hasResourceProperties('AWS::S3::Bucket', {
      ...mediaBucket,
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'media/' }),
    });
    dev.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('allows CORS only from the CloudFront domain of the stage, with the rules of MEDIA_BUCKET', () => {
    // Prepare
    const distributionId = logicalIdOf(dev.data, 'AWS::CloudFront::Distribution');
    const [rule] = MEDIA_BUCKET.cors;

    // Act
    const template = dev.data;

    // Assess
    template.hasResourceProperties('AWS::S3::Bucket', {
      ...mediaBucket,
      CorsConfiguration: {
        CorsRules: [
          {
            AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] }],
            AllowedMethods: rule?.allowedMethods,
            AllowedHeaders: rule?.allowedHeaders,
            ExposedHeaders: rule?.exposedHeaders,
            MaxAge: rule?.maxAgeSeconds,
          },
        ],
      },
    });
  });

  it('allows CORS from StageConfig.webOrigin instead when it is set', () => {
    // Act
    const template = customDomain.data;

    // Assess
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://app.example.com'] })] },
    });
  });

  it('is retained in prod and emptied then deleted with the stack in dev', () => {
    // Prepare
    const prodBucket = { BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['atende-prod-media-'])] }) };

    // Act
    const prodBuckets = prod.data.findResources('AWS::S3::Bucket', { Properties: prodBucket });
    const devBuckets = dev.data.findResources('AWS::S3::Bucket', { Properties: mediaBucket });
    const devBucketId = Object.keys(devBuckets)[0] as string;

    // Assess
    expect(Object.values(prodBuckets)).toEqual([expect.objectContaining({ DeletionPolicy: 'Retain' })]);
    expect(Object.values(devBuckets)).toEqual([expect.objectContaining({ DeletionPolicy: 'Delete' })]);
    dev.data.hasResourceProperties('Custom::S3AutoDeleteObjects', { BucketName: { Ref: devBucketId } });
  });
});

describe('the user pool', () => {
  it('has a web client without secret that allows USER_PASSWORD_AUTH', () => {
    // Act
    const template = dev.data;

    // Assess
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    });
  });

  it('enforces the product password policy and leaves sign-up to the backend', () => {
    // Act
    const template = dev.data;

    // Assess
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolName: 'atende-dev-users',
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        }),
      },
    });
  });

  it('is retained with deletion protection in prod and deleted with the stack in dev', () => {
    // Act
    const prodPool = Object.values(prod.data.findResources('AWS::Cognito::UserPool'));
    const devPool = Object.values(dev.data.findResources('AWS::Cognito::UserPool'));

    // Assess
    expect(prodPool).toEqual([
      expect.objectContaining({
        DeletionPolicy: 'Retain',
        Properties: expect.objectContaining({ DeletionProtection: 'ACTIVE' }),
      }),
    ]);
    expect(devPool).toEqual([expect.objectContaining({ DeletionPolicy: 'Delete' })]);
  });
});

describe('the web distribution', () => {
  it('serves the private web bucket through origin access control with the SPA fallback over HTTP/2 and HTTP/3', () => {
    // Prepare
    const oacId = logicalIdOf(dev.data, 'AWS::CloudFront::OriginAccessControl');
    const webBucket = { BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['atende-dev-web-'])] }) };
    const webBucketId = logicalIdOf(dev.data, 'AWS::S3::Bucket', webBucket);

    // Act
    const template = dev.data;

    // Assess
    template.hasResourceProperties('AWS::S3::Bucket', {
      ...webBucket,
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true, RestrictPublicBuckets: true }),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        HttpVersion: 'http2and3',
        Origins: [
          Match.objectLike({
            DomainName: { 'Fn::GetAtt': [webBucketId, 'RegionalDomainName'] },
            OriginAccessControlId: { 'Fn::GetAtt': [oacId, 'Id'] },
          }),
        ],
        CustomErrorResponses: [
          { ErrorCode: 403, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
          { ErrorCode: 404, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
        ],
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
      }),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: webBucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
  });

  it('sends the security headers with a CSP that allows only the stage region API Gateway and Cognito', () => {
    // Prepare
    const policyId = logicalIdOf(dev.data, 'AWS::CloudFront::ResponseHeadersPolicy');
    const policy = dev.data.findResources('AWS::CloudFront::ResponseHeadersPolicy')[policyId] as {
      Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, unknown> } };
    };
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    // The CSP is a Fn::Join of literals and region/suffix tokens; its literal parts are enough here.
    const csp = JSON.stringify(headers.ContentSecurityPolicy);

    // Act
    const template = dev.data;

    // Assess
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ ResponseHeadersPolicyId: { Ref: policyId } }),
      }),
    });
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 31_536_000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.execute-api\./);
    expect(csp).toContain('wss://*.execute-api.');
    expect(csp).toContain('https://cognito-idp.');
  });

  it("lets the helps page show the video host's thumbnails and frame its player, and frame nothing else", () => {
    // Prepare
    const policyId = logicalIdOf(dev.data, 'AWS::CloudFront::ResponseHeadersPolicy');
    const policy = dev.data.findResources('AWS::CloudFront::ResponseHeadersPolicy')[policyId] as {
      Properties: { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Record<string, unknown> } };
    };

    // Act
    const csp = JSON.stringify(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy);

    // Assess
    expect(csp).toMatch(/img-src [^;]*https:\/\/img\.youtube\.com/);
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
  });

  it('uses a custom domain with TLS 1.2 at least when one is given', () => {
    // Act
    const template = customDomain.data;

    // Assess
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
  });
});
