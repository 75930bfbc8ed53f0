/**
 * The realtime connection of the web app (spec 1 §4.5, docs/architecture.md §3 and §6), as a plain class so its
 * rules are tested without a browser:
 * - each connection attempt asks the HTTP API for a single-use ticket and opens `<wsUrl>?ticket=...`;
 *   the long-lived token never travels in a URL;
 * - frames `{ event, data }` named `company-<companyId>-<channel>` (or the global
 *   `company-announcement`) reach the handlers subscribed to that channel;
 * - a lost connection is retried with exponential backoff and jitter (capped), never in a tight loop;
 *   after a reconnect every held room is joined again;
 * - the server answers each join (`joined` or `joinRefused`, shared/realtime-events.ts): a room is
 *   'joining' until then, and its holder hears the answer, so a page refetches what it shows of the
 *   room only once every later event is sure to reach it; the reconnect listeners are told once every
 *   room held has been answered again;
 * - `userStatus` goes out every 5 minutes while connected;
 * - an `auth` event naming another sign-in of this user ends this session (the account was opened on
 *   another computer);
 * - a ticket refused with 401 means the session is over: the API client has already signed out, so the
 *   client stops instead of retrying.
 */
import { ApiError } from '../api/client';
import type { ClientAction } from '../../../shared/realtime-actions';
import { USER_STATUS_INTERVAL_MS } from '../../../shared/sign-in';
import {
  JOIN_ANSWERS,
  roomNameOf,
  type CompanyChannel,
  type CompanyChannels,
  type GlobalChannel,
  type GlobalChannels,
  type JoinAction,
  type JoinAnswer,
  type JoinAnswers,
  type RoomName,
} from '../../../shared/realtime-events';

/** The part of the browser's WebSocket the client uses; tests hand in a fake. */
export interface RealtimeSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface RealtimeClientOptions {
  /** The WebSocket API's URL from the runtime config, without the query. */
  readonly wsUrl: string;
  readonly companyId: string;
  readonly userId: string;
  /** `POST /realtime/ticket` through the API client: a fresh single-use ticket. */
  readonly fetchTicket: () => Promise<string>;
  readonly createSocket: (url: string) => RealtimeSocket;
  /** This browser's sign-in tag (sign-in-tag.ts), or undefined when unknown. */
  readonly ownSignInTag: () => Promise<string | undefined>;
  /** The account was opened elsewhere: tell the user and end this session. Called at most once. */
  readonly onSessionReplaced: () => void;
  /** Defaults to Math.random; tests fix it to know the backoff delays. */
  readonly random?: () => number;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

/**
 * Where a held room stands on the current connection: 'joining' until the server answers its join
 * (and again from a drop until the rejoin is answered), 'joined' once every event of the room reaches
 * this client, 'refused' when the server said no (a ticket the user may not see).
 */
export type RoomState = 'joining' | 'joined' | 'refused';

/** First retry after about a second, doubling up to half a minute. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 30_000;
/** A connection that stayed up this long was healthy: the next drop starts the backoff over. */
export const STABLE_CONNECTION_MS = 10_000;

/**
 * The wait before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter"
 * (between half and all of the step) so that a server restart is not hit by every browser at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Which channel a frame's event names for this company, or undefined for another company's. */
export function channelOf(event: string, companyId: string): CompanyChannel | undefined {
  const prefix = `company-${companyId}-`;
  return event.startsWith(prefix) && event.length > prefix.length ? (event.slice(prefix.length) as CompanyChannel) : undefined;
}

const GLOBAL_CHANNELS: readonly GlobalChannel[] = ['company-announcement'];

type Handler = (data: never) => void;

interface Room {
  readonly join: JoinAction;
  readonly leave: ClientAction | null;
  holders: number;
  state: RoomState;
  /** The holders' listeners of state changes. */
  readonly listeners: Set<(state: RoomState) => void>;
}

export class RealtimeClient {
  private readonly options: RealtimeClientOptions;
  private readonly random: () => number;
  private readonly companyHandlers = new Map<string, Set<Handler>>();
  private readonly globalHandlers = new Map<string, Set<Handler>>();
  private readonly reconnectListeners = new Set<(reopenedAt: number) => void>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private readonly rooms = new Map<RoomName, Room>();

  private state: RealtimeStatus = 'idle';
  private socket: RealtimeSocket | undefined;
  private attempt = 0;
  private hasOpened = false;
  private openedAt = 0;
  /** Reopened after a drop, and not every room held has been answered again yet. */
  private rejoining = false;
  private signInTag: string | undefined;
  private sessionReplaced = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private statusTimer: ReturnType<typeof setInterval> | undefined;
  /** Bumped by every connect and stop, so an answer of an abandoned attempt is ignored. */
  private generation = 0;

  constructor(options: RealtimeClientOptions) {
    this.options = options;
    this.random = options.random ?? Math.random;
  }

  get status(): RealtimeStatus {
    return this.state;
  }

  start(): void {
    if (this.state !== 'idle') return;
    void this.connect();
  }

  /** Closes the connection for good (sign-out, unmount); subscriptions are kept but hear nothing more. */
  stop(): void {
    this.generation += 1;
    this.clearTimers();
    this.dropSocket();
    this.rejoining = false;
    this.roomsLost();
    this.setStatus('stopped');
  }

  /** While waiting to retry (e.g. the browser is back online), try at once instead. */
  reconnectNow(): void {
    if (this.state !== 'waiting') return;
    this.clearRetryTimer();
    void this.connect();
  }

  subscribe<C extends CompanyChannel>(channel: C, handler: (data: CompanyChannels[C]) => void): () => void {
    return addTo(this.companyHandlers, channel, handler);
  }

  subscribeGlobal<C extends GlobalChannel>(channel: C, handler: (data: GlobalChannels[C]) => void): () => void {
    return addTo(this.globalHandlers, channel, handler);
  }

  /**
   * Called after every reconnect (not the first connection), once every room held has been answered
   * again: events may have been missed meanwhile, and from now on none is. `reopenedAt` (Date.now())
   * is when the connection opened again: data read since then missed nothing of the company and user
   * rooms, which every connection is in from its start.
   */
  onReconnected(listener: (reopenedAt: number) => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Holds a room while the returned release is not called: `join` is sent now (when connected) and
   * after every reconnect, `leave` once the last holder releases. Holders of the same room share it,
   * so one screen leaving does not take the room from another. `onState` hears every change of the
   * room's state while this holder holds it (not the state it has now: see `roomState`).
   */
  joinRoom(join: JoinAction, leave: ClientAction | null, onState?: (state: RoomState) => void): () => void {
    const key = roomNameOf(join);
    let room = this.rooms.get(key);
    if (room !== undefined) {
      room.holders += 1;
    } else {
      room = { join, leave, holders: 1, state: 'joining', listeners: new Set() };
      this.rooms.set(key, room);
      if (this.state === 'open') this.send(join);
    }
    // A wrapper of its own, so a holder passing the same function as another is still told apart.
    const listener = onState === undefined ? undefined : (state: RoomState) => onState(state);
    if (listener !== undefined) room.listeners.add(listener);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const held = this.rooms.get(key);
      if (held === undefined) return;
      if (listener !== undefined) held.listeners.delete(listener);
      held.holders -= 1;
      if (held.holders > 0) return;
      this.rooms.delete(key);
      if (held.leave !== null && this.state === 'open') this.send(held.leave);
      // The rejoin may have been waiting for this room's answer only.
      this.checkRejoined();
    };
  }

  /** The state of a held room on the current connection; undefined when nobody holds it. */
  roomState(join: JoinAction): RoomState | undefined {
    return this.rooms.get(roomNameOf(join))?.state;
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    this.setStatus('connecting');
    let ticket: string;
    try {
      this.signInTag ??= await this.options.ownSignInTag();
      ticket = await this.options.fetchTicket();
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof ApiError && error.status === 401) {
        this.stop();
        return;
      }
      this.scheduleRetry();
      return;
    }
    if (generation !== this.generation) return;

    const separator = this.options.wsUrl.includes('?') ? '&' : '?';
    const socket = this.options.createSocket(`${this.options.wsUrl}${separator}ticket=${encodeURIComponent(ticket)}`);
    this.socket = socket;
    socket.onopen = () => this.opened();
    socket.onmessage = (event) => this.received(event.data);
    socket.onerror = () => {
      // A close follows every error; the retry is decided there.
    };
    socket.onclose = () => this.closed(socket);
  }

  private opened(): void {
    this.rejoining = this.hasOpened;
    this.hasOpened = true;
    this.openedAt = Date.now();
    this.setStatus('open');
    for (const room of this.rooms.values()) this.send(room.join);
    this.statusTimer = setInterval(() => this.send({ action: 'userStatus' }), USER_STATUS_INTERVAL_MS);
    this.checkRejoined();
  }

  /** Tells the reconnect listeners once no room held is still waiting for its answer. */
  private checkRejoined(): void {
    if (!this.rejoining || this.state !== 'open') return;
    for (const room of this.rooms.values()) if (room.state === 'joining') return;
    this.rejoining = false;
    const reopenedAt = this.openedAt;
    for (const listener of [...this.reconnectListeners]) safely(() => listener(reopenedAt));
  }

  /** The server's answer to a join of this connection. */
  private answered(answer: JoinAnswer, data: Partial<JoinAnswers[JoinAnswer]> | undefined): void {
    const room = data?.room === undefined ? undefined : this.rooms.get(data.room);
    // A room released before its answer came (or a frame without one).
    if (room === undefined) return;
    this.setRoomState(room, answer === 'joined' ? 'joined' : 'refused');
    this.checkRejoined();
  }

  private setRoomState(room: Room, state: RoomState): void {
    if (room.state === state) return;
    room.state = state;
    for (const listener of [...room.listeners]) safely(() => listener(state));
  }

  /** The server forgets a connection's rooms with it: every room is to be joined again. */
  private roomsLost(): void {
    for (const room of [...this.rooms.values()]) this.setRoomState(room, 'joining');
  }

  private closed(socket: RealtimeSocket): void {
    if (socket !== this.socket) return;
    this.socket = undefined;
    this.clearStatusTimer();
    this.rejoining = false;
    this.roomsLost();
    if (this.state === 'stopped') return;
    if (this.state === 'open' && Date.now() - this.openedAt >= STABLE_CONNECTION_MS) this.attempt = 0;
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const delay = reconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    this.setStatus('waiting');
    this.clearRetryTimer();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, delay);
  }

  private received(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null) return;
    const { event, data } = frame as { event?: unknown; data?: unknown };
    if (typeof event !== 'string') return;

    if ((JOIN_ANSWERS as readonly string[]).includes(event)) {
      this.answered(event as JoinAnswer, data as Partial<JoinAnswers[JoinAnswer]> | undefined);
      return;
    }
    if ((GLOBAL_CHANNELS as readonly string[]).includes(event)) {
      dispatch(this.globalHandlers.get(event), data);
      return;
    }
    const channel = channelOf(event, this.options.companyId);
    if (channel === undefined) return;
    if (channel === 'auth') this.checkSession(data as Partial<CompanyChannels['auth']> | undefined);
    dispatch(this.companyHandlers.get(channel), data);
  }

  /** Our own sign-in's announcement (same tag) is ignored; an unknown own tag cannot be compared. */
  private checkSession(data: Partial<CompanyChannels['auth']> | undefined): void {
    if (this.sessionReplaced || data?.user?.id !== this.options.userId) return;
    if (this.signInTag === undefined || data.session === this.signInTag) return;
    this.sessionReplaced = true;
    this.stop();
    this.options.onSessionReplaced();
  }

  private send(action: ClientAction): void {
    try {
      this.socket?.send(JSON.stringify(action));
    } catch {
      // The socket is closing; the rooms are joined again after the reconnect.
    }
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = undefined;
    if (socket === undefined) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    try {
      socket.close(1000);
    } catch {
      // Already closed.
    }
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.state === status) return;
    this.state = status;
    for (const listener of [...this.statusListeners]) safely(() => listener(status));
  }

  private clearRetryTimer(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private clearStatusTimer(): void {
    if (this.statusTimer !== undefined) clearInterval(this.statusTimer);
    this.statusTimer = undefined;
  }

  private clearTimers(): void {
    this.clearRetryTimer();
    this.clearStatusTimer();
  }
}

function addTo(map: Map<string, Set<Handler>>, key: string, handler: (data: never) => void): () => void {
  let handlers = map.get(key);
  if (handlers === undefined) {
    handlers = new Set();
    map.set(key, handlers);
  }
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
    if (handlers.size === 0 && map.get(key) === handlers) map.delete(key);
  };
}

function dispatch(handlers: Set<Handler> | undefined, data: unknown): void {
  if (handlers === undefined) return;
  // A copy: a handler may unsubscribe (or subscribe) while the event is delivered.
  for (const handler of [...handlers]) safely(() => handler(data as never));
}

/** One failing handler must not keep the event from the others; its error still reaches the console. */
function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    setTimeout(() => {
      throw error;
    }, 0);
  }
}
