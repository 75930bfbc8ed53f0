/** An outgoing message WhatsApp refused (issue 32, `failureReason`): a red mark instead of its ticks, and why. */
import { SSRProvider } from '@fluentui/react-components';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MessageDto } from '../../../../shared/messages';
import { deliveryState } from '../../../../web/src/tickets/conversation/ack';
import { MessageBubble } from '../../../../web/src/tickets/conversation/MessageBubble';
import { messageDto } from '../../../support/message-dto';

const REASON = 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.';

/** An answer the agent sent, delivered and read, changed by `changes`. */
const message = (changes: Partial<MessageDto>): MessageDto =>
  messageDto({ body: 'Olá, tudo bem?', fromMe: true, ack: 2, read: true, userId: 'U1', ...changes });

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
