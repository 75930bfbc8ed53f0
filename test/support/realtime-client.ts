/**
 * Browser-less realtime clients for tests: a WebSocket opened with a ticket minted by the HTTP API as
 * the web does, the frames it received, and the client actions it sends. The WebSocket API answers no
 * action, so the harness wraps the realtime handlers the local cloud loads and tells a test when each
 * action (and the connection's `$disconnect`) has been handled, instead of sleeping.
 */
import WebSocket from 'ws';
import { loadFunctionHandler } from '../../infra/local/cloud';
import type { AnyHandler, HandlerLoader } from '../../infra/local/lambda';
import type { ClientAction } from '../../shared/realtime-actions';
import type { RealtimeFrame } from '../../shared/realtime-events';
import type { TestCloud } from './local-cloud';
import { messageText } from './frame-text';

export interface ReceivedFrame extends RealtimeFrame {
  /** Date.now() when the frame arrived. */
  readonly receivedAt: number;
}

export interface RealtimeClient {
  readonly socketId: string;
  readonly frames: readonly ReceivedFrame[];
  /** Sends an action and resolves once the server has handled it. */
  act(action: ClientAction): Promise<void>;
  /** Sends an action without waiting, as the web does (which learns of a join by its answer frame). */
  send(action: ClientAction): void;
  /** Sends any text (bad frames) and resolves once the server has handled it. */
  sendRaw(text: string): Promise<void>;
  /** The first frame, received or to come, that matches; rejects after `timeoutMs`. */
  waitFor(match: (frame: ReceivedFrame) => boolean, timeoutMs?: number): Promise<ReceivedFrame>;
  /** Closes the socket and resolves once the server's `$disconnect` has run. */
  close(): Promise<void>;
  /**
   * Resolves with the close code once the socket is closed (by the server, say), closed already or to
   * come; rejects after `timeoutMs`.
   */
  closed(timeoutMs?: number): Promise<number>;
}

export interface RealtimeHarness {
  /** Pass to startTestCloud({ loadHandler }). */
  readonly loadHandler: HandlerLoader;
  /** Opens a socket as the user of `token`. */
  connect(cloud: TestCloud, token: string): Promise<RealtimeClient>;
  /** Closes every client still open (afterAll). */
  closeAll(): Promise<void>;
}

interface HandledEvent {
  readonly module: string;
  readonly socketId: string;
  readonly ticket?: string;
}

interface WsEvent {
  readonly requestContext?: { readonly connectionId?: string };
  readonly queryStringParameters?: Record<string, string>;
}

export function realtimeHarness(): RealtimeHarness {
  const handled: HandledEvent[] = [];
  const listeners = new Set<() => void>();
  const clients = new Set<RealtimeClient>();

  const record = (event: HandledEvent) => {
    handled.push(event);
    for (const listener of listeners) listener();
  };

  /** Resolves when `count` events match, checking again after every handled event. */
  const until = (match: (event: HandledEvent) => boolean, count = 1, timeoutMs = 10_000) =>
    new Promise<HandledEvent[]>((resolve, reject) => {
      const check = () => {
        const found = handled.filter(match);
        if (found.length < count) return false;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`realtime handler not run within ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) listeners.add(check);
    });

  const loadHandler: HandlerLoader = async (module) => {
    const handler = await loadFunctionHandler(module);
    if (!['realtime/connect', 'realtime/default', 'realtime/disconnect'].includes(module)) return handler;
    const tracked: AnyHandler = async (event: WsEvent, context) => {
      try {
        return await handler(event, context);
      } finally {
        record({
          module,
          socketId: event.requestContext?.connectionId ?? '',
          ticket: event.queryStringParameters?.ticket,
        });
      }
    };
    return tracked;
  };

  async function connect(cloud: TestCloud, token: string): Promise<RealtimeClient> {
    const minted = await cloud.api('/realtime/ticket', { method: 'POST', token });
    if (minted.status !== 201) throw new Error(`POST /realtime/ticket answered ${minted.status}`);
    const ticket: string = minted.body.ticket;
    const socket = new WebSocket(`${cloud.config.wsUrl}?ticket=${encodeURIComponent(ticket)}`);
    const frames: ReceivedFrame[] = [];
    const frameListeners = new Set<() => void>();
    socket.on('message', (data) => {
      frames.push({ ...(JSON.parse(messageText(data)) as RealtimeFrame), receivedAt: Date.now() });
      for (const listener of frameListeners) listener();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) => reject(new Error(`socket refused with ${response.statusCode}`)));
      socket.once('error', reject);
    });
    // `$connect` has finished before the socket opens.
    const [connected] = await until((event) => event.module === 'realtime/connect' && event.ticket === ticket);
    const socketId = connected?.socketId ?? '';
    let sent = 0;
    let closeCode: number | undefined;
    const closeListeners = new Set<() => void>();
    socket.on('close', (code) => {
      closeCode = code;
      for (const listener of closeListeners) listener();
    });

    const sendRaw = async (text: string) => {
      sent += 1;
      const target = sent;
      socket.send(text);
      // Actions of one connection may finish in any order: wait until every one sent so far is done.
      await until((event) => event.module === 'realtime/default' && event.socketId === socketId, target);
    };

    const client: RealtimeClient = {
      socketId,
      frames,
      act: (action) => sendRaw(JSON.stringify(action)),
      send: (action) => {
        // Counted, so a later act or sendRaw still waits for every action sent before it.
        sent += 1;
        socket.send(JSON.stringify(action));
      },
      sendRaw,
      waitFor: (match, timeoutMs = 5000) =>
        new Promise((resolve, reject) => {
          const check = () => {
            const frame = frames.find(match);
            if (!frame) return false;
            frameListeners.delete(check);
            clearTimeout(timer);
            resolve(frame);
            return true;
          };
          const timer = setTimeout(() => {
            frameListeners.delete(check);
            reject(new Error(`no matching frame within ${timeoutMs} ms; received ${JSON.stringify(frames.map((frame) => frame.data))}`));
          }, timeoutMs);
          if (!check()) frameListeners.add(check);
        }),
      closed: (timeoutMs = 10_000) =>
        new Promise((resolve, reject) => {
          const check = () => {
            if (closeCode === undefined) return false;
            closeListeners.delete(check);
            clearTimeout(timer);
            resolve(closeCode);
            return true;
          };
          const timer = setTimeout(() => {
            closeListeners.delete(check);
            reject(new Error(`socket still open after ${timeoutMs} ms`));
          }, timeoutMs);
          if (!check()) closeListeners.add(check);
        }),
      close: async () => {
        clients.delete(client);
        if (socket.readyState === WebSocket.CLOSED) return;
        socket.close();
        await until((event) => event.module === 'realtime/disconnect' && event.socketId === socketId);
      },
    };
    clients.add(client);
    return client;
  }

  return {
    loadHandler,
    connect,
    closeAll: async () => {
      await Promise.all([...clients].map((client) => client.close()));
    },
  };
}
