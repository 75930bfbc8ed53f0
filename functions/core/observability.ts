/**
 * What every Lambda handler runs under, through middy (docs/architecture.md §3, Observability): the
 * logger takes the invocation's request id and function (`injectLambdaContext`), and the keys a handler
 * appends once it knows them (`companyId`, `userId`, a socket or connection id) are cleared when the
 * invocation ends, so none leaks into the next one; the business metrics counted during the
 * invocation are flushed at its end, failed or not (`logMetrics`, core/metrics.ts); on Lambda the
 * invocation is traced in X-Ray, its response left out (`captureLambdaHandler`, core/tracer.ts).
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from './logger';
import { metrics } from './metrics';
import { tracer } from './tracer';

export function observability(): middy.MiddlewareObj[] {
  return [captureLambdaHandler(tracer, { captureResponse: false }), injectLambdaContext(logger, { resetKeys: true }), logMetrics(metrics)];
}

/** A handler of any event source under `observability()`. */
export function observed<TEvent, TResult>(
  handler: (event: TEvent, context: Context) => Promise<TResult>,
): middy.MiddyfiedHandler<TEvent, TResult> {
  return middy<TEvent, TResult>().use(observability()).handler(handler);
}

/** The ids a queue message may carry that its log lines are searched by: its company and WhatsApp connection. */
export function logKeysOf(message: unknown): Record<string, string | undefined> {
  if (typeof message !== 'object' || message === null) return {};
  const { companyId, whatsappId } = message as Record<string, unknown>;
  return {
    companyId: typeof companyId === 'string' ? companyId : undefined,
    whatsappId: typeof whatsappId === 'string' ? whatsappId : undefined,
  };
}

/**
 * Appends to the invocation's log lines the keys every item of a batch shares (a batch of one company's
 * messages gets its `companyId`); a key the items disagree on is left to each item's own lines.
 */
export function appendSharedKeys<T>(items: readonly T[], keysOf: (item: T) => Record<string, string | undefined>): void {
  const [first, ...rest] = items.map(keysOf);
  if (!first) return;
  const shared = Object.fromEntries(
    Object.entries(first).filter(([key, value]) => value !== undefined && rest.every((keys) => keys[key] === value)),
  );
  if (Object.keys(shared).length > 0) logger.appendKeys(shared);
}
