/**
 * The S3 buckets. Media is private: browsers upload and download it only through short-lived presigned
 * URLs, hence the CORS rules for the web origin. The web bucket exists only on AWS (Vite serves the web
 * app locally).
 */
export interface CorsRuleDefinition {
  readonly allowedMethods: readonly ('GET' | 'PUT' | 'POST' | 'HEAD')[];
  readonly allowedHeaders: readonly string[];
  readonly exposedHeaders: readonly string[];
  readonly maxAgeSeconds: number;
}

export interface BucketDefinition {
  readonly id: string;
  readonly cors: readonly CorsRuleDefinition[];
}

export const MEDIA_BUCKET: BucketDefinition = {
  id: 'media',
  cors: [
    {
      allowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAgeSeconds: 3000,
    },
  ],
};

export const mediaBucketName = (stage: string, account: string): string =>
  `atende-${stage}-media-${account}`;
