/**
 * The provider's OutgoingMessage to what Baileys' sendMessage takes: the content and the quoted
 * message. Pure, so every kind of content is tested without a socket.
 *
 * Audio: WhatsApp plays a voice note (ptt) only from Ogg/Opus; any other audio (the web records MP3)
 * is sent as an audio file, which every client plays, instead of a voice note some clients cannot.
 */
import type { AnyMessageContent, WAMessage } from 'baileys';
import { vcardBody } from '../../../../shared/whatsapp-content';
import type { OutgoingMessage } from '../provider';

export function isVoiceNote(mimeType: string): boolean {
  return /^audio\/ogg\b/i.test(mimeType.trim());
}

export function outgoingContent(message: OutgoingMessage): AnyMessageContent {
  const { media, location, contactCard } = message;
  if (media !== undefined) {
    const caption = message.body === '' ? undefined : message.body;
    switch (media.mediaType) {
      case 'image':
        return { image: media.data, mimetype: media.mimeType, caption };
      case 'video':
        return { video: media.data, mimetype: media.mimeType, caption };
      case 'audio':
        // WhatsApp audio has no caption: the body is not sent with it.
        return isVoiceNote(media.mimeType)
          ? { audio: media.data, mimetype: 'audio/ogg; codecs=opus', ptt: true }
          : { audio: media.data, mimetype: media.mimeType, ptt: false };
      default:
        return { document: media.data, mimetype: media.mimeType, fileName: media.fileName, caption };
    }
  }
  if (location !== undefined) {
    return {
      location: {
        degreesLatitude: location.latitude,
        degreesLongitude: location.longitude,
        ...(location.description === '' ? {} : { name: location.description }),
      },
    };
  }
  if (contactCard !== undefined) {
    return { contacts: { displayName: contactCard.name, contacts: [{ displayName: contactCard.name, vcard: vcardBody(contactCard) }] } };
  }
  return { text: message.body };
}

/**
 * The message a reply quotes, as Baileys wants it (key and content) to build the reply's context.
 * We know its id, author side and text; in a group the author of someone else's message is unknown,
 * so WhatsApp shows the quote without a name.
 */
export function quotedMessage(message: OutgoingMessage, remoteJid: string): WAMessage | undefined {
  const quoted = message.quoted;
  if (quoted === undefined) return undefined;
  return {
    key: { remoteJid, id: quoted.whatsappMessageId, fromMe: quoted.fromMe },
    message: { conversation: quoted.body },
  };
}
