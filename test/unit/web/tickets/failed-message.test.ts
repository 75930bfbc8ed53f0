/** An outgoing message WhatsApp refused (issue 32, `failureReason`): a red mark instead of its ticks, and why. */
import { SSRProvider } from '@fluentui/react-components';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MessageDto } from '../../../../shared/messages';
import { deliveryState } from '../../../../web/src/tickets/conversation/ack';
import { MessageBubble } from '../../../../web/src/tickets/conversation/MessageBubble';

const REASON = 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.';

function message(changes: Partial<MessageDto>): MessageDto {
  return {
    id: 'T1.01',
    ticketId: 'T1',
    body: 'Olá, tudo bem?',
    fromMe: true,
    mediaType: 'chat',
    mediaUrl: null,
    mediaName: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    ack: 2,
    read: true,
    bot: false,
    userId: 'U1',
    contactId: 'C1',
    contact: { id: 'C1', name: 'Maria', number: '5511999990000', profilePicUrl: null },
    mediaMissing: false,
    failureReason: null,
    createdAt: '2026-03-02T12:00:00.000Z',
    ...changes,
  };
}

const render = (changes: Partial<MessageDto>) =>
  renderToStaticMarkup(
    createElement(
      SSRProvider,
      null,
      createElement(MessageBubble, {
        message: message(changes),
        readOnly: true,
        contactName: 'Maria',
        canReply: false,
        canDelete: false,
        onReply: () => undefined,
        onDelete: () => undefined,
      }),
    ),
  );

describe('a message WhatsApp refused', () => {
  test('is failed whatever its ack; one without a reason shows its ack', () => {
    expect(deliveryState(2, REASON)).toBe('failed');
    expect(deliveryState(0, REASON)).toBe('failed');
    expect(deliveryState(2, null)).toBe('sent');
    expect(deliveryState(4, null)).toBe('read');
  });

  test('shows the error mark, reachable by keyboard, instead of its ticks, and the reason under it', () => {
    const html = render({ failureReason: REASON });

    expect(html).toContain('data-delivery="failed"');
    expect(html).toMatch(/aria-label="Não entregue"[^>]*tabindex="0"|tabindex="0"[^>]*aria-label="Não entregue"/);
    expect(html).not.toContain('data-delivery="sent"');
    expect(html).toContain(REASON);
  });

  test('keeps the ticks and says nothing more when nothing failed', () => {
    const html = render({});

    expect(html).toContain('data-delivery="sent"');
    expect(html).not.toContain('data-delivery="failed"');
    expect(html).not.toContain('Não entregue');
  });
});
