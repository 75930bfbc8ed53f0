import { CloudWebhookEnvelope, FAILED_WITHOUT_REASON, mapCloudWebhook, UNSUPPORTED_BODY } from '../../../functions/core/whatsapp-cloud/webhook-mapping';
import { parseLocationBody, parseVcard } from '../../../shared/whatsapp-content';
import { WhatsAppEvent } from '../../../functions/core/sessions/events';

const TARGET = { companyId: 'C1', whatsappId: 'W1', phoneNumberId: '106540352242922' };
const RECEIVED_AT = 1_767_225_600_000;
const CUSTOMER = '5511988887777';

/** Meta's notification for one change of `phoneNumberId`, read as the envelope the route reads. */
function notification(value: Record<string, unknown>, phoneNumberId = TARGET.phoneNumberId) {
  return CloudWebhookEnvelope.parse({
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId }, ...value } }] }],
  });
}

const message = (type: string, content: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  from: CUSTOMER,
  id: `wamid.${type}`,
  timestamp: '1767225500',
  type,
  ...content,
  ...extra,
});

const map = (value: Record<string, unknown>) => mapCloudWebhook(notification(value), TARGET, RECEIVED_AT);
const only = (value: Record<string, unknown>) => {
  const mapped = map(value);
  expect(mapped.items).toHaveLength(1);
  return mapped.items[0]!;
};

describe("mapping Meta's webhook to WhatsApp events", () => {
  it('makes a text into the message event the session host emits, with the profile name and the time in milliseconds', () => {
    // Act
    const item = only({ contacts: [{ profile: { name: 'Maria Silva' }, wa_id: CUSTOMER }], messages: [message('text', { text: { body: 'Olá!' } })] });

    // Assess
    expect(item).toEqual({
      event: {
        type: 'message',
        companyId: 'C1',
        whatsappId: 'W1',
        chat: { id: CUSTOMER, isGroup: false },
        whatsappMessageId: 'wamid.text',
        fromMe: false,
        pushName: 'Maria Silva',
        timestamp: 1_767_225_500_000,
        mediaType: 'chat',
        body: 'Olá!',
        media: null,
        quotedWhatsappMessageId: null,
      },
    });
    expect(WhatsAppEvent.safeParse(item.event).success).toBe(true);
  });

  it('carries the message replied to, but not the context of a forwarded message', () => {
    const reply = only({ messages: [message('text', { text: { body: 'Sim' } }, { context: { from: '15550783881', id: 'wamid.original' } })] });
    const forwarded = only({ messages: [message('text', { text: { body: 'Veja' } }, { context: { forwarded: true } })] });

    expect(reply.event).toMatchObject({ quotedWhatsappMessageId: 'wamid.original' });
    expect(forwarded.event).toMatchObject({ quotedWhatsappMessageId: null });
  });

  it.each([
    ['image', { id: '1001', mime_type: 'image/jpeg', caption: 'Comprovante' }, 'image', 'Comprovante', undefined],
    ['sticker', { id: '1002', mime_type: 'image/webp', animated: false }, 'image', '', undefined],
    ['audio', { id: '1003', mime_type: 'audio/ogg; codecs=opus', voice: true }, 'audio', '', undefined],
    ['video', { id: '1004', mime_type: 'video/mp4' }, 'video', '', undefined],
    ['document', { id: '1005', mime_type: 'application/pdf', filename: 'boleto.pdf', caption: 'Segue' }, 'application', 'Segue', 'boleto.pdf'],
  ])('names the file of a %s for the download, its event without media until then', (type, content, mediaType, body, fileName) => {
    const item = only({ messages: [message(type, { [type]: content })] });

    expect(item.event).toMatchObject({ type: 'message', mediaType, body, media: null });
    expect(item.media).toEqual({ mediaId: content.id, mimeType: content.mime_type, ...(fileName ? { fileName } : {}) });
  });

  it('keeps a location as the geo body the web draws, with its name and address', () => {
    const item = only({ messages: [message('location', { location: { latitude: -23.5505, longitude: -46.6333, name: 'Loja', address: 'Av. Paulista, 1000' } })] });

    expect(item.event).toMatchObject({ mediaType: 'locationMessage' });
    expect(parseLocationBody(item.event.type === 'message' ? item.event.body : '')).toEqual({ latitude: -23.5505, longitude: -46.6333, description: 'Loja\nAv. Paulista, 1000' });
  });

  it('keeps shared contacts as vCards whose first names the first contact and its number', () => {
    const contacts = [
      { name: { formatted_name: 'João Souza', first_name: 'João' }, phones: [{ phone: '+55 11 91234-5678', wa_id: '5511912345678', type: 'CELL' }] },
      { name: { formatted_name: 'Ana' }, phones: [{ phone: '+55 21 99999-0000' }] },
    ];

    const item = only({ messages: [message('contacts', { contacts })] });

    expect(item.event).toMatchObject({ mediaType: 'vcard' });
    expect(parseVcard(item.event.type === 'message' ? item.event.body : '')).toEqual({ name: 'João Souza', number: '5511912345678' });
  });

  it('keeps the title of a button or list reply as text', () => {
    const button = only({ messages: [message('button', { button: { text: 'Confirmar', payload: 'yes' } })] });
    const list = only({ messages: [message('interactive', { interactive: { type: 'list_reply', list_reply: { id: 'o2', title: 'Segunda via', description: 'Boleto' } } })] });

    expect(button.event).toMatchObject({ mediaType: 'chat', body: 'Confirmar' });
    expect(list.event).toMatchObject({ mediaType: 'chat', body: 'Segunda via' });
  });

  it('keeps a message of an unknown type, or of a known type it cannot read, as a text saying so', () => {
    const mapped = map({
      messages: [
        message('unsupported', { errors: [{ code: 131051, title: 'Message type unknown' }] }),
        message('order', { order: { catalog_id: '1', product_items: [] } }),
        message('text', { text: { nobody: true } }, { id: 'wamid.broken' }),
      ],
    });

    expect(mapped.items.map((item) => (item.event.type === 'message' ? item.event.body : ''))).toEqual([UNSUPPORTED_BODY('unsupported'), UNSUPPORTED_BODY('order'), UNSUPPORTED_BODY('text')]);
    for (const item of mapped.items) expect(WhatsAppEvent.safeParse(item.event).success).toBe(true);
  });

  it('stores no reaction, as the Baileys path stores none', () => {
    const mapped = map({ messages: [message('reaction', { reaction: { message_id: 'wamid.x', emoji: '👍' } })] });

    expect(mapped).toEqual({ items: [], foreignNumbers: [], unreadable: 0 });
  });

  it('turns sent, delivered and read into acks 2, 3 and 4, and failed into a failed event with Meta’s code and title', () => {
    const status = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'wamid.out', status, timestamp: '1767225600', recipient_id: CUSTOMER, ...extra });

    const mapped = map({
      statuses: [
        status('sent'),
        status('delivered'),
        status('read'),
        status('failed', { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'x' } }] }),
        status('failed'),
        status('deleted'),
      ],
    });

    const common = { companyId: 'C1', whatsappId: 'W1', chat: { id: CUSTOMER, isGroup: false }, whatsappMessageId: 'wamid.out' };
    expect(mapped.items.map((item) => item.event)).toEqual([
      { type: 'ack', ...common, ack: 2 },
      { type: 'ack', ...common, ack: 3 },
      { type: 'ack', ...common, ack: 4 },
      { type: 'failed', ...common, code: 131026, reason: 'Message undeliverable' },
      { type: 'failed', ...common, code: null, reason: FAILED_WITHOUT_REASON },
    ]);
    for (const item of mapped.items) expect(WhatsAppEvent.safeParse(item.event).success).toBe(true);
  });

  it("leaves out changes of another phone number, naming them, and reads nothing of another object's notification", () => {
    const foreign = mapCloudWebhook(notification({ messages: [message('text', { text: { body: 'x' } })] }, '999999999999'), TARGET, RECEIVED_AT);
    const page = mapCloudWebhook(CloudWebhookEnvelope.parse({ object: 'page', entry: [{ changes: [{ field: 'messages', value: {} }] }] }), TARGET, RECEIVED_AT);

    expect(foreign).toEqual({ items: [], foreignNumbers: ['999999999999'], unreadable: 0 });
    expect(page).toEqual({ items: [], foreignNumbers: [], unreadable: 0 });
  });

  it('counts what it cannot read at all (no sender, a sender that is not a number) and keeps the rest', () => {
    const mapped = map({
      messages: [{ id: 'wamid.nosender', type: 'text', text: { body: 'x' } }, message('text', { text: { body: 'ok' } }, { from: '../etc' }), message('text', { text: { body: 'fica' } })],
      statuses: [{ id: 'wamid.s', status: 'read' }],
    });

    expect(mapped.unreadable).toBe(3);
    expect(mapped.items.map((item) => (item.event.type === 'message' ? item.event.body : ''))).toEqual(['fica']);
  });

  it('takes the time of receipt for a message without a timestamp', () => {
    const item = only({ messages: [{ from: CUSTOMER, id: 'wamid.t', type: 'text', text: { body: 'x' } }] });

    expect(item.event).toMatchObject({ timestamp: RECEIVED_AT });
  });
});
