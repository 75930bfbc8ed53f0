/**
 * Where the web app is served from: a private bucket behind CloudFront (origin access control), the
 * SPA fallback and a response headers policy with the security headers. The files themselves are put
 * there by WebDeployment in the app stack, with the config.json made from that stack's outputs.
 *
 * This construct lives in the data stack because its domain is the stage's web origin, which the media
 * bucket's CORS rules need: with the distribution in the app stack, the data stack would depend on the
 * app stack that depends on it. The domain is also what users bookmark, so it should outlive any
 * redeploy of the app. The price of that placement: the CSP cannot name the API ids (they are made in
 * the app stack), so it allows API Gateway endpoints of the stage's region, and nothing else outside.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { mediaBucketName } from '../../resources/buckets';
import type { StageConfig } from '../../resources/stage';
import { acknowledgeRule } from '../nag';

/** Named so that the app stack can address it (and grant on it) without a cross-stack reference. */
export const webBucketName = (stage: string, account: string): string => `atende-${stage}-web-${account}`;

/** A custom domain for the web app; its certificate must be in us-east-1 (CloudFront's requirement). */
export interface WebDomain {
  readonly names: readonly string[];
  readonly certificateArn: string;
}

export interface WebHostingProps {
  readonly stage: StageConfig;
  readonly accessLogs: s3.IBucket;
  readonly domain?: WebDomain;
}

export class WebHosting extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<domain>` where the web app is served: the custom domain's first name or CloudFront's. */
  readonly origin: string;

  constructor(scope: Construct, id: string, { stage, accessLogs, domain }: WebHostingProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName: webBucketName(stage.name, stack.account),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'web/',
      // Only build output lives here; every deploy writes it again.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `atende-${stage.name} web security headers`,
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(stage, stack), override: true },
      },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `atende-${stage.name} web`,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
      },
      defaultRootObject: 'index.html',
      // The SPA's routes are not files: S3 answers 403 (no ListBucket) or 404; the app shows the page.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(domain && {
        domainNames: [...domain.names],
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
        minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      // Tenants are mostly in South America, which only the "all" price class serves from nearby.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
    });
    this.origin = `https://${domain?.names[0] ?? this.distribution.distributionDomainName}`;

    acknowledgeRule(
      this.distribution,
      'CFR1',
      'The product serves tenants in any country, so the distribution has no geographic restriction.',
    );
    acknowledgeRule(
      this.distribution,
      'CFR2',
      'The distribution only serves the static web build (the APIs are not behind it), and a CloudFront web ACL must be created in us-east-1, which the operator adds if the stage needs one.',
    );
    if (!domain) {
      acknowledgeRule(
        this.distribution,
        'CFR4',
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose security policy cannot be chosen; pass the webDomain and webCertificateArn context to get TLS 1.2 as the minimum.',
      );
    }
  }
}

/** Where the helps page's thumbnails and player come from (web/src/helps/help-video.ts builds the URLs). */
const VIDEO_HOST = { thumbnails: 'https://img.youtube.com', player: 'https://www.youtube-nocookie.com' } as const;

/**
 * The page may load its own files, talk to the stage's API Gateway endpoints (HTTP and WebSocket) and to
 * Cognito, and show or upload media through presigned URLs of the media bucket. Fluent UI injects its
 * styles at run time, hence 'unsafe-inline' for styles (never for scripts). The helps page shows the
 * video host's thumbnails and its privacy-enhanced player (spec 3 §2 Helps; web/src/helps/help-video.ts):
 * those two origins only, nothing else may be framed.
 */
function contentSecurityPolicy(stage: StageConfig, stack: Stack): string {
  const apiGateway = `execute-api.${stack.region}.${stack.urlSuffix}`;
  const bucket = mediaBucketName(stage.name, stack.account);
  const media = [`https://${bucket}.s3.${stack.region}.${stack.urlSuffix}`, `https://${bucket}.s3.${stack.urlSuffix}`];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...media, VIDEO_HOST.thumbnails].join(' '),
    `frame-src ${VIDEO_HOST.player}`,
    ["media-src 'self' blob:", ...media].join(' '),
    "font-src 'self' data:",
    [
      "connect-src 'self'",
      `https://*.${apiGateway}`,
      `wss://*.${apiGateway}`,
      `https://cognito-idp.${stack.region}.${stack.urlSuffix}`,
      ...media,
    ].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
