/**
 * The input of a ticket on a Cloud API connection (issue 32): the composer within 24 hours of the
 * customer's last message, the notice outside them (or when the customer never wrote), the timer to the
 * window's end, and a refusal of the server that closes it until the customer writes again.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiError } from '../../../../web/src/api/client';
import { msUntilWindowChanges, refusedOutsideWindow, replyWindowOf } from '../../../../web/src/tickets/conversation/reply-window';
import { ReplyWindowNotice } from '../../../../web/src/tickets/conversation/ReplyWindowNotice';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

describe('the reply window of a ticket', () => {
  test('is open within 24 hours of the customer’s last message, and says when it closes', () => {
    const window = replyWindowOf(true, hoursBefore(23), NOW);

    expect(window).toEqual({ kind: 'open', endsAt: new Date(NOW.getTime() + 3_600_000) });
    expect(msUntilWindowChanges(window, NOW)).toBe(3_600_000);
  });

  test('is closed 24 hours after it, to the millisecond', () => {
    expect(replyWindowOf(true, hoursBefore(24), NOW)).toEqual({ kind: 'closed', customerMessageAt: hoursBefore(24) });
    expect(replyWindowOf(true, new Date(NOW.getTime() - 24 * 3_600_000 + 1).toISOString(), NOW).kind).toBe('open');
  });

  test('is closed when the customer never wrote', () => {
    const window = replyWindowOf(true, null, NOW);

    expect(window).toEqual({ kind: 'closed', customerMessageAt: null });
    expect(msUntilWindowChanges(window, NOW)).toBeNull();
  });

  test('does not exist on a Baileys or simulator connection, whenever the customer wrote', () => {
    expect(replyWindowOf(false, null, NOW)).toEqual({ kind: 'free' });
    expect(replyWindowOf(false, hoursBefore(100), NOW)).toEqual({ kind: 'free' });
    expect(msUntilWindowChanges({ kind: 'free' }, NOW)).toBeNull();
  });

  test('closes when the server refused a send as outside it, until the customer writes again', () => {
    const lastWrote = hoursBefore(1);

    expect(replyWindowOf(true, lastWrote, NOW, lastWrote).kind).toBe('closed');
    expect(replyWindowOf(true, hoursBefore(0.5), NOW, lastWrote).kind).toBe('open');
  });

  test('closes on such a refusal even when the connection list could not say the connection is a cloud one', () => {
    expect(replyWindowOf(false, hoursBefore(1), NOW, hoursBefore(1))).toEqual({ kind: 'closed', customerMessageAt: hoursBefore(1) });
  });

  test('waits no less than nothing for a window already past', () => {
    expect(msUntilWindowChanges({ kind: 'open', endsAt: new Date(NOW.getTime() - 5) }, NOW)).toBe(0);
  });

  test('knows the refusal that closes it from any other failure', () => {
    expect(refusedOutsideWindow(new ApiError(409, 'ERR_OUTSIDE_REPLY_WINDOW'))).toBe(true);
    expect(refusedOutsideWindow(new ApiError(409, 'ERR_CONFLICT'))).toBe(false);
    expect(refusedOutsideWindow(new Error('ERR_OUTSIDE_REPLY_WINDOW'))).toBe(false);
  });
});

describe('the notice in the input’s place', () => {
  const render = (customerMessageAt: string | null) =>
    renderToStaticMarkup(createElement(ReplyWindowNotice, { customerMessageAt, onSendTemplate: () => undefined }));

  test('says when the customer last wrote and that only a template can go, with Enviar modelo', () => {
    const lastWrote = new Date(2026, 2, 1, 9, 5);

    const html = render(lastWrote.toISOString());

    expect(html).toContain('A janela de 24 horas fechou: o cliente escreveu pela última vez em 01/03/2026 09:05.');
    expect(html).toContain('Só é possível enviar um modelo aprovado.');
    expect(html).toContain('Enviar modelo');
  });

  test('says the customer never wrote when they did not', () => {
    expect(render(null)).toContain('O cliente ainda não escreveu nesta conversa');
  });
});
