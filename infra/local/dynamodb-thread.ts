/**
 * The local DynamoDB (dynamodb.ts) on a thread of its own, for measurements that must tell its CPU from
 * the backend's: with everything on one thread a slow DynamoDB and a busy worker look the same. The
 * endpoint, sweep and stop behave as in-process; `utilization()` tells how busy the thread's event loop
 * has been. Worker threads do not inherit the TypeScript loader the process runs under (Node 20), so
 * the thread registers tsx's before loading its entry.
 */
import type { EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { LocalDynamo, StartDynamoOptions } from './dynamodb';

/** What the thread answers: ready once listening, then one reply per request. */
export type DynamoThreadReply =
  | { readonly kind: 'ready'; readonly endpoint: string; readonly port: number }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'done'; readonly id: number; readonly value?: number; readonly error?: string };

export type DynamoThreadRequest = { readonly kind: 'sweep' | 'stop'; readonly id: number };

export interface ThreadedDynamo extends LocalDynamo {
  /**
   * Event-loop utilisation of the thread as performance.eventLoopUtilization() gives it: without an
   * argument since the thread started, with an earlier such reading between then and now.
   */
  utilization(since?: EventLoopUtilization): EventLoopUtilization;
}

export async function startDynamoThread(options: StartDynamoOptions): Promise<ThreadedDynamo> {
  const entry = new URL('./dynamodb-thread-entry.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: options });
  const pending = new Map<number, { resolve: (value: number) => void; reject: (error: Error) => void }>();
  let nextId = 0;

  const ready = await new Promise<{ endpoint: string; port: number }>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The local DynamoDB thread exited with code ${code}`)));
    worker.on('message', (reply: DynamoThreadReply) => {
      if (reply.kind === 'ready') resolve(reply);
      else if (reply.kind === 'failed') reject(new Error(reply.message));
      else {
        const waiting = pending.get(reply.id);
        pending.delete(reply.id);
        if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
        else waiting?.resolve(reply.value ?? 0);
      }
    });
  });
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  worker.on('error', (error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });

  const ask = (kind: DynamoThreadRequest['kind']) =>
    new Promise<number>((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject });
      worker.postMessage({ kind, id: nextId } satisfies DynamoThreadRequest);
    });

  return {
    endpoint: ready.endpoint,
    port: ready.port,
    sweepExpired: () => ask('sweep'),
    async stop() {
      await ask('stop');
      await worker.terminate();
    },
    utilization: (since) => worker.performance.eventLoopUtilization(since),
  };
}
