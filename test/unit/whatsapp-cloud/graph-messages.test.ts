/**
 * What a session command becomes in Meta's Cloud API (core/whatsapp-cloud/graph-messages.ts): the JSON of
 * `POST /{phone-number-id}/messages` for each kind of send and for read receipts.
 */
import type { z } from 'zod';
import { graphMessageOf, graphReadReceiptOf, mediaKindOf } from '../../../functions/core/whatsapp-cloud/graph-messages';
import { SendMessageCommand } from '../../../functions/core/sessions/commands';
import { locationBody, vcardBody } from '../../../shared/whatsapp-content';

type Send = z.output<typeof SendMessageCommand>;

const send = (extra: Partial<Send> = {}): Send =>
  SendMessageCommand.parse({
    type: 'sendMessage',
    commandId: 'send:T1.01J0000000000000000000000',
    companyId: 'C1',
    whatsappId: 'W1',
    issuedAt: '2026-12-03T12:00:00.000Z',
    ticketId: 'T1',
    messageId: 'T1.01J0000000000000000000000',
    chat: { contactId: 'K1', number: '5511999990000', isGroup: false },
    body: 'Olá, https://exemplo.com.br',
    media: null,
    quoted: null,
    ...extra,
  });

const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '5511999990000' };

describe('a send in the Cloud API', () => {
  it('is a text without link preview', () => {
    expect(graphMessageOf(send(), null)).toEqual({ ...base, type: 'text', text: { preview_url: false, body: 'Olá, https://exemplo.com.br' } });
  });

  it("replies with the quoted message's WhatsApp id, and without the reply when the quoted one has none", () => {
    expect(graphMessageOf(send({ quoted: { messageId: 'T1.Q', whatsappMessageId: 'wamid.QUOTED' } }), null)).toMatchObject({ context: { message_id: 'wamid.QUOTED' } });
    expect(graphMessageOf(send({ quoted: { messageId: 'T1.Q', whatsappMessageId: null } }), null)).not.toHaveProperty('context');
  });

  it('sends a file by its uploaded media id: the text as caption, a document with its name, an audio without caption', () => {
    const media = (mediaType: 'image' | 'audio' | 'video' | 'application') => ({ key: 'companies/C1/tickets/T1/x-file', name: 'contrato.pdf', mimeType: 'application/pdf', mediaType });
    expect(graphMessageOf(send({ body: 'Veja', media: media('image') }), 'M1')).toEqual({ ...base, type: 'image', image: { id: 'M1', caption: 'Veja' } });
    expect(graphMessageOf(send({ body: '', media: media('video') }), 'M1')).toEqual({ ...base, type: 'video', video: { id: 'M1' } });
    expect(graphMessageOf(send({ body: 'Veja', media: media('application') }), 'M1')).toEqual({
      ...base,
      type: 'document',
      document: { id: 'M1', caption: 'Veja', filename: 'contrato.pdf' },
    });
    expect(graphMessageOf(send({ body: 'Ouça', media: media('audio') }), 'M1')).toEqual({ ...base, type: 'audio', audio: { id: 'M1' } });
  });

  it('refuses to build a file message without its upload', () => {
    expect(() => graphMessageOf(send({ media: { key: 'k', name: 'a.png', mimeType: 'image/png', mediaType: 'image' } }), null)).toThrow(/without its upload/);
  });

  it('sends a stored location and a contact card as their kinds, and a body that does not parse as text', () => {
    const location = locationBody({ latitude: -23.55, longitude: -46.63, description: 'Av. Paulista, 1000' });
    expect(graphMessageOf(send({ body: location, bodyType: 'locationMessage' }), null)).toEqual({
      ...base,
      type: 'location',
      location: { latitude: -23.55, longitude: -46.63, name: 'Av. Paulista, 1000' },
    });
    expect(graphMessageOf(send({ body: vcardBody({ name: 'Ana Souza', number: '5511988887777' }), bodyType: 'vcard' }), null)).toEqual({
      ...base,
      type: 'contacts',
      contacts: [{ name: { formatted_name: 'Ana Souza', first_name: 'Ana Souza' }, phones: [{ phone: '+5511988887777', type: 'CELL', wa_id: '5511988887777' }] }],
    });
    expect(graphMessageOf(send({ body: 'não é um lugar', bodyType: 'locationMessage' }), null)).toMatchObject({ type: 'text' });
  });

  it("sends a template by name and language with its body's variables in order, and the stored text nowhere", () => {
    const template = { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria', '#123'] };
    expect(graphMessageOf(send({ body: 'Olá Maria, ...', template }), null)).toEqual({
      ...base,
      type: 'template',
      template: {
        name: 'retomar_atendimento',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }, { type: 'text', text: '#123' }] }],
      },
    });
    expect(graphMessageOf(send({ template: { ...template, variables: [] } }), null)).toEqual({
      ...base,
      type: 'template',
      template: { name: 'retomar_atendimento', language: { code: 'pt_BR' } },
    });
  });

  it("names Meta's kind of each of our file types", () => {
    expect(['image', 'audio', 'video', 'application', 'chat', 'vcard'].map(mediaKindOf)).toEqual(['image', 'audio', 'video', 'document', undefined, undefined]);
  });
});

describe('a read receipt in the Cloud API', () => {
  it('is one receipt for the newest message read, which marks the earlier ones', () => {
    expect(
      graphReadReceiptOf([
        { messageId: 'T1.01J00000000000000000000A', whatsappMessageId: 'wamid.A' },
        { messageId: 'T1.01J00000000000000000000C', whatsappMessageId: 'wamid.C' },
        { messageId: 'T1.01J00000000000000000000B', whatsappMessageId: 'wamid.B' },
      ]),
    ).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.C' });
    expect(graphReadReceiptOf([])).toBeUndefined();
  });
});
