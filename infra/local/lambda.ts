/**
 * How the local cloud invokes a Lambda handler: the same module the CDK app deploys, called with the
 * event AWS would send and a Context shaped like Lambda's. Shared by the HTTP and WebSocket gateways
 * and the event-source pollers.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

// Lambda handlers are typed per event source; the local cloud only needs "event in, result out".
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of every event type are invoked here
export type AnyHandler = (event: any, context: Context) => Promise<unknown>;

/** Resolves a module name under functions/ (e.g. `http/auth`, `realtime/connect`) to its handler. */
export type HandlerLoader = (module: string) => Promise<AnyHandler>;

export interface InvokeOptions {
  readonly functionName: string;
  readonly timeoutSeconds?: number;
}

export function lambdaContext({ functionName, timeoutSeconds = 30 }: InvokeOptions): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    // Deprecated callbacks the Context type still requires; our handlers return promises.
    /* eslint-disable @typescript-eslint/no-deprecated */
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
    /* eslint-enable @typescript-eslint/no-deprecated */
  };
}

/** Invokes a handler as Lambda would, rejecting when it throws or runs past its timeout. */
export async function invoke(handler: AnyHandler, event: unknown, options: InvokeOptions): Promise<unknown> {
  const context = lambdaContext(options);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Task timed out after ${options.timeoutSeconds ?? 30} seconds`)),
      (options.timeoutSeconds ?? 30) * 1000,
    );
  });
  try {
    return await Promise.race([handler(event, context), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A loader that imports each module once, as a warm Lambda container keeps its handler: every later call
 * gets the same promise, so no request pays for resolving the module again. A module that failed to load
 * is tried again on its next call, as a new container would.
 */
export function loadOncePerModule(load: HandlerLoader): HandlerLoader {
  const loaded = new Map<string, Promise<AnyHandler>>();
  return (module) => {
    const known = loaded.get(module);
    if (known) return known;
    const loading = load(module);
    loaded.set(module, loading);
    void loading.catch(() => loaded.delete(module));
    return loading;
  };
}
