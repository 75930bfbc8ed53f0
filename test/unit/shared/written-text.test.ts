/**
 * One rule for every text a person writes for someone to read (shared/text.ts writtenText): line breaks
 * as LF and kept, whichever way they came (CRLF from a form, LF from JSON), in a message, a scheduled
 * message, a note and a quick message alike.
 */
import { SendMessageBody } from '../../../shared/messages';
import { CreateNoteBody } from '../../../shared/notes';
import { CreateQuickMessageBody, UpdateQuickMessageBody } from '../../../shared/quick-messages';
import { CreateScheduleBody } from '../../../shared/scheduled-messages';
import { writtenText } from '../../../shared/text';

const CRLF_TEXT = 'linha 1\r\nlinha 2\r\n\r\nlinha 4';
const LF_TEXT = 'linha 1\nlinha 2\n\nlinha 4';

describe('writtenText', () => {
  it('turns CRLF and a lone CR into LF and keeps LF and tabs', () => {
    expect(writtenText(CRLF_TEXT)).toBe(LF_TEXT);
    expect(writtenText('a\rb\n\tc')).toBe('a\nb\n\tc');
  });

  it('drops the other control characters but keeps the marks right-to-left writing needs', () => {
    expect(writtenText('a\u0000b\u001bc\u0085d')).toBe('abcd');
    expect(writtenText('\u200Fשלום\u200E ok')).toBe('\u200Fשלום\u200E ok');
  });
});

describe('every schema of a written text', () => {
  it.each([
    ['message', (text: string) => SendMessageBody.parse({ body: text }).body],
    ['scheduled message', (text: string) => CreateScheduleBody.parse({ body: text, contactId: 'K1', sendAt: '2030-05-01 10:00:00' }).body],
    ['note', (text: string) => CreateNoteBody.parse({ note: text, ticketId: 'T1' }).note],
    ['new quick message', (text: string) => CreateQuickMessageBody.parse({ shortcode: 'oi', message: text }).message],
    ['changed quick message', (text: string) => UpdateQuickMessageBody.parse({ shortcode: 'oi', message: text }).message],
  ])('keeps the line breaks of a %s, as LF', (_, parsed) => {
    expect(parsed(LF_TEXT)).toBe(LF_TEXT);
    expect(parsed(CRLF_TEXT)).toBe(LF_TEXT);
  });
});
