/**
 * X-Ray traces of the Lambdas and the AWS SDK calls they make (core/aws/clients.ts), through Powertools
 * Tracer: each invocation is a segment (`captureLambdaHandler` in core/observability.ts) with its cold
 * start and service annotated, each SDK call a subsegment (docs/architecture.md §3, Observability).
 *
 * Tracing is on only under Lambda, where the function's active tracing (set by the CDK app) runs the
 * X-Ray daemon; elsewhere (`npm start`, the tests, the session host on Fargate, which runs no daemon)
 * Powertools turns it off by itself, and the local cloud also sets POWERTOOLS_TRACE_ENABLED=false.
 * Handler responses are never recorded (they carry tenants' data), nor are errors' bodies beyond their
 * message.
 */
// First, for its effect: the X-Ray SDK in manual mode where nothing is traced (tracing-mode.ts).
import './tracing-mode';
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'atende' });
