/**
 * The Baileys provider around a socket: the socket it asks for, sends and the retry store, the fence
 * closing the session, and the manager's close. The socket is a stand-in with Baileys' shape (an
 * EventEmitter for `ev`), since no test may open a real WhatsApp connection; DynamoDB is mocked.
 */
import { EventEmitter } from 'node:events';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { proto, type AnyMessageContent, type MiscMessageGenerationOptions, type UserFacingSocketConfig, type WAMessage, type WAMessageKey } from 'baileys';
import { createBaileysProvider, type BaileysSocket } from '../../../functions/sessions/providers/baileys';
import type { CloseReason, OpenOptions, SessionListener } from '../../../functions/sessions/providers/provider';

process.env.TABLE_NAME = 'table-under-test';
const ddb = mockClient(DynamoDBDocumentClient);
const context = { companyId: 'company-1', whatsappId: 'wapp-1', fencingToken: 4 };

/** Records what the provider asks of the socket; answers as Baileys does. */
class SocketStandIn {
  readonly ev = new EventEmitter();
  user: { id: string } | undefined = undefined;
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  readonly read: WAMessageKey[][] = [];
  ended = 0;
  pictureError: Error | undefined;
  readonly pairingRequests: string[] = [];
  readonly signalRepository = {
    lidMapping: {
      getPNForLID: async () => null,
      getLIDForPN: async (pn: string) => (pn === '5511988887777@s.whatsapp.net' ? '204889900112233@lid' : null),
    },
  };

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage> {
    this.sent.push({ jid, content, options });
    return proto.WebMessageInfo.fromObject({ key: { remoteJid: jid, fromMe: true, id: `SENT-${this.sent.length}` }, message: { conversation: 'text' in content ? content.text : '' } }) as WAMessage;
  }
  async readMessages(keys: WAMessageKey[]) {
    this.read.push(keys);
  }
  async onWhatsApp(jid: string) {
    return [{ jid, exists: jid.startsWith('5511988887777') }];
  }
  async profilePictureUrl() {
    if (this.pictureError) throw this.pictureError;
    return 'https://pps.whatsapp.net/v/picture.jpg';
  }
  async end() {
    this.ended += 1;
  }
  async requestPairingCode(phoneNumber: string) {
    this.pairingRequests.push(phoneNumber);
    return 'ABCD2345';
  }
  async logout() {
    await this.end();
  }
  async updateMediaMessage(message: WAMessage) {
    return message;
  }
}

function recordingListener() {
  const closes: [CloseReason, string | undefined][] = [];
  const qrCodes: string[] = [];
  const pairingCodes: string[] = [];
  const listener: SessionListener = {
    onQr: (qrcode) => void qrCodes.push(qrcode),
    onPairingCode: (code) => void pairingCodes.push(code),
    onPairing: () => undefined,
    onOpen: () => undefined,
    onClose: (reason, detail) => void closes.push([reason, detail]),
    onEvent: () => Promise.resolve(true),
  };
  return { listener, closes, qrCodes, pairingCodes };
}

async function open(options: OpenOptions = {}) {
  const socket = new SocketStandIn();
  const configs: UserFacingSocketConfig[] = [];
  const provider = createBaileysProvider({
    makeSocket: (config) => {
      configs.push(config);
      // The stand-in has the members the provider uses; Baileys' full socket type has hundreds more.
      return socket as unknown as BaileysSocket;
    },
  });
  const { listener, closes, qrCodes, pairingCodes } = recordingListener();
  const session = await provider.open(context, listener, options);
  return { socket, config: configs[0] as UserFacingSocketConfig, session, closes, qrCodes, pairingCodes, provider };
}

/** Lets the provider's queued event handling run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(PutCommand).resolves({});
});

describe('the socket the provider opens', () => {
  test('is named for the product, stays offline for the phone, skips history and ignores status and newsletters', async () => {
    const { config, provider } = await open();

    expect(provider.name).toBe('beta');
    expect(config.browser?.[0]).toBe('Atende');
    expect(config.markOnlineOnConnect).toBe(false);
    expect(config.syncFullHistory).toBe(false);
    expect(config.emitOwnEvents).toBe(false);
    expect(config.shouldIgnoreJid?.('status@broadcast')).toBe(true);
    expect(config.shouldIgnoreJid?.('120363000000000001@newsletter')).toBe(true);
    expect(config.shouldIgnoreJid?.('5511988887777@s.whatsapp.net')).toBe(false);
    expect(config.logger?.level).toBe('warn');
  });
});

describe('sending', () => {
  test('sends a reply to the chat JID with its quote and keeps the sent content for retry requests', async () => {
    const { socket, session } = await open();

    const result = await session.sendMessage({
      chat: { id: '5511988887777', isGroup: false },
      body: 'Pode sim',
      quoted: { whatsappMessageId: 'Q1', fromMe: false, body: 'Posso pagar amanhã?' },
    });

    expect(result).toEqual({ whatsappMessageId: 'SENT-1' });
    expect(socket.sent[0]).toMatchObject({
      jid: '5511988887777@s.whatsapp.net',
      content: { text: 'Pode sim' },
      options: { quoted: { key: { id: 'Q1', fromMe: false }, message: { conversation: 'Posso pagar amanhã?' } } },
    });
    const item = ddb.commandCalls(PutCommand).map((call) => call.args[0].input.Item).find((stored) => stored?.entity === 'sessionSentMessage');
    expect(item).toMatchObject({ PK: 'C#company-1#WA#wapp-1#SENT', SK: 'MSG#SENT-1' });
    expect(Number(item?.expiresAt)).toBeGreaterThan(Date.now() / 1000 + 2 * 24 * 3600);
    expect(proto.Message.decode(item?.content as Uint8Array).conversation).toBe('Pode sim');
  });

  test("answers Baileys' retry lookups from the kept content", async () => {
    const { config } = await open();
    const content = proto.Message.encode({ conversation: 'reenviar' }).finish();
    ddb.on(GetCommand, { Key: { PK: 'C#company-1#WA#wapp-1#SENT', SK: 'MSG#SENT-9' } }).resolves({
      Item: { content, expiresAt: Math.floor(Date.now() / 1000) + 60 },
    });

    const found = await config.getMessage?.({ remoteJid: '5511988887777@s.whatsapp.net', id: 'SENT-9', fromMe: true });
    const unknown = await config.getMessage?.({ remoteJid: '5511988887777@s.whatsapp.net', id: 'NEVER', fromMe: true });

    expect(found?.conversation).toBe('reenviar');
    expect(unknown).toBeUndefined();
  });

  test('deletes for everyone and marks messages read by key', async () => {
    const { socket, session } = await open();
    const chat = { id: '5511988887777', isGroup: false };

    await session.deleteMessage(chat, 'MINE-1');
    await session.markRead(chat, ['IN-1', 'IN-2']);

    expect(socket.sent[0]?.content).toEqual({ delete: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'MINE-1' } });
    expect(socket.read[0]).toEqual([
      { remoteJid: '5511988887777@s.whatsapp.net', id: 'IN-1', fromMe: false },
      { remoteJid: '5511988887777@s.whatsapp.net', id: 'IN-2', fromMe: false },
    ]);
  });
});

describe('numbers and pictures', () => {
  test('answers whether a number has WhatsApp, with the privacy id Baileys knows for it', async () => {
    const { session } = await open();

    await expect(session.checkNumber('+55 (11) 98888-7777')).resolves.toEqual({
      exists: true,
      chat: { id: '5511988887777', isGroup: false, lid: '204889900112233' },
    });
    await expect(session.checkNumber('5511900000000')).resolves.toEqual({ exists: false });
  });

  test('answers null for a missing or private profile picture and fails on other errors', async () => {
    const { socket, session } = await open();
    const chat = { id: '5511988887777', isGroup: false };

    await expect(session.profilePictureUrl(chat)).resolves.toBe('https://pps.whatsapp.net/v/picture.jpg');
    socket.pictureError = Object.assign(new Error('item-not-found'), { output: { statusCode: 404 } });
    await expect(session.profilePictureUrl(chat)).resolves.toBeNull();
    socket.pictureError = Object.assign(new Error('rate-overlimit'), { output: { statusCode: 429 } });
    await expect(session.profilePictureUrl(chat)).rejects.toThrow('rate-overlimit');
  });
});

describe('closing', () => {
  test('closes the session when a newer owner fenced its state off', async () => {
    const { socket, closes } = await open();
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));

    socket.ev.emit('creds.update', { accountSyncCounter: 1 });
    await settle();

    expect(closes).toEqual([['connectionLost', 'fenced']]);
    expect(socket.ended).toBe(1);
  });

  test("reports the network's close reason", async () => {
    const { socket, closes } = await open();

    socket.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error: Object.assign(new Error('conflict'), { output: { statusCode: 440 } }), date: new Date() } });
    await settle();

    expect(closes).toEqual([['replaced', undefined]]);
  });

  test("reports nothing after the manager's own close, and ends the socket", async () => {
    const { socket, session, closes } = await open();

    await session.close();
    socket.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error: undefined, date: new Date() } });
    await settle();

    expect(socket.ended).toBe(1);
    expect(closes).toEqual([]);
  });
});

describe('linking by phone number', () => {
  test('asks for a pairing code once, on the first QR code of an unpaired socket, and reports it beside the QR codes', async () => {
    const { socket, qrCodes, pairingCodes } = await open({ pairWith: '5511988887777' });

    socket.ev.emit('connection.update', { qr: 'QR-1' });
    await settle();
    socket.ev.emit('connection.update', { qr: 'QR-2' });
    await settle();

    expect(socket.pairingRequests).toEqual(['5511988887777']);
    expect(pairingCodes).toEqual(['ABCD2345']);
    expect(qrCodes).toEqual(['QR-1', 'QR-2']);
  });

  test('asks for no pairing code when none was wanted', async () => {
    const { socket, pairingCodes } = await open();

    socket.ev.emit('connection.update', { qr: 'QR-1' });
    await settle();

    expect(socket.pairingRequests).toEqual([]);
    expect(pairingCodes).toEqual([]);
  });
});
