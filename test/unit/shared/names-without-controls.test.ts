/**
 * Names and titles reach agents' screens: the shared schemas drop control characters and the invisible
 * bidirectional controls that would make them read as something else; queue colours are hex colours.
 */
import { UpdateAnnouncementBody } from '../../../shared/announcements';
import { UpdateConnectionBody } from '../../../shared/connections';
import { CreateContactBody } from '../../../shared/contacts';
import { UpdateHelpBody } from '../../../shared/helps';
import { UpdatePlanBody } from '../../../shared/plans';
import { CreateQueueBody, UpdateQueueBody, UpdateQueueOptionBody } from '../../../shared/queues';
import { UpdateQuickMessageBody } from '../../../shared/quick-messages';
import { CreateTagBody } from '../../../shared/tags';
import { withoutControls } from '../../../shared/text';
import { UpdateUserBody } from '../../../shared/users';
import { MessageEvent } from '../../../functions/core/sessions/events';

const RLO = '\u202E';
const NUL = '\u0000';
const spoofed = `Ana${NUL} Paula${RLO}gpj.exe`;
const clean = 'Ana Paula' + 'gpj.exe';

describe('withoutControls', () => {
  it('drops NUL, line breaks and the bidi overrides, isolates and marks', () => {
    expect(withoutControls(`a\u0000b\nc\u202Ed\u2066e\u200Ff\u061Cg`)).toBe('abcdefg');
  });

  it('keeps accents, emoji sequences with their zero-width joiner, and other scripts', () => {
    const family = 'Jos\u00e9 \u{1F468}\u200D\u{1F469}\u200D\u{1F467} \u0645\u062D\u0645\u062F';
    expect(withoutControls(family)).toBe(family);
  });
});

describe('schemas of names and titles', () => {
  it.each([
    ['user name', () => UpdateUserBody.parse({ name: spoofed }).name],
    ['contact name', () => CreateContactBody.parse({ name: spoofed, number: '5511988887777' }).name],
    ['contact field name', () => CreateContactBody.parse({ name: 'Ana', number: '5511988887777', extraInfo: [{ name: spoofed, value: 'x' }] }).extraInfo[0]?.name],
    ['connection name', () => UpdateConnectionBody.parse({ name: spoofed }).name],
    ['tag name', () => CreateTagBody.parse({ name: spoofed, color: '#0f766e' }).name],
    ['queue name', () => UpdateQueueBody.parse({ name: spoofed }).name],
    ['queue option title', () => UpdateQueueOptionBody.parse({ title: spoofed }).title],
    ['plan name', () => UpdatePlanBody.parse({ name: spoofed }).name],
    ['help title', () => UpdateHelpBody.parse({ title: spoofed }).title],
    ['announcement title', () => UpdateAnnouncementBody.parse({ title: spoofed, text: 'Texto' }).title],
    ['quick message shortcode', () => UpdateQuickMessageBody.parse({ shortcode: spoofed, message: 'Olá' }).shortcode],
  ])('stores a %s without control characters', (_, parsed) => {
    expect(parsed()).toBe(clean);
  });

  it('refuses a name made only of control characters as a missing one', () => {
    expect(CreateTagBody.safeParse({ name: `${RLO}${NUL}${RLO}`, color: '#0f766e' }).success).toBe(false);
  });

  it("drops control characters from a WhatsApp contact's own name", () => {
    const event = MessageEvent.parse({
      type: 'message',
      companyId: 'C1',
      whatsappId: 'W1',
      chat: { id: '5511988887777', isGroup: false },
      whatsappMessageId: 'ABC123',
      fromMe: false,
      pushName: spoofed,
      timestamp: 1_700_000_000,
      mediaType: 'chat',
      body: 'Olá',
      media: null,
      quotedWhatsappMessageId: null,
    });
    expect(event.pushName).toBe(clean);
  });
});

describe('queue colour', () => {
  it('accepts a hex colour like a tag', () => {
    expect(CreateQueueBody.safeParse({ name: 'Vendas', color: '#a1b2c3' }).success).toBe(true);
  });

  it.each(['red', '#zzzzzz', 'url(x)', '#12345678a'])('refuses %s', (color) => {
    expect(CreateQueueBody.safeParse({ name: 'Vendas', color }).success).toBe(false);
  });
});
