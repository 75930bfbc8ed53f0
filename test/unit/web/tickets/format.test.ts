import { DELETED_MESSAGE_PREVIEW } from '../../../../shared/ticket-rules';
import { lastMessageKind, previewText, readableTextColor, ticketTime } from '../../../../web/src/tickets/ticket-format';

describe('ticketTime', () => {
  // Local dates, so the tests hold in any time zone the machine runs in.
  const now = new Date(2025, 1, 3, 18, 30);

  test('shows the hour of a ticket that changed today', () => {
    // Prepare
    const updatedAt = new Date(2025, 1, 3, 14, 5).toISOString();

    // Act
    const text = ticketTime(updatedAt, 'pt', now);

    // Assess
    expect(text).toBe('14:05');
  });

  test('shows the date of a ticket that changed on another day', () => {
    expect(ticketTime(new Date(2025, 1, 2, 23, 59).toISOString(), 'pt', now)).toBe('02/02/2025');
  });

  test('writes the date month first in the English interface (issue 27)', () => {
    expect(ticketTime(new Date(2025, 1, 2, 23, 59).toISOString(), 'en', now)).toBe('02/02/2025');
    expect(ticketTime(new Date(2025, 0, 31, 9, 0).toISOString(), 'en', now)).toBe('01/31/2025');
    expect(ticketTime(new Date(2025, 0, 31, 9, 0).toISOString(), 'es', now)).toBe('31/01/2025');
  });

  test('shows the date of the same day of another year', () => {
    expect(ticketTime(new Date(2024, 1, 3, 9, 0).toISOString(), 'pt', now)).toBe('03/02/2024');
  });

  test('shows nothing for an unreadable date', () => {
    expect(ticketTime('not a date', 'pt', now)).toBe('');
  });
});

describe('lastMessageKind', () => {
  test('recognises a location so the item shows a label instead of coordinates', () => {
    expect(lastMessageKind('geo:-23.55,-46.63\nAvenida Paulista')).toBe('location');
  });

  test('recognises a contact card', () => {
    expect(lastMessageKind('BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nEND:VCARD')).toBe('contactCard');
  });

  test.each([
    ['call:voice', 'voiceCall'],
    ['call:video', 'videoCall'],
    ['image', 'image'],
    ['audio', 'audio'],
    ['video', 'video'],
    ['application', 'document'],
  ] as const)('recognises %s', (lastMessage, kind) => {
    expect(lastMessageKind(lastMessage)).toBe(kind);
  });

  test('recognises the marker of a deleted message, so the item says the message was deleted instead of the marker', () => {
    expect(lastMessageKind(DELETED_MESSAGE_PREVIEW)).toBe('deleted');
  });

  test('keeps ordinary text as text, also when it mentions geo: later on', () => {
    expect(lastMessageKind('meet me at geo:1,2')).toBe('text');
    expect(lastMessageKind('Bom dia!')).toBe('text');
  });
});

describe('readableTextColor', () => {
  test('writes black on a light colour and white on a dark one', () => {
    expect(readableTextColor('#ffeb3b')).toBe('#000000');
    expect(readableTextColor('#1a237e')).toBe('#ffffff');
  });

  test('reads the short form', () => {
    expect(readableTextColor('#fff')).toBe('#000000');
  });

  test('leaves colours it cannot read to the theme', () => {
    expect(readableTextColor('red')).toBeUndefined();
  });
});

describe('previewText', () => {
  test("shows a message without WhatsApp's bold, strike, italic and monospace markers", () => {
    expect(previewText('*Mensagem automática*: pedido ~cancelado~ _hoje_')).toBe('Mensagem automática: pedido cancelado hoje');
    expect(previewText('Olá *_Maria_*, código ```A1B2```')).toBe('Olá Maria, código A1B2');
  });

  test('keeps markers inside words and markers that open nothing', () => {
    expect(previewText('arquivo nota_fiscal_2024.pdf, 2*3 = 6')).toBe('arquivo nota_fiscal_2024.pdf, 2*3 = 6');
    expect(previewText('* item solto ~ e _ sozinho')).toBe('* item solto ~ e _ sozinho');
  });

  test('leaves a plain text as it is', () => {
    expect(previewText('Qual é o número do pedido?')).toBe('Qual é o número do pedido?');
  });
});
