/**
 * Baileys' inbound events to the provider's events, built from real Baileys message objects
 * (proto.WebMessageInfo.fromObject) as the socket emits them, for every media type.
 */
import { proto, type WACallEvent, type WAMessage, type WAMessageKey } from 'baileys';
import { contentOf, mapCalls, mapMessage, mapUpdates, mapUpsert, type MappingDeps } from '../../../functions/sessions/providers/baileys/message-mapping';
import { locationBody, parseVcard } from '../../../shared/whatsapp-content';
import type { InboundMessage } from '../../../functions/sessions/providers/provider';

const CONTACT = '5511988887777@s.whatsapp.net';
const CONTACT_LID = '204889900112233@lid';
const SECONDS = 1_700_000_000;

/** Alternative ids Baileys 7 sets on a key beside the proto fields. */
type KeyExtras = Pick<WAMessageKey, 'remoteJidAlt' | 'participantAlt'>;

function received(message: proto.IMessage, key: Partial<proto.IMessageKey> & KeyExtras = {}, info: Partial<proto.IWebMessageInfo> = {}): WAMessage {
  const { remoteJidAlt, participantAlt, ...protoKey } = key;
  const built = proto.WebMessageInfo.fromObject({
    key: { remoteJid: CONTACT, fromMe: false, id: '3EB0C0FFEE', ...protoKey },
    message,
    messageTimestamp: SECONDS,
    pushName: 'Maria Souza',
    ...info,
  });
  // Baileys builds keys as plain objects, with the alternative ids beside the proto fields.
  return Object.assign(built, { key: { ...built.key, remoteJidAlt, participantAlt } });
}

/** A media message's download fields as WhatsApp sends them. */
const mediaFields = {
  url: 'https://mmg.whatsapp.net/v/t62.7118-24/abc.enc',
  directPath: '/v/t62.7118-24/abc.enc',
  mediaKey: Buffer.alloc(32, 'k'),
  fileSha256: Buffer.alloc(32, 's'),
  fileEncSha256: Buffer.alloc(32, 'e'),
  fileLength: 2048,
};

function deps(lidToPn: Record<string, string> = {}): MappingDeps & { downloads: WAMessage[] } {
  const downloads: WAMessage[] = [];
  return {
    downloads,
    resolver: { pnForLid: async (lid) => lidToPn[lid] ?? null },
    download: async (message) => {
      downloads.push(message);
      return Buffer.from('file bytes');
    },
  };
}

async function mapOne(message: WAMessage, mappingDeps = deps()): Promise<InboundMessage> {
  const event = await mapMessage(message, mappingDeps);
  if (event?.kind !== 'message') throw new Error(`expected a message, got ${JSON.stringify(event)}`);
  return event;
}

describe('text messages', () => {
  test('maps a conversation to a chat message from the contact with its push name and time in milliseconds', async () => {
    // Prepare
    const message = received({ conversation: 'Olá, preciso de ajuda' });

    // Act
    const event = await mapOne(message);

    // Assess
    expect(event).toEqual({
      kind: 'message',
      whatsappMessageId: '3EB0C0FFEE',
      chat: { id: '5511988887777', isGroup: false },
      fromMe: false,
      timestamp: SECONDS * 1000,
      mediaType: 'chat',
      body: 'Olá, preciso de ajuda',
      pushName: 'Maria Souza',
    });
  });

  test('maps an extended text reply to a chat message quoting the replied message id', async () => {
    const message = received({
      extendedTextMessage: { text: 'Sim, esse mesmo', contextInfo: { stanzaId: 'QUOTED-1', participant: CONTACT, quotedMessage: { conversation: 'É este?' } } },
    });

    const event = await mapOne(message);

    expect(event).toMatchObject({ mediaType: 'chat', body: 'Sim, esse mesmo', quotedWhatsappMessageId: 'QUOTED-1' });
    expect(event.media).toBeUndefined();
  });

  test('maps a message the paired phone sent as fromMe without a push name', async () => {
    const message = received({ conversation: 'Enviado do celular' }, { fromMe: true }, { pushName: 'Loja' });

    const event = await mapOne(message);

    expect(event).toMatchObject({ fromMe: true, chat: { id: '5511988887777', isGroup: false }, body: 'Enviado do celular' });
    expect(event.pushName).toBeUndefined();
  });
});

describe('media messages', () => {
  test('maps an image with its caption and a download through Baileys', async () => {
    const mapping = deps();
    const message = received({ imageMessage: { ...mediaFields, mimetype: 'image/jpeg', caption: 'Foto do produto' } });

    const event = await mapOne(message, mapping);
    const data = await event.media?.download();

    expect(event).toMatchObject({ mediaType: 'image', body: 'Foto do produto' });
    expect(event.media).toMatchObject({ mimeType: 'image/jpeg', fileName: 'image-3EB0C0FFEE.jpg' });
    expect(data?.toString()).toBe('file bytes');
    expect(mapping.downloads).toEqual([message]);
  });

  test('maps a video with its caption', async () => {
    const event = await mapOne(received({ videoMessage: { ...mediaFields, mimetype: 'video/mp4', caption: 'Vídeo', seconds: 12 } }));

    expect(event).toMatchObject({ mediaType: 'video', body: 'Vídeo', media: { mimeType: 'video/mp4', fileName: 'video-3EB0C0FFEE.mp4' } });
  });

  test('maps a voice note to audio with an ogg file name', async () => {
    const event = await mapOne(received({ audioMessage: { ...mediaFields, mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 4 } }));

    expect(event).toMatchObject({ mediaType: 'audio', body: '', media: { mimeType: 'audio/ogg; codecs=opus', fileName: 'audio-3EB0C0FFEE.ogg' } });
  });

  test('maps an audio file that is not a voice note to audio', async () => {
    const event = await mapOne(received({ audioMessage: { ...mediaFields, mimetype: 'audio/mpeg', ptt: false } }));

    expect(event).toMatchObject({ mediaType: 'audio', media: { mimeType: 'audio/mpeg', fileName: 'audio-3EB0C0FFEE.mp3' } });
  });

  test("maps a document to application with the sender's file name", async () => {
    const event = await mapOne(received({ documentMessage: { ...mediaFields, mimetype: 'application/pdf', fileName: 'boleto março.pdf', title: 'boleto' } }));

    expect(event).toMatchObject({ mediaType: 'application', body: '', media: { mimeType: 'application/pdf', fileName: 'boleto março.pdf' } });
  });

  test('maps a document sent with a caption (documentWithCaptionMessage) to application with the caption as body', async () => {
    const message = received({
      documentWithCaptionMessage: {
        message: { documentMessage: { ...mediaFields, mimetype: 'application/pdf', fileName: 'contrato.pdf', caption: 'Segue o contrato' } },
      },
    });

    const event = await mapOne(message);

    expect(event).toMatchObject({ mediaType: 'application', body: 'Segue o contrato', media: { fileName: 'contrato.pdf' } });
  });

  test('names a document without a file name from its type, id and mimetype', async () => {
    const event = await mapOne(received({ documentMessage: { ...mediaFields, mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));

    expect(event.media?.fileName).toBe('application-3EB0C0FFEE.xlsx');
  });

  test('maps a sticker to an image', async () => {
    const event = await mapOne(received({ stickerMessage: { ...mediaFields, mimetype: 'image/webp', isAnimated: false } }));

    expect(event).toMatchObject({ mediaType: 'image', body: '', media: { mimeType: 'image/webp', fileName: 'image-3EB0C0FFEE.webp' } });
  });

  test('unwraps disappearing and view-once messages', async () => {
    const ephemeral = received({ ephemeralMessage: { message: { extendedTextMessage: { text: 'some em 24h' } } } });
    const viewOnce = received({ viewOnceMessageV2: { message: { imageMessage: { ...mediaFields, mimetype: 'image/jpeg', viewOnce: true } } } });

    const [text, image] = await Promise.all([mapOne(ephemeral), mapOne(viewOnce)]);

    expect(text).toMatchObject({ mediaType: 'chat', body: 'some em 24h' });
    expect(image).toMatchObject({ mediaType: 'image', media: { mimeType: 'image/jpeg' } });
  });
});

describe('locations and contact cards', () => {
  test('maps a location to its stored body with the place name and address', async () => {
    const event = await mapOne(
      received({ locationMessage: { degreesLatitude: -23.5613, degreesLongitude: -46.6565, name: 'MASP', address: 'Av. Paulista, 1578' } }),
    );

    expect(event).toMatchObject({
      mediaType: 'locationMessage',
      body: locationBody({ latitude: -23.5613, longitude: -46.6565, description: 'MASP\nAv. Paulista, 1578' }),
    });
    expect(event.media).toBeUndefined();
  });

  test('maps a live location to a location with its caption', async () => {
    const event = await mapOne(received({ liveLocationMessage: { degreesLatitude: -22.9, degreesLongitude: -43.2, caption: 'Estou aqui' } }));

    expect(event).toMatchObject({ mediaType: 'locationMessage', body: 'geo:-22.9,-43.2\nEstou aqui' });
  });

  test('maps a contact card to a vcard message keeping the vCard text', async () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João Lima\nTEL;type=CELL;waid=5521977776666:+55 21 97777-6666\nEND:VCARD';

    const event = await mapOne(received({ contactMessage: { displayName: 'João Lima', vcard } }));

    expect(event).toMatchObject({ mediaType: 'vcard', body: vcard });
    expect(parseVcard(event.body)).toEqual({ name: 'João Lima', number: '5521977776666' });
  });

  test('maps several contact cards to one vcard message whose first card is read', async () => {
    const first = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;waid=5511911112222:+55 11 91111-2222\nEND:VCARD';
    const second = 'BEGIN:VCARD\nVERSION:3.0\nFN:Bia\nTEL;waid=5511933334444:+55 11 93333-4444\nEND:VCARD';

    const event = await mapOne(
      received({ contactsArrayMessage: { displayName: '2 contatos', contacts: [{ displayName: 'Ana', vcard: first }, { displayName: 'Bia', vcard: second }] } }),
    );

    expect(event.body).toBe(`${first}\n${second}`);
    expect(parseVcard(event.body)).toEqual({ name: 'Ana', number: '5511911112222' });
  });
});

describe('revokes and edits', () => {
  test('maps a revoke protocol message to a revoke of the target message', async () => {
    const message = received(
      { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { remoteJid: CONTACT, fromMe: false, id: 'TARGET-1' } } },
      { id: 'REVOKE-STANZA' },
    );

    const event = await mapMessage(message, deps());

    expect(event).toEqual({ kind: 'revoke', whatsappMessageId: 'TARGET-1', chat: { id: '5511988887777', isGroup: false } });
  });

  test('maps an edit protocol message to an edit with the new text and its time', async () => {
    const message = received({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        key: { remoteJid: CONTACT, fromMe: false, id: 'TARGET-2' },
        editedMessage: { conversation: 'texto corrigido' },
        timestampMs: (SECONDS + 60) * 1000,
      },
    });

    const event = await mapMessage(message, deps());

    expect(event).toEqual({
      kind: 'edit',
      whatsappMessageId: 'TARGET-2',
      chat: { id: '5511988887777', isGroup: false },
      body: 'texto corrigido',
      timestamp: (SECONDS + 60) * 1000,
    });
  });

  test('maps an edit inside an editedMessage wrapper, taking a new caption', async () => {
    const message = received({
      editedMessage: {
        message: {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            key: { remoteJid: CONTACT, fromMe: false, id: 'TARGET-3' },
            editedMessage: { imageMessage: { caption: 'nova legenda' } },
          },
        },
      },
    });

    const event = await mapMessage(message, deps());

    expect(event).toMatchObject({ kind: 'edit', whatsappMessageId: 'TARGET-3', body: 'nova legenda', timestamp: SECONDS * 1000 });
  });
});

describe('what is not stored', () => {
  test('ignores reactions, polls, key distribution and other protocol messages', () => {
    expect(contentOf(proto.Message.fromObject({ reactionMessage: { key: { id: 'X' }, text: '👍' } }))).toBeUndefined();
    expect(contentOf(proto.Message.fromObject({ pollCreationMessage: { name: 'Qual?', options: [{ optionName: 'A' }] } }))).toBeUndefined();
    expect(contentOf(proto.Message.fromObject({ senderKeyDistributionMessage: { groupId: 'g' } }))).toBeUndefined();
    expect(
      contentOf(proto.Message.fromObject({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING, ephemeralExpiration: 86400 } })),
    ).toBeUndefined();
  });

  test('ignores stubs without content, status updates and newsletters', async () => {
    const stub = proto.WebMessageInfo.fromObject({
      key: { remoteJid: CONTACT, id: 'STUB', fromMe: false },
      messageStubType: proto.WebMessageInfo.StubType.CALL_MISSED_VOICE,
      messageTimestamp: SECONDS,
    }) as WAMessage;
    const status = received({ conversation: 'meu status' }, { remoteJid: 'status@broadcast', participant: CONTACT });
    const newsletter = received({ conversation: 'novidades' }, { remoteJid: '120363000000000001@newsletter' });

    const events = await mapUpsert({ messages: [stub, status, newsletter] }, deps());

    expect(events).toEqual([]);
  });
});

describe('groups and identities', () => {
  test('names a group message by the group, with its author as participant', async () => {
    const message = received(
      { conversation: 'bom dia, grupo' },
      { remoteJid: '120363041234567890@g.us', participant: '5511955554444@s.whatsapp.net' },
      { pushName: 'Carlos' },
    );

    const event = await mapOne(message);

    expect(event.chat).toEqual({ id: '120363041234567890', isGroup: true });
    expect(event.participant).toEqual({ id: '5511955554444', isGroup: false, name: 'Carlos' });
    expect(event.pushName).toBeUndefined();
  });

  test('names a group author known by privacy id through the phone number Baileys gives beside it', async () => {
    const message = received(
      { conversation: 'oi' },
      { remoteJid: '120363041234567890@g.us', participant: '99887766554433@lid', participantAlt: '5511955554444@s.whatsapp.net' },
    );

    const event = await mapOne(message);

    expect(event.participant).toMatchObject({ id: '5511955554444', lid: '99887766554433' });
  });

  test('names a chat addressed by privacy id by its phone number from remoteJidAlt and keeps the lid', async () => {
    const message = received({ conversation: 'oi' }, { remoteJid: CONTACT_LID, remoteJidAlt: CONTACT });

    const event = await mapOne(message);

    expect(event.chat).toEqual({ id: '5511988887777', isGroup: false, lid: '204889900112233' });
  });

  test("names a chat addressed by phone number with the privacy id Baileys gives beside it", async () => {
    const message = received({ conversation: 'oi' }, { remoteJid: CONTACT, remoteJidAlt: CONTACT_LID });

    const event = await mapOne(message);

    expect(event.chat).toEqual({ id: '5511988887777', isGroup: false, lid: '204889900112233' });
  });

  test('finds the phone number of a privacy id in the LID mapping store when the message has none', async () => {
    const message = received({ conversation: 'oi' }, { remoteJid: CONTACT_LID });

    const event = await mapOne(message, deps({ [CONTACT_LID]: '5511988887777:0@s.whatsapp.net' }));

    expect(event.chat).toEqual({ id: '5511988887777', isGroup: false, lid: '204889900112233' });
  });

  test('uses the privacy id as the id when no phone number is known', async () => {
    const message = received({ conversation: 'oi' }, { remoteJid: CONTACT_LID });

    const event = await mapOne(message);

    expect(event.chat).toEqual({ id: '204889900112233', isGroup: false, lid: '204889900112233' });
  });

  test("does not take the alternative id of the phone's own message for the chat's (it names the sender)", async () => {
    const message = received({ conversation: 'do celular' }, { remoteJid: CONTACT_LID, remoteJidAlt: '5511900001111@s.whatsapp.net', fromMe: true });

    const event = await mapOne(message, deps({ [CONTACT_LID]: CONTACT }));

    expect(event.chat).toEqual({ id: '5511988887777', isGroup: false, lid: '204889900112233' });
  });
});

describe('delivery status', () => {
  const update = (status: proto.WebMessageInfo.Status, fromMe = true) => ({ key: { remoteJid: CONTACT, id: 'SENT-1', fromMe }, update: { status } });

  test("maps Baileys' statuses of our messages to acks 1 to 5", async () => {
    const statuses = [
      proto.WebMessageInfo.Status.PENDING,
      proto.WebMessageInfo.Status.SERVER_ACK,
      proto.WebMessageInfo.Status.DELIVERY_ACK,
      proto.WebMessageInfo.Status.READ,
      proto.WebMessageInfo.Status.PLAYED,
    ];

    const acks = await mapUpdates(statuses.map((status) => update(status)), deps());

    expect(acks.map((ack) => ack.ack)).toEqual([1, 2, 3, 4, 5]);
    expect(acks[3]).toEqual({ kind: 'ack', whatsappMessageId: 'SENT-1', chat: { id: '5511988887777', isGroup: false }, ack: 4 });
  });

  test('ignores errors, updates without a status and read marks of received messages', async () => {
    const acks = await mapUpdates(
      [
        update(proto.WebMessageInfo.Status.ERROR),
        update(proto.WebMessageInfo.Status.READ, false),
        { key: { remoteJid: CONTACT, id: 'SENT-2', fromMe: true }, update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE } },
      ],
      deps(),
    );

    expect(acks).toEqual([]);
  });
});

describe('calls', () => {
  const call = (overrides: Partial<WACallEvent>): WACallEvent => ({
    chatId: CONTACT_LID,
    from: CONTACT_LID,
    callerPn: CONTACT,
    id: 'CALL-1',
    date: new Date(SECONDS * 1000),
    isVideo: false,
    status: 'offer',
    offline: false,
    ...overrides,
  });

  test('maps an incoming call offer to a call with the caller by phone number and privacy id', async () => {
    const offers = await mapCalls([call({ isVideo: true })], deps());

    expect(offers).toEqual([
      { kind: 'call', callId: 'CALL-1', chat: { id: '5511988887777', isGroup: false, lid: '204889900112233' }, isVideo: true, timestamp: SECONDS * 1000 },
    ]);
  });

  test('ignores the later states of a call and group calls', async () => {
    const offers = await mapCalls([call({ status: 'ringing' }), call({ status: 'terminate' }), call({ isGroup: true, groupJid: '1203@g.us' })], deps());

    expect(offers).toEqual([]);
  });
});
