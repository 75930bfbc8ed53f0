/** What the Baileys provider hands to sendMessage for each kind of outgoing message, and media file names. */
import { extensionOf, mediaFileName } from '../../../functions/sessions/providers/baileys/media-names';
import { jidOf } from '../../../functions/sessions/providers/baileys/jids';
import { outgoingContent, quotedMessage } from '../../../functions/sessions/providers/baileys/outgoing';
import type { OutgoingMessage } from '../../../functions/sessions/providers/provider';
import { vcardBody } from '../../../shared/whatsapp-content';

const chat = { id: '5511988887777', isGroup: false };
const data = Buffer.from('bytes');
const withMedia = (mediaType: NonNullable<OutgoingMessage['media']>['mediaType'], mimeType: string, body = ''): OutgoingMessage => ({
  chat,
  body,
  media: { data, mimeType, fileName: 'arquivo.bin', mediaType },
});

describe('outgoing content', () => {
  test('sends a text as text', () => {
    expect(outgoingContent({ chat, body: 'Olá!' })).toEqual({ text: 'Olá!' });
  });

  test('sends an image and a video with the body as caption', () => {
    expect(outgoingContent(withMedia('image', 'image/png', 'Veja'))).toEqual({ image: data, mimetype: 'image/png', caption: 'Veja' });
    expect(outgoingContent(withMedia('video', 'video/mp4', 'Filme'))).toEqual({ video: data, mimetype: 'video/mp4', caption: 'Filme' });
  });

  test('sends no caption when the body is empty', () => {
    expect(outgoingContent(withMedia('image', 'image/jpeg'))).toEqual({ image: data, mimetype: 'image/jpeg', caption: undefined });
  });

  test('sends Ogg/Opus audio as a voice note', () => {
    expect(outgoingContent(withMedia('audio', 'audio/ogg'))).toEqual({ audio: data, mimetype: 'audio/ogg; codecs=opus', ptt: true });
  });

  test('sends other audio (the web records MP3) as an audio file, not a voice note', () => {
    expect(outgoingContent(withMedia('audio', 'audio/mpeg'))).toEqual({ audio: data, mimetype: 'audio/mpeg', ptt: false });
  });

  test('sends any other file as a document with its name and caption', () => {
    expect(outgoingContent(withMedia('application', 'application/pdf', 'Segue'))).toEqual({
      document: data,
      mimetype: 'application/pdf',
      fileName: 'arquivo.bin',
      caption: 'Segue',
    });
  });

  test('sends a location with its description as the place name', () => {
    const content = outgoingContent({ chat, body: '', location: { latitude: -23.56, longitude: -46.65, description: 'Loja Centro' } });

    expect(content).toEqual({ location: { degreesLatitude: -23.56, degreesLongitude: -46.65, name: 'Loja Centro' } });
  });

  test('sends a location without a name when it has no description', () => {
    const content = outgoingContent({ chat, body: '', location: { latitude: 1, longitude: 2, description: '' } });

    expect(content).toEqual({ location: { degreesLatitude: 1, degreesLongitude: 2 } });
  });

  test('sends a contact card as a vCard', () => {
    const card = { name: 'Suporte', number: '5511900001111' };

    const content = outgoingContent({ chat, body: '', contactCard: card });

    expect(content).toEqual({ contacts: { displayName: 'Suporte', contacts: [{ displayName: 'Suporte', vcard: vcardBody(card) }] } });
  });

  test('builds the quoted message of a reply from its id, side and text', () => {
    const message: OutgoingMessage = { chat, body: 'resposta', quoted: { whatsappMessageId: 'Q1', fromMe: false, body: 'pergunta' } };

    expect(quotedMessage(message, '5511988887777@s.whatsapp.net')).toEqual({
      key: { remoteJid: '5511988887777@s.whatsapp.net', id: 'Q1', fromMe: false },
      message: { conversation: 'pergunta' },
    });
    expect(quotedMessage({ chat, body: 'sem citação' }, 'x')).toBeUndefined();
  });
});

describe('chat addresses to JIDs', () => {
  test('sends to a phone number, a group, or a privacy id when no number is known', () => {
    expect(jidOf({ id: '5511988887777', isGroup: false, lid: '2048899' })).toBe('5511988887777@s.whatsapp.net');
    expect(jidOf({ id: '120363041234567890', isGroup: true })).toBe('120363041234567890@g.us');
    expect(jidOf({ id: '2048899', isGroup: false, lid: '2048899' })).toBe('2048899@lid');
  });
});

describe('media file names', () => {
  test('takes the extension from the mimetype, with the usual names for common types', () => {
    expect(extensionOf('image/jpeg')).toBe('jpg');
    expect(extensionOf('audio/ogg; codecs=opus')).toBe('ogg');
    expect(extensionOf('audio/mpeg')).toBe('mp3');
    expect(extensionOf('video/mp4')).toBe('mp4');
    expect(extensionOf('application/pdf')).toBe('pdf');
  });

  test('falls back to bin for a mimetype without a usable extension', () => {
    expect(extensionOf('application/x-very-long-subtype')).toBe('bin');
    expect(extensionOf('')).toBe('bin');
  });

  test('names a file by media type and message id', () => {
    expect(mediaFileName('video', 'video/quicktime', 'ABC')).toBe('video-ABC.mov');
  });
});
