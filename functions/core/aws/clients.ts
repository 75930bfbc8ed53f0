/**
 * The one place AWS SDK clients are made, each once per Lambda container. Endpoints are never written
 * here: the SDK reads AWS_ENDPOINT_URL_<SERVICE> from the environment, which the local cloud sets and
 * AWS leaves unset. Clients are created on first use, after the environment is in place. Each is
 * captured by the Tracer, so on Lambda every call is an X-Ray subsegment (core/tracer.ts); elsewhere
 * the client is left as it is.
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { tracer } from '../tracer';

function lazy<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

/**
 * The SDK's logger middleware filters every input and output for sensitive fields (walking each item
 * of a Query through the service's schema) before handing them to the logger, even to the no-op logger
 * a client without one has. We give none, so it logged nothing: removed, each call spares that walk
 * (measured with scripts/bench-http-cpu.ts).
 */
export const dynamo = lazy(() => {
  const client = tracer.captureAWSv3Client(new DynamoDBClient({}));
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
});

export const sqs = lazy(() => tracer.captureAWSv3Client(new SQSClient({})));

/**
 * Locally (s3rver) path-style addressing is needed, and checksums only when required, or streamed
 * uploads are stored corrupted (docs/architecture.md §4). Both settings are harmless on AWS but we only turn them
 * on where an endpoint override says we are not on AWS.
 */
export const s3 = lazy(() => {
  const local = Boolean(process.env.AWS_ENDPOINT_URL_S3);
  return tracer.captureAWSv3Client(
    new S3Client(
      local
        ? { forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {},
    ),
  );
});

export const cognito = lazy(() => tracer.captureAWSv3Client(new CognitoIdentityProviderClient({})));

export const scheduler = lazy(() => tracer.captureAWSv3Client(new SchedulerClient({})));

export const wsManagement = lazy(() =>
  tracer.captureAWSv3Client(new ApiGatewayManagementApiClient({ endpoint: config.wsManagementEndpoint() })),
);
