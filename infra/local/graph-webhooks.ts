/**
 * The Graph simulator's webhook deliveries, as Meta makes them: a POST of the JSON payload to the
 * account's registered callback, signed in `X-Hub-Signature-256` (`sha256=` and the hex HMAC-SHA256 of
 * the exact body with the app's secret), retried with growing pauses while the callback answers anything
 * but 2xx or does not answer.
 *
 * Deliveries of one account go out one after the other in the order they were made (Meta promises no
 * order, but a development tool that shuffles a customer's two quick messages only confuses); they never
 * hold up the request that caused them.
 */
import { createHmac } from 'node:crypto';

export interface WebhookTarget {
  readonly url: string;
  readonly appSecret: string;
}

export interface WebhookDeliveriesOptions {
  /** The pauses before each retry; their count is the number of retries. */
  readonly retryDelaysMs: readonly number[];
  /** How long one try waits for the callback's answer. */
  readonly timeoutMs: number;
  readonly log: (entry: Record<string, unknown>) => void;
}

/** The value of `X-Hub-Signature-256` for a body signed with an app secret. */
export function hubSignature(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}

export class WebhookDeliveries {
  /** Per account: the last delivery queued, which the next one waits for. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly options: WebhookDeliveriesOptions) {}

  /**
   * Queues a delivery behind the account's earlier ones. Resolves once it was taken (true) or every try
   * failed (false); callers need not wait.
   */
  deliver(accountId: string, target: WebhookTarget, payload: unknown): Promise<boolean> {
    const body = JSON.stringify(payload);
    const previous = this.queues.get(accountId) ?? Promise.resolve();
    const delivery = previous.then(() => this.tryAll(target, body)).catch(() => false);
    const settled = delivery.then(() => undefined);
    this.queues.set(accountId, settled);
    void settled.then(() => {
      if (this.queues.get(accountId) === settled) this.queues.delete(accountId);
    });
    return delivery;
  }

  /** Every queued delivery done (tests, and stopping). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  /** Cuts the tries in flight and the pauses, then waits for the queues to empty. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  private async tryAll(target: WebhookTarget, body: string): Promise<boolean> {
    const { retryDelaysMs, timeoutMs, log } = this.options;
    const stopped = () => this.stopping.signal.aborted;
    let lastFailure = '';
    for (let attempt = 0; attempt <= retryDelaysMs.length; attempt += 1) {
      if (stopped()) return false;
      if (attempt > 0) await this.pause(retryDelaysMs[attempt - 1] ?? 0);
      if (stopped()) return false;
      try {
        const answer = await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, target.appSecret) },
          body,
          signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(timeoutMs)]),
        });
        // The answer's body means nothing to Meta; read it so the connection is free again.
        await answer.arrayBuffer().catch(() => undefined);
        if (answer.ok) return true;
        lastFailure = `HTTP ${answer.status}`;
      } catch (error) {
        lastFailure = error instanceof Error ? error.message : String(error);
      }
      log({ level: 'debug', message: 'graph simulator webhook try failed', url: target.url, attempt: attempt + 1, failure: lastFailure });
    }
    log({ level: 'warn', message: 'graph simulator gave up a webhook delivery', url: target.url, tries: retryDelaysMs.length + 1, failure: lastFailure });
    return false;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const signal = this.stopping.signal;
      function done(): void {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });
  }
}
