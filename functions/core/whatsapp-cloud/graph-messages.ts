/**
 * What a session command becomes in Meta's Cloud API (issue 32): the JSON of `POST /{phone-number-id}/messages`
 * for a send or a read receipt, as Meta documents it. Pure: the worker (run-cloud-command.ts) uploads a
 * file first and passes its media id here.
 *
 * - text: `type: 'text'` with `preview_url: false` (a link in an agent's text is not turned into a card
 *   the agent did not see);
 * - a file: `image`, `audio`, `video` or `document` (our `application`) by the uploaded media's id, the
 *   text as its caption (a document also keeps its file name); an audio takes no caption in Meta's API,
 *   so its text stays stored with the message and is not sent;
 * - a location or a contact card (their bodies as shared/whatsapp-content.ts keeps them): `location`,
 *   and `contacts` with the card's name and number; a body that does not parse goes as text;
 * - a template: `type: 'template'` with its name, language and the body's variables in order;
 * - a reply: `context.message_id`, the quoted message's WhatsApp id (a quoted message without one, never
 *   sent, is sent without the reply).
 */
import { parseLocationBody, parseVcard } from '../../../shared/whatsapp-content';
import type { SendMessageCommand } from '../sessions/commands';
import type { z } from 'zod';

type Send = z.output<typeof SendMessageCommand>;

/** Meta's kinds of media message, by our media types. */
const MEDIA_KINDS = { image: 'image', audio: 'audio', video: 'video', application: 'document' } as const;
type MediaKind = (typeof MEDIA_KINDS)[keyof typeof MEDIA_KINDS];

/** Meta's kind for a file of ours; undefined for a media type Meta cannot send as a file. */
export function mediaKindOf(mediaType: string): MediaKind | undefined {
  return Object.hasOwn(MEDIA_KINDS, mediaType) ? MEDIA_KINDS[mediaType as keyof typeof MEDIA_KINDS] : undefined;
}

export type GraphMessage = Readonly<Record<string, unknown>> & { readonly messaging_product: 'whatsapp' };

/** The body of `POST /{phone-number-id}/messages` for a send; `mediaId` is the uploaded file's when the command has one. */
export function graphMessageOf(command: Send, mediaId: string | null): GraphMessage {
  const base = {
    messaging_product: 'whatsapp' as const,
    recipient_type: 'individual',
    to: command.chat.number,
    ...(command.quoted?.whatsappMessageId ? { context: { message_id: command.quoted.whatsappMessageId } } : {}),
  };
  if (command.template) {
    const { name, language, variables } = command.template;
    return {
      ...base,
      type: 'template',
      template: {
        name,
        language: { code: language },
        ...(variables.length > 0 ? { components: [{ type: 'body', parameters: variables.map((text) => ({ type: 'text', text })) }] } : {}),
      },
    };
  }
  if (command.media) {
    const kind = mediaKindOf(command.media.mediaType);
    if (!kind || mediaId === null) throw new Error(`media of type ${command.media.mediaType} cannot be sent${mediaId === null ? ' without its upload' : ''}`);
    const caption = kind !== 'audio' && command.body !== '' ? { caption: command.body } : {};
    const filename = kind === 'document' ? { filename: command.media.name } : {};
    return { ...base, type: kind, [kind]: { id: mediaId, ...caption, ...filename } };
  }
  if (command.bodyType === 'locationMessage') {
    const location = parseLocationBody(command.body);
    if (location) {
      return {
        ...base,
        type: 'location',
        location: { latitude: location.latitude, longitude: location.longitude, ...(location.description ? { name: location.description } : {}) },
      };
    }
  }
  if (command.bodyType === 'vcard') {
    const card = parseVcard(command.body);
    if (card.name !== '' && card.number !== '') {
      return {
        ...base,
        type: 'contacts',
        contacts: [{ name: { formatted_name: card.name, first_name: card.name }, phones: [{ phone: `+${card.number}`, type: 'CELL', wa_id: card.number }] }],
      };
    }
  }
  return { ...base, type: 'text', text: { preview_url: false, body: command.body } };
}

/**
 * The read receipt of a markRead command: Meta marks the message and every earlier one of the chat read,
 * so one receipt for the newest message (the greatest of our ids, whose ULIDs grow with time) covers them all.
 */
export function graphReadReceiptOf(messages: readonly { readonly messageId: string; readonly whatsappMessageId: string }[]): GraphMessage | undefined {
  const newest = messages.reduce<(typeof messages)[number] | undefined>((found, message) => (found === undefined || message.messageId > found.messageId ? message : found), undefined);
  return newest ? { messaging_product: 'whatsapp', status: 'read', message_id: newest.whatsappMessageId } : undefined;
}
