/**
 * A message's text reads the same whichever way it came: line breaks are LF after the edge, for an
 * agent's text and caption and for the external API's JSON and multipart sends, and the length limit
 * counts the text as stored.
 */
import { ExternalMediaFields, ExternalSendBody } from '../../../shared/external-api';
import { MESSAGE_BODY_MAX, MediaCaptionFields, SendMessageBody } from '../../../shared/messages';
import { withLfLineEndings } from '../../../shared/text';

const CRLF_TEXT = 'Bom dia!\r\nSegue o pedido:\r\n\r\n1 caixa\rfim';
const LF_TEXT = 'Bom dia!\nSegue o pedido:\n\n1 caixa\nfim';

describe('message texts', () => {
  test('turn CRLF and a lone CR into LF, and leave LF as it is', () => {
    expect(withLfLineEndings(CRLF_TEXT)).toBe(LF_TEXT);
    expect(withLfLineEndings(LF_TEXT)).toBe(LF_TEXT);
  });

  test('come with LF line breaks out of every message schema', () => {
    expect(SendMessageBody.parse({ body: CRLF_TEXT }).body).toBe(LF_TEXT);
    expect(MediaCaptionFields.parse({ body: CRLF_TEXT }).body).toBe(LF_TEXT);
    expect(ExternalSendBody.parse({ number: '5511999990000', body: CRLF_TEXT }).body).toBe(LF_TEXT);
    expect(ExternalMediaFields.parse({ number: '5511999990000', body: CRLF_TEXT }).body).toBe(LF_TEXT);
  });

  test('are measured as stored: a text at the limit with CRLF line breaks fits', () => {
    const lines = MESSAGE_BODY_MAX / 2;
    const text = Array.from({ length: lines }, () => 'a').join('\r\n') + 'a';

    expect(SendMessageBody.parse({ body: text }).body).toHaveLength(lines * 2);
    expect(SendMessageBody.safeParse({ body: 'a'.repeat(MESSAGE_BODY_MAX + 1) }).success).toBe(false);
  });
});
