import { jest } from '@jest/globals';
import { ApiError } from '../../../../web/src/api/client';
import {
  channelOf,
  RealtimeClient,
  reconnectDelay,
  RECONNECT_CAP_MS,
  STABLE_CONNECTION_MS,
  type RealtimeClientOptions,
  type RealtimeSocket,
} from '../../../../web/src/realtime/realtime-client';
import { USER_STATUS_INTERVAL_MS } from '../../../../shared/realtime-actions';

class FakeSocket implements RealtimeSocket {
  readonly sent: unknown[] = [];
  closedByClient = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closedByClient = true;
  }

  open(): void {
    this.onopen?.({});
  }

  frame(event: string, data: unknown): void {
    this.onmessage?.({ data: JSON.stringify({ event, data }) } as MessageEvent);
  }

  raw(data: unknown): void {
    this.onmessage?.({ data } as MessageEvent);
  }

  drop(): void {
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }
}

function setup(overrides: Partial<RealtimeClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  let tickets = 0;
  let replaced = 0;
  const client = new RealtimeClient({
    wsUrl: 'wss://ws.example.com/ws',
    companyId: 'C1',
    userId: 'U1',
    fetchTicket: async () => {
      tickets += 1;
      return `C1.ticket+${tickets}`;
    },
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    ownSignInTag: async () => 'mine',
    onSessionReplaced: () => {
      replaced += 1;
    },
    // The middle of the jitter range: delays are exactly 3/4 of each step.
    random: () => 0.5,
    ...overrides,
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (socket === undefined) throw new Error('no socket was opened');
    return socket;
  };
  return { client, sockets, last, ticketCalls: () => tickets, replacedCalls: () => replaced };
}

/** Runs pending promise callbacks and timers up to `ms` from now. */
const advance = (ms = 0) => jest.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('reconnectDelay', () => {
  test('doubles from about a second, with jitter between half and all of the step', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, () => 0.5)).toBe(6_000);
  });

  test('never waits longer than the cap', () => {
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_CAP_MS);
  });
});

describe('channelOf', () => {
  test("reads the channel of the company's events", () => {
    expect(channelOf('company-C1-ticket', 'C1')).toBe('ticket');
  });

  test("ignores another company's events, even one whose id starts alike", () => {
    expect(channelOf('company-C12-ticket', 'C1')).toBeUndefined();
    expect(channelOf('company-C1-', 'C1')).toBeUndefined();
  });
});

describe('RealtimeClient', () => {
  test('opens the socket with a fresh single-use ticket in the URL', async () => {
    // Prepare
    const { client, last } = setup();

    // Act
    client.start();
    await advance();

    // Assess
    expect(last().url).toBe('wss://ws.example.com/ws?ticket=C1.ticket%2B1');
    expect(client.status).toBe('connecting');
    last().open();
    expect(client.status).toBe('open');
  });

  test("delivers the company's events to the subscribers of their channel only", async () => {
    // Prepare
    const { client, last } = setup();
    const tickets: unknown[] = [];
    const contacts: unknown[] = [];
    client.subscribe('ticket', (data) => tickets.push(data));
    client.subscribe('contact', (data) => contacts.push(data));
    client.start();
    await advance();
    last().open();

    // Act
    last().frame('company-C1-ticket', { action: 'delete', ticketId: 'T1' });
    last().frame('company-C2-ticket', { action: 'delete', ticketId: 'T2' });
    last().raw('not json');
    last().raw(JSON.stringify({ data: {} }));

    // Assess
    expect(tickets).toEqual([{ action: 'delete', ticketId: 'T1' }]);
    expect(contacts).toEqual([]);
  });

  test('delivers the platform-wide announcements', async () => {
    const { client, last } = setup();
    const received: unknown[] = [];
    client.subscribeGlobal('company-announcement', (data) => received.push(data));
    client.start();
    await advance();
    last().open();

    last().frame('company-announcement', { action: 'delete', id: 'A1' });

    expect(received).toEqual([{ action: 'delete', id: 'A1' }]);
  });

  test('stops delivering to a handler that unsubscribed', async () => {
    const { client, last } = setup();
    const received: unknown[] = [];
    const unsubscribe = client.subscribe('queue', (data) => received.push(data));
    client.start();
    await advance();
    last().open();

    unsubscribe();
    last().frame('company-C1-queue', { action: 'delete', queueId: 'Q1' });

    expect(received).toEqual([]);
  });

  test('sends the joins of rooms held before the connection opened, and new joins at once', async () => {
    // Prepare
    const { client, last } = setup();
    client.joinRoom({ action: 'joinNotification' }, { action: 'leaveNotification' });
    client.start();
    await advance();

    // Act
    last().open();
    client.joinRoom({ action: 'joinTickets', status: 'open' }, { action: 'leaveTickets', status: 'open' });

    // Assess
    expect(last().sent).toEqual([{ action: 'joinNotification' }, { action: 'joinTickets', status: 'open' }]);
  });

  test('shares a room between holders and leaves it when the last one releases it', async () => {
    // Prepare
    const { client, last } = setup();
    client.start();
    await advance();
    last().open();
    const first = client.joinRoom({ action: 'joinChatBox', ticketId: 'T1' }, { action: 'leaveChatBox', ticketId: 'T1' });
    const second = client.joinRoom({ action: 'joinChatBox', ticketId: 'T1' }, { action: 'leaveChatBox', ticketId: 'T1' });

    // Act
    first();
    first();
    const afterFirst = [...last().sent];
    second();

    // Assess
    expect(afterFirst).toEqual([{ action: 'joinChatBox', ticketId: 'T1' }]);
    expect(last().sent).toEqual([
      { action: 'joinChatBox', ticketId: 'T1' },
      { action: 'leaveChatBox', ticketId: 'T1' },
    ]);
  });

  test('reconnects after a drop with a growing, capped backoff and a new ticket each time', async () => {
    // Prepare
    const { client, sockets, last, ticketCalls } = setup();
    client.start();
    await advance();
    last().open();

    // Act / Assess: 750 ms, then 1.5 s, 3 s, ... at most 30 s (3/4 of each step with the fixed jitter).
    const expected = [750, 1_500, 3_000, 6_000, 12_000, 22_500, 22_500];
    for (const delay of expected) {
      const before = sockets.length;
      last().drop();
      expect(client.status).toBe('waiting');
      await advance(delay - 1);
      expect(sockets).toHaveLength(before);
      await advance(1);
      expect(sockets).toHaveLength(before + 1);
    }
    expect(ticketCalls()).toBe(expected.length + 1);
  });

  test('joins its rooms again after a reconnect and tells the reconnect listeners once the server answered', async () => {
    // Prepare
    const { client, last } = setup();
    const reconnects: number[] = [];
    client.onReconnected((reopenedAt) => reconnects.push(reopenedAt));
    client.joinRoom({ action: 'joinTickets', status: 'pending' }, { action: 'leaveTickets', status: 'pending' });
    client.start();
    await advance();
    last().open();
    last().frame('joined', { room: 'tickets:pending' });
    const firstConnection = reconnects.length;

    // Act
    last().drop();
    await advance(RECONNECT_CAP_MS);
    last().open();
    const reopenedAt = Date.now();
    const beforeAnswer = reconnects.length;
    await advance(100);
    last().frame('joined', { room: 'tickets:pending' });

    // Assess
    expect(firstConnection).toBe(0);
    expect(beforeAnswer).toBe(0);
    expect(reconnects).toEqual([reopenedAt]);
    expect(last().sent).toEqual([{ action: 'joinTickets', status: 'pending' }]);
  });

  test('tells the reconnect listeners at once after a reconnect when no room is held', async () => {
    const { client, last } = setup();
    let reconnects = 0;
    client.onReconnected(() => {
      reconnects += 1;
    });
    client.start();
    await advance();
    last().open();

    last().drop();
    await advance(RECONNECT_CAP_MS);
    last().open();

    expect(reconnects).toBe(1);
  });

  test('starts the backoff over after a connection that stayed up', async () => {
    // Prepare
    const { client, sockets, last } = setup();
    client.start();
    await advance();
    last().open();
    last().drop();
    await advance(750);
    last().open();
    await advance(STABLE_CONNECTION_MS);

    // Act
    last().drop();
    const before = sockets.length;
    await advance(750);

    // Assess
    expect(sockets).toHaveLength(before + 1);
  });

  test('keeps backing off when connections keep dropping right after opening', async () => {
    const { client, sockets, last } = setup();
    client.start();
    await advance();
    last().open();
    last().drop();
    await advance(750);
    last().open();

    last().drop();
    const before = sockets.length;
    await advance(750);

    expect(sockets).toHaveLength(before);
    await advance(750);
    expect(sockets).toHaveLength(before + 1);
  });

  test('sends userStatus every five minutes while connected, and not while disconnected', async () => {
    // Prepare
    const { client, last, sockets } = setup();
    client.start();
    await advance();
    last().open();

    // Act
    await advance(USER_STATUS_INTERVAL_MS * 2);
    const first = last();
    first.drop();
    await advance(USER_STATUS_INTERVAL_MS);

    // Assess
    expect(first.sent).toEqual([{ action: 'userStatus' }, { action: 'userStatus' }]);
    expect(sockets.length).toBeGreaterThan(1);
  });

  test('ends the session once when the account is opened on another computer', async () => {
    // Prepare
    const { client, sockets, last, replacedCalls } = setup();
    client.start();
    await advance();
    last().open();

    // Act
    last().frame('company-C1-auth', { action: 'update', user: { id: 'U1' }, session: 'theirs' });
    last().frame('company-C1-auth', { action: 'update', user: { id: 'U1' }, session: 'theirs' });
    await advance(RECONNECT_CAP_MS);

    // Assess
    expect(replacedCalls()).toBe(1);
    expect(client.status).toBe('stopped');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.closedByClient).toBe(true);
  });

  test("stays connected on the announcement of its own sign-in or another user's", async () => {
    const { client, last, replacedCalls } = setup();
    client.start();
    await advance();
    last().open();

    last().frame('company-C1-auth', { action: 'update', user: { id: 'U1' }, session: 'mine' });
    last().frame('company-C1-auth', { action: 'update', user: { id: 'U2' }, session: 'theirs' });

    expect(replacedCalls()).toBe(0);
    expect(client.status).toBe('open');
  });

  test('ignores auth events when its own sign-in tag is unknown', async () => {
    const { client, last, replacedCalls } = setup({ ownSignInTag: async () => undefined });
    client.start();
    await advance();
    last().open();

    last().frame('company-C1-auth', { action: 'update', user: { id: 'U1' }, session: 'theirs' });

    expect(replacedCalls()).toBe(0);
  });

  test('stops for good when the ticket is refused because the session ended', async () => {
    // Prepare
    const { client, sockets } = setup({
      fetchTicket: async () => {
        throw new ApiError(401, 'ERR_SESSION_EXPIRED');
      },
    });

    // Act
    client.start();
    await advance(RECONNECT_CAP_MS * 2);

    // Assess
    expect(client.status).toBe('stopped');
    expect(sockets).toHaveLength(0);
  });

  test('retries a ticket request that failed for any other reason', async () => {
    // Prepare
    let calls = 0;
    const { client, sockets } = setup({
      fetchTicket: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(0, 'ERR_NETWORK');
        return 'C1.ticket';
      },
    });

    // Act
    client.start();
    await advance();
    const afterFailure = client.status;
    await advance(750);

    // Assess
    expect(afterFailure).toBe('waiting');
    expect(sockets).toHaveLength(1);
  });

  test('tries at once when asked while waiting to retry', async () => {
    const { client, sockets, last } = setup();
    client.start();
    await advance();
    last().open();
    last().drop();

    client.reconnectNow();
    await advance();

    expect(sockets).toHaveLength(2);
  });

  test('closes the socket on stop and never reconnects', async () => {
    // Prepare
    const { client, sockets, last } = setup();
    client.start();
    await advance();
    last().open();

    // Act
    client.stop();
    await advance(RECONNECT_CAP_MS * 2);

    // Assess
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.closedByClient).toBe(true);
    expect(client.status).toBe('stopped');
  });

  test('abandons a connection attempt still fetching its ticket when stopped', async () => {
    // Prepare
    let release!: (ticket: string) => void;
    const { client, sockets } = setup({ fetchTicket: () => new Promise<string>((resolve) => (release = resolve)) });
    client.start();
    await advance();

    // Act
    client.stop();
    release('C1.late');
    await advance();

    // Assess
    expect(sockets).toHaveLength(0);
  });

  test('keeps delivering to the other handlers when one throws', async () => {
    const { client, last } = setup();
    const received: unknown[] = [];
    client.subscribe('user', () => {
      throw new Error('broken screen');
    });
    client.subscribe('user', (data) => received.push(data));
    client.start();
    await advance();
    last().open();

    last().frame('company-C1-user', { action: 'delete', userId: 'U9' });

    expect(received).toEqual([{ action: 'delete', userId: 'U9' }]);
    // The error is rethrown on a timer so it reaches the console; run it here and expect it.
    expect(() => jest.runOnlyPendingTimers()).toThrow('broken screen');
  });

  describe('answers to joins', () => {
    const OPEN = { join: { action: 'joinTickets', status: 'open' }, leave: { action: 'leaveTickets', status: 'open' } } as const;
    const CHAT = { join: { action: 'joinChatBox', ticketId: 'T1' }, leave: { action: 'leaveChatBox', ticketId: 'T1' } } as const;

    /** A started, open client with a holder of the open list that records what it is told. */
    async function holding() {
      const context = setup();
      const told: string[] = [];
      const release = context.client.joinRoom(OPEN.join, OPEN.leave, (state) => told.push(state));
      context.client.start();
      await advance();
      context.last().open();
      return { ...context, told, release };
    }

    test('a room is joining until the server answers that it is joined, and its holder hears that answer', async () => {
      const { client, last, told } = await holding();
      const joiningBefore = client.roomState(OPEN.join);

      last().frame('joined', { room: 'tickets:open' });

      expect(joiningBefore).toBe('joining');
      expect(client.roomState(OPEN.join)).toBe('joined');
      expect(told).toEqual(['joined']);
    });

    test("an answer about another room leaves the room joining, and one about a room nobody holds is ignored", async () => {
      const { client, last, told } = await holding();

      last().frame('joined', { room: 'tickets:pending' });
      last().frame('joined', { room: 'chatBox:T9' });
      last().frame('joined', {});

      expect(client.roomState(OPEN.join)).toBe('joining');
      expect(told).toEqual([]);
    });

    test('a refused join leaves the room refused', async () => {
      const { client, last } = setup();
      const told: string[] = [];
      client.start();
      await advance();
      last().open();
      client.joinRoom(CHAT.join, CHAT.leave, (state) => told.push(state));

      last().frame('joinRefused', { room: 'chatBox:T1', error: 'ERR_NO_PERMISSION' });

      expect(client.roomState(CHAT.join)).toBe('refused');
      expect(told).toEqual(['refused']);
    });

    test('after a drop the room is joining again, and joined only when the rejoin is answered', async () => {
      const { client, last, told } = await holding();
      last().frame('joined', { room: 'tickets:open' });

      last().drop();
      const afterDrop = client.roomState(OPEN.join);
      await advance(RECONNECT_CAP_MS);
      last().open();
      const afterReopen = client.roomState(OPEN.join);
      last().frame('joined', { room: 'tickets:open' });

      expect(afterDrop).toBe('joining');
      expect(afterReopen).toBe('joining');
      expect(told).toEqual(['joined', 'joining', 'joined']);
    });

    test('a second holder of a room already joined finds it joined and hears nothing until it changes', async () => {
      const { client, last } = await holding();
      last().frame('joined', { room: 'tickets:open' });
      const second: string[] = [];

      client.joinRoom(OPEN.join, OPEN.leave, (state) => second.push(state));

      expect(client.roomState(OPEN.join)).toBe('joined');
      expect(second).toEqual([]);
      expect(last().sent).toEqual([OPEN.join]);
    });

    test('a holder that released the room hears no more of it, while the other holder still does', async () => {
      const { client, last, told, release } = await holding();
      const other: string[] = [];
      client.joinRoom(OPEN.join, OPEN.leave, (state) => other.push(state));

      release();
      last().frame('joined', { room: 'tickets:open' });

      expect(told).toEqual([]);
      expect(other).toEqual(['joined']);
    });

    test('the reconnect listeners wait for every room held, refused ones included', async () => {
      const { client, last } = await holding();
      client.joinRoom(CHAT.join, CHAT.leave);
      let reconnects = 0;
      client.onReconnected(() => {
        reconnects += 1;
      });
      last().drop();
      await advance(RECONNECT_CAP_MS);
      last().open();

      last().frame('joined', { room: 'tickets:open' });
      const afterOne = reconnects;
      last().frame('joinRefused', { room: 'chatBox:T1', error: 'ERR_NO_TICKET_FOUND' });

      expect(afterOne).toBe(0);
      expect(reconnects).toBe(1);
    });

    test('releasing the last room still waiting for its answer completes the rejoin', async () => {
      const { client, last, release } = await holding();
      let reconnects = 0;
      client.onReconnected(() => {
        reconnects += 1;
      });
      last().drop();
      await advance(RECONNECT_CAP_MS);
      last().open();

      release();

      expect(reconnects).toBe(1);
      expect(last().sent).toEqual([OPEN.join, OPEN.leave]);
    });

    test('answers never reach the channel handlers', async () => {
      const { client, last } = await holding();
      const heard: unknown[] = [];
      client.subscribe('ticket', (data) => heard.push(data));

      last().frame('joined', { room: 'tickets:open' });

      expect(heard).toEqual([]);
    });
  });
});
