/**
 * The load of bench-load.ts, in a process of its own (forked by it, never run by hand): the CPU the
 * benchmark charges to each request is the serving process's, so the HTTP clients must not run there.
 * For each order it gets, it warms up for `warmup` seconds, tells the rate it saw ('warmed'), and once
 * told to go (the server has finished what the warm-up left in flight) sends as many requests as that
 * rate serves in `duration` seconds and waits for every answer: no request of the measured run is
 * left in flight when it ends, so the server's work in the window is that of the requests counted.
 */
import autocannon from 'autocannon';

export interface LoadOrder {
  readonly kind: 'load';
  readonly url: string;
  readonly token: string;
  readonly connections: number;
  /** Seconds. */
  readonly warmup: number;
  readonly duration: number;
}

export interface GoOrder {
  readonly kind: 'go';
}

export interface LoadFigures {
  readonly requests: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  /** Seconds the measured run took. */
  readonly seconds: number;
  readonly p50: number;
  readonly p99: number;
}

export type ClientMessage = { readonly kind: 'warmed'; readonly perSecond: number } | { readonly kind: 'figures'; readonly figures: LoadFigures } | { readonly kind: 'failed'; readonly message: string };

/** Requests of a measured run when there is no warm-up to tell the rate: a few per connection. */
const UNWARMED_PER_CONNECTION = 20;

const run = (order: LoadOrder, limit: { duration: number } | { amount: number }) =>
  autocannon({
    url: order.url,
    connections: order.connections,
    ...limit,
    headers: { authorization: `Bearer ${order.token}` },
  });

let go: (() => void) | undefined;

async function load(order: LoadOrder): Promise<LoadFigures> {
  let amount = order.connections * UNWARMED_PER_CONNECTION;
  let perSecond = 0;
  if (order.warmup > 0) {
    const warm = await run(order, { duration: order.warmup });
    perSecond = warm.requests.total / Math.max(0.001, warm.duration);
    amount = Math.max(order.connections * 2, Math.round(perSecond * order.duration));
  }
  const told = new Promise<void>((resolve) => {
    go = resolve;
  });
  process.send?.({ kind: 'warmed', perSecond } satisfies ClientMessage);
  await told;
  const result = await run(order, { amount });
  return {
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

process.on('message', (order: LoadOrder | GoOrder) => {
  if (order.kind === 'go') {
    go?.();
    return;
  }
  load(order).then(
    (figures) => process.send?.({ kind: 'figures', figures } satisfies ClientMessage),
    (error: unknown) => process.send?.({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies ClientMessage),
  );
});
// Without the parent (it stopped or died), nothing is left to do.
process.on('disconnect', () => process.exit(0));
