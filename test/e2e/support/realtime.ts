/**
 * A page's realtime connection, as the browser tests see it. The server answers every join with a
 * `joined` frame naming the room (shared/realtime-events.ts, `JoinAnswers`), so a test that makes
 * something happen outside the page (a customer writes) first waits for that answer: a page that has
 * shown its lists may still be joining their rooms.
 *
 * `routeRealtime` puts the test between the page and the WebSocket API, to make the race of a page that
 * reads its lists before its joins are done happen every time instead of once in a while.
 */
import type { Page, WebSocket, WebSocketRoute } from 'playwright-core';
import type { ClientAction } from '../../../shared/realtime-actions';
import type { RealtimeFrame, RoomName } from '../../../shared/realtime-events';
import { until } from './browser';

/** How long a page may take to join a room before the test fails, saying which. */
const JOIN_TIMEOUT_MS = 15_000;

function frameOf(payload: string | Buffer): RealtimeFrame | undefined {
  try {
    const frame: unknown = JSON.parse(payload.toString());
    return typeof frame === 'object' && frame !== null && 'event' in frame ? (frame as RealtimeFrame) : undefined;
  } catch {
    return undefined;
  }
}

const joinedAnswer = (payload: string | Buffer, room: RoomName): boolean => {
  const frame = frameOf(payload);
  return frame?.event === 'joined' && (frame.data as { room?: unknown } | undefined)?.room === room;
};

/** Resolves at the first answer that `room` is joined, on any socket the page opens from now on. */
export function joinedOn(page: Page, room: RoomName): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      page.off('websocket', onSocket);
      if (error) reject(error);
      else resolve();
    };
    const onSocket = (socket: WebSocket) =>
      socket.on('framereceived', ({ payload }) => {
        if (joinedAnswer(payload, room)) finish();
      });
    const timer = setTimeout(() => finish(new Error(`the page did not join ${room} within ${JOIN_TIMEOUT_MS} ms`)), JOIN_TIMEOUT_MS);
    page.on('websocket', onSocket);
  });
}

/** Opens the path and waits until the server has answered the page that it joined the room. */
export async function gotoListening(page: Page, path: string, room: RoomName): Promise<void> {
  const joined = joinedOn(page, room);
  await page.goto(path);
  await joined;
}

export interface RealtimeRoute {
  /** Holds every join action the page sends from now on, until `release`. */
  hold(): void;
  /** How many join actions the page sent that are being held. */
  held(): number;
  /** Sends the held joins on, and every later one at once. */
  release(): void;
  /** The rooms the server answered `joined` for, in order, over every socket of the page. */
  joined(): readonly RoomName[];
  /** Closes the page's current socket as a network drop would; the page reconnects by itself. */
  drop(): Promise<void>;
}

const isJoin = (message: string | Buffer): boolean => {
  try {
    const action = JSON.parse(message.toString()) as Partial<ClientAction>;
    return typeof action.action === 'string' && action.action.startsWith('join');
  } catch {
    return false;
  }
};

/**
 * Routes the page's sockets to the WebSocket API at `wsUrl`, passing everything on until `hold`: held
 * joins leave the page hearing no ticket event (list and notification rooms are all joined by action).
 * Call before the page opens its connection.
 */
export async function routeRealtime(page: Page, wsUrl: string): Promise<RealtimeRoute> {
  let holding = false;
  const held: (() => void)[] = [];
  const answers: RoomName[] = [];
  let current: WebSocketRoute | undefined;

  await page.routeWebSocket(
    (url) => url.href.startsWith(wsUrl),
    (route) => {
      current = route;
      const server = route.connectToServer();
      route.onMessage((message) => {
        if (holding && isJoin(message)) held.push(() => server.send(message));
        else server.send(message);
      });
      server.onMessage((message) => {
        const frame = frameOf(message);
        if (frame?.event === 'joined') answers.push((frame.data as { room: RoomName }).room);
        route.send(message);
      });
    },
  );

  return {
    hold() {
      holding = true;
    },
    held: () => held.length,
    release() {
      holding = false;
      for (const send of held.splice(0)) send();
    },
    joined: () => answers,
    async drop() {
      const route = await until('a socket of the page', async () => current);
      current = undefined;
      // 4000: a code a server may send; the page treats any close it did not ask for as a drop.
      await route.close({ code: 4000, reason: 'dropped by the test' });
    },
  };
}
