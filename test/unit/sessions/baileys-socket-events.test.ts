/**
 * The socket's events to the session listener, emitted as Baileys emits them on a Node EventEmitter
 * (no network): QR codes, pairing, open, close reasons, credentials saved before a restart is
 * reported, inbound events in order, one close only.
 */
import { EventEmitter } from 'node:events';
import { DisconnectReason, proto, type WAMessage } from 'baileys';
import { bindSocketEvents, closeReasonOf, type SocketEventDeps } from '../../../functions/sessions/providers/baileys/events';
import type { CloseReason, InboundEvent, SessionListener } from '../../../functions/sessions/providers/provider';

type Heard = ['qr', string] | ['pairing'] | ['open', string] | ['close', CloseReason, string | undefined] | ['event', InboundEvent];

function recordingListener(): SessionListener & { heard: Heard[] } {
  const heard: Heard[] = [];
  return {
    heard,
    onQr: (qr) => void heard.push(['qr', qr]),
    onPairingCode: () => undefined,
    onPairing: () => void heard.push(['pairing']),
    onOpen: ({ number }) => void heard.push(['open', number]),
    onClose: (reason, detail) => void heard.push(['close', reason, detail]),
    onEvent: (event) => {
      heard.push(['event', event]);
      return Promise.resolve(true);
    },
  };
}

function setup(overrides: Partial<SocketEventDeps> = {}) {
  const ev = new EventEmitter();
  const listener = recordingListener();
  const saved: string[] = [];
  const deps: SocketEventDeps = {
    resolver: { pnForLid: async () => null },
    download: async () => Buffer.alloc(0),
    isRegistered: () => true,
    userJid: () => '5511912345678:7@s.whatsapp.net',
    saveCreds: async () => {
      // A slow write: the close that follows must wait for it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      saved.push('creds');
      listener.heard.push(['event', { kind: 'revoke', whatsappMessageId: 'creds-saved-marker', chat: { id: '0', isGroup: false } }]);
    },
    ...overrides,
  };
  const bound = bindSocketEvents(ev, listener, deps);
  return { ev, listener, bound, saved };
}

/** An error shaped as Baileys closes with (a Boom: the code in output.statusCode). */
const boom = (statusCode: number) => Object.assign(new Error('closed'), { isBoom: true, output: { statusCode, payload: {}, headers: {} } });

const closeWith = (statusCode: number) => ({
  connection: 'close',
  lastDisconnect: { error: boom(statusCode), date: new Date() },
});

const text = (id: string, body: string): WAMessage =>
  proto.WebMessageInfo.fromObject({
    key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id },
    message: { conversation: body },
    messageTimestamp: 1_700_000_000,
  }) as WAMessage;

const PAIRED = { registered: true, qrOffered: false } as const;

describe('close reasons', () => {
  test('maps the close codes to the reasons the session manager acts on', () => {
    expect(closeReasonOf(boom(DisconnectReason.loggedOut), PAIRED)).toEqual({ reason: 'loggedOut' });
    expect(closeReasonOf(boom(DisconnectReason.connectionReplaced), PAIRED)).toEqual({ reason: 'replaced' });
    expect(closeReasonOf(boom(DisconnectReason.restartRequired), PAIRED)).toEqual({ reason: 'restartRequired' });
  });

  test('takes a time-out of an unpaired socket that offered QR codes for the codes running out', () => {
    expect(closeReasonOf(boom(DisconnectReason.timedOut), { registered: false, qrOffered: true })).toEqual({ reason: 'qrTimeout' });
  });

  test('takes a network failure before or between QR codes for a lost connection, not a QR time-out', () => {
    const refused = Object.assign(boom(408), { data: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });

    expect(closeReasonOf(boom(408), { registered: false, qrOffered: false })).toEqual({ reason: 'connectionLost', detail: '408' });
    expect(closeReasonOf(refused, { registered: false, qrOffered: true })).toEqual({ reason: 'connectionLost', detail: '408' });
  });

  test('treats a time-out of a paired session and any other code as a lost connection with the code as detail', () => {
    expect(closeReasonOf(boom(408), PAIRED)).toEqual({ reason: 'connectionLost', detail: '408' });
    expect(closeReasonOf(boom(DisconnectReason.connectionClosed), PAIRED)).toEqual({ reason: 'connectionLost', detail: '428' });
    expect(closeReasonOf(boom(DisconnectReason.badSession), PAIRED)).toEqual({ reason: 'connectionLost', detail: '500' });
    expect(closeReasonOf(new Error('socket hang up'), PAIRED)).toEqual({ reason: 'connectionLost', detail: 'socket hang up' });
    expect(closeReasonOf(undefined, PAIRED)).toEqual({ reason: 'connectionLost', detail: 'closed' });
  });
});

describe('socket events to the listener', () => {
  test('reports QR codes, pairing and the open session with the paired number', async () => {
    const { ev, listener, bound } = setup();

    ev.emit('connection.update', { connection: 'connecting', qr: '2@first' });
    ev.emit('connection.update', { qr: '2@second' });
    ev.emit('connection.update', { isNewLogin: true });
    ev.emit('connection.update', { connection: 'open' });
    await bound.idle();

    expect(listener.heard).toEqual([['qr', '2@first'], ['qr', '2@second'], ['pairing'], ['open', '5511912345678']]);
  });

  test('stores the credentials of a pairing before it reports the restart the network asks for', async () => {
    const { ev, listener, bound, saved } = setup();

    ev.emit('creds.update', { me: { id: '5511912345678:7@s.whatsapp.net' } });
    ev.emit('connection.update', closeWith(DisconnectReason.restartRequired));
    await bound.idle();

    expect(saved).toEqual(['creds']);
    expect(listener.heard.map(([kind]) => kind)).toEqual(['event', 'close']);
    expect(listener.heard[1]).toEqual(['close', 'restartRequired', undefined]);
  });

  test('reports a QR time-out of an unpaired session after its codes', async () => {
    const { ev, listener, bound } = setup({ isRegistered: () => false });

    ev.emit('connection.update', { qr: '2@only' });
    ev.emit('connection.update', closeWith(DisconnectReason.timedOut));
    await bound.idle();

    expect(listener.heard).toEqual([['qr', '2@only'], ['close', 'qrTimeout', undefined]]);
  });

  test('reports a time-out of an unpaired session that offered no code as a lost connection', async () => {
    const { ev, listener, bound } = setup({ isRegistered: () => false });

    ev.emit('connection.update', closeWith(DisconnectReason.timedOut));
    await bound.idle();

    expect(listener.heard).toEqual([['close', 'connectionLost', '408']]);
  });

  test('forwards inbound messages in the order the socket gave them, then the close', async () => {
    const { ev, listener, bound } = setup();

    ev.emit('messages.upsert', { type: 'notify', messages: [text('A', 'primeira'), text('B', 'segunda')] });
    ev.emit('messages.update', [{ key: { remoteJid: '5511988887777@s.whatsapp.net', id: 'MINE', fromMe: true }, update: { status: 4 } }]);
    ev.emit('messages.upsert', { type: 'append', messages: [text('C', 'offline')] });
    ev.emit('connection.update', closeWith(DisconnectReason.connectionReplaced));
    await bound.idle();

    const order = listener.heard.map((entry) => (entry[0] === 'event' ? `${entry[1].kind}:${'whatsappMessageId' in entry[1] ? entry[1].whatsappMessageId : ''}` : entry[0]));
    expect(order).toEqual(['message:A', 'message:B', 'ack:MINE', 'message:C', 'close']);
    expect(listener.heard.at(-1)).toEqual(['close', 'replaced', undefined]);
  });

  test('forwards a message WhatsApp delivers again after a reconnect (an append) as its live delivery: the same WhatsApp id and time', async () => {
    const { ev, listener, bound } = setup();

    ev.emit('messages.upsert', { type: 'notify', messages: [text('SAME', 'olá')] });
    ev.emit('messages.upsert', { type: 'append', messages: [text('SAME', 'olá')] });
    await bound.idle();

    const events = listener.heard.filter((entry) => entry[0] === 'event').map((entry) => entry[1]);
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual(events[0]);
  });

  test('stores the credentials that follow a message without waiting for the message to reach the queue', async () => {
    const ev = new EventEmitter();
    const saved: string[] = [];
    const bound = bindSocketEvents(
      ev,
      // The queue never answers.
      { ...recordingListener(), onEvent: () => new Promise<boolean>(() => undefined) },
      { resolver: { pnForLid: async () => null }, download: async () => Buffer.alloc(0), isRegistered: () => true, userJid: () => undefined, saveCreds: async () => void saved.push('creds') },
    );

    ev.emit('messages.upsert', { type: 'notify', messages: [text('A', 'primeira')] });
    ev.emit('creds.update', {});
    await bound.idle();

    expect(saved).toEqual(['creds']);
  });

  test('forwards incoming call offers', async () => {
    const { ev, listener, bound } = setup();

    ev.emit('call', [
      { chatId: '5511988887777@s.whatsapp.net', from: '5511988887777@s.whatsapp.net', id: 'CALL', date: new Date(5000), status: 'offer', offline: false, isVideo: false },
    ]);
    await bound.idle();

    expect(listener.heard).toEqual([['event', { kind: 'call', callId: 'CALL', chat: { id: '5511988887777', isGroup: false }, isVideo: false, timestamp: 5000 }]]);
  });

  test('reports one close only, and nothing after it', async () => {
    const { ev, listener, bound } = setup();

    bound.close('connectionLost', 'fenced');
    ev.emit('connection.update', closeWith(DisconnectReason.connectionClosed));
    ev.emit('messages.upsert', { type: 'notify', messages: [text('LATE', 'tarde demais')] });
    await bound.idle();

    expect(listener.heard).toEqual([['close', 'connectionLost', 'fenced']]);
  });

  test('reports nothing once detached by the manager', async () => {
    const { ev, listener, bound } = setup();

    bound.detach();
    ev.emit('connection.update', closeWith(DisconnectReason.connectionClosed));
    await bound.idle();

    expect(listener.heard).toEqual([]);
  });

  test('keeps going after a failing handler', async () => {
    const { ev, listener, bound } = setup({
      saveCreds: async () => {
        throw new Error('DynamoDB unavailable');
      },
    });

    ev.emit('creds.update', {});
    ev.emit('connection.update', { qr: '2@after-failure' });
    await bound.idle();

    expect(listener.heard).toEqual([['qr', '2@after-failure']]);
  });
});
