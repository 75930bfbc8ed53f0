/**
 * A plain listening socket for integration tests that only need to hear what the server publishes: a
 * ticket minted by the HTTP API as the web does, a WebSocket opened with it, and every JSON frame kept.
 * Unlike realtime-client.ts it needs no wrapped handlers, so any test cloud will do.
 */
import WebSocket from 'ws';
import type { TestCloud } from './local-cloud';
import { messageText } from './frame-text';

export interface Frame {
  readonly event: string;
  // `any`: each test asserts on the payload it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly data: any;
}

export interface Listener {
  /** Every frame received so far, in order of arrival. */
  readonly frames: readonly Frame[];
  /** The first frame, received or to come, that matches; polls every 20 ms and rejects after `attempts` polls. */
  waitFor(match: (frame: Frame) => boolean, attempts?: number): Promise<Frame>;
  /** The first frame not yet handed out by `next`, waiting as long as it takes (the test's own timeout bounds it). */
  next(): Promise<Frame>;
  /** Resolves with the close code once the socket is closed (by the server, say); rejects after `timeoutMs`. */
  closed(timeoutMs?: number): Promise<number>;
  /** Sends a client action (a join: `{ action: 'joinTickets', status: 'pending' }`). */
  send(action: unknown): void;
  close(): void;
}

const POLL_MS = 20;

export async function listen(cloud: TestCloud, token: string): Promise<Listener> {
  const minted = await cloud.api('/realtime/ticket', { method: 'POST', token });
  if (minted.status !== 201) throw new Error(`POST /realtime/ticket answered ${minted.status}`);
  const socket = new WebSocket(`${cloud.config.wsUrl}?ticket=${encodeURIComponent(minted.body.ticket)}`);
  const frames: Frame[] = [];
  const arrivals = new Set<() => void>();
  const closing = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('message', (data) => {
    frames.push(JSON.parse(messageText(data)) as Frame);
    for (const arrival of arrivals) arrival();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) => reject(new Error(`socket refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });

  let handedOut = 0;
  const next = () =>
    new Promise<Frame>((resolve) => {
      const take = () => {
        const frame = frames[handedOut];
        if (!frame) return false;
        handedOut += 1;
        arrivals.delete(take);
        resolve(frame);
        return true;
      };
      if (!take()) arrivals.add(take);
    });

  return {
    frames,
    async waitFor(match, attempts = 100) {
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const frame = frames.find(match);
        if (frame) return frame;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      throw new Error('frame not received');
    },
    next,
    closed: (timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs);
        void closing.then((code) => {
          clearTimeout(timer);
          resolve(code);
        });
      }),
    send: (action) => socket.send(JSON.stringify(action)),
    close: () => socket.close(),
  };
}
