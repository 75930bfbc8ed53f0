/** The quick-message dialog without React: its values, the body, the server's schema and the attachment's next request. */
import type { QuickMessage } from '../../../../shared/quick-messages';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { textsIn } from '../../../../web/src/i18n/texts';
import {
  attachmentName,
  attachmentStep,
  attachmentTooBig,
  emptyQuickMessageForm,
  quickMessageBody,
  quickMessageFieldMessage,
  quickMessageFormOf,
  quickMessageSchema,
  type QuickMessageFormValues,
} from '../../../../web/src/quick-messages/quick-message-form';
import { quickMessagesTexts } from '../../../../web/src/quick-messages/texts';

const stored = (overrides: Partial<QuickMessage> = {}): QuickMessage => ({
  id: '01J00000000000000000000000',
  shortcode: 'ola',
  message: 'Olá {{firstName}}!',
  geral: true,
  status: true,
  userId: 'U1',
  mediaPath: 'companies/C1/quick-messages/Q1/x-tabela.pdf',
  mediaName: 'tabela.pdf',
  isMedia: true,
  mediaUrl: 'https://media.example.test/x',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

const values = (overrides: Partial<QuickMessageFormValues> = {}): QuickMessageFormValues => ({
  shortcode: 'ola',
  message: 'Olá {{name}}',
  geral: false,
  ...overrides,
});

const file = (name: string, size: number) => ({ name, size }) as File;

const messagesOf = (form: QuickMessageFormValues, editing?: QuickMessage) =>
  schemaFieldMessages(quickMessageSchema(editing), quickMessageBody(form));

describe('the form', () => {
  test('starts empty and personal for a new quick message', () => {
    expect(emptyQuickMessageForm()).toEqual({ shortcode: '', message: '', geral: false });
  });

  test('starts from the shortcode, message and shared flag of the one edited', () => {
    expect(quickMessageFormOf(stored())).toEqual({ shortcode: 'ola', message: 'Olá {{firstName}}!', geral: true });
  });

  test('sends the shortcode, the message as typed (variables included) and the shared flag', () => {
    expect(quickMessageBody(values({ geral: true }))).toEqual({ shortcode: 'ola', message: 'Olá {{name}}', geral: true });
  });
});

describe('the schema (the API’s own)', () => {
  test('accepts a shortcode and a message with variables, creating and editing', () => {
    expect(messagesOf(values())).toEqual({});
    expect(messagesOf(values(), stored())).toEqual({});
  });

  test("refuses an empty or blank shortcode with 'Obrigatório', creating and editing", () => {
    expect(messagesOf(values({ shortcode: '' }))).toEqual({ shortcode: 'Obrigatório' });
    expect(messagesOf(values({ shortcode: '   ' }), stored())).toEqual({ shortcode: 'Obrigatório' });
  });

  test('accepts an empty message (the attachment may be all there is)', () => {
    expect(messagesOf(values({ message: '' }))).toEqual({});
  });

  test("refuses a shortcode over 100 characters and a message over 4096 with 'Muito longo!'", () => {
    expect(messagesOf(values({ shortcode: 'a'.repeat(101), message: 'x'.repeat(4097) }))).toEqual({
      shortcode: 'Muito longo!',
      message: 'Muito longo!',
    });
  });

  test('shows the messages in the user’s language, and an unknown one as it came', () => {
    const english = textsIn(quickMessagesTexts, 'en');
    const required = quickMessageFieldMessage('Obrigatório');
    expect(required).toEqual({ key: 'required' });
    expect('key' in required && english.fieldMessages[required.key]).toBe('Required');
    expect(quickMessageFieldMessage('Shortcode taken')).toEqual({ text: 'Shortcode taken' });
  });
});

describe('the attachment', () => {
  test('uploads a chosen file, replacing one stored or not', () => {
    const chosen = file('preço tabela.pdf', 10);
    expect(attachmentStep(false, { kind: 'add', file: chosen })).toEqual({ kind: 'upload', file: chosen });
    expect(attachmentStep(true, { kind: 'add', file: chosen })).toEqual({ kind: 'upload', file: chosen });
  });

  test('deletes a stored attachment taken off, and asks nothing when there was none', () => {
    expect(attachmentStep(true, { kind: 'remove' })).toEqual({ kind: 'delete' });
    expect(attachmentStep(false, { kind: 'remove' })).toBeNull();
  });

  test('asks nothing when left as it was', () => {
    expect(attachmentStep(true, { kind: 'keep' })).toBeNull();
  });

  test('shows the chosen file’s name, the stored one, or none once removed', () => {
    expect(attachmentName('tabela.pdf', { kind: 'add', file: file('novo.png', 1) })).toBe('novo.png');
    expect(attachmentName('tabela.pdf', { kind: 'keep' })).toBe('tabela.pdf');
    expect(attachmentName('tabela.pdf', { kind: 'remove' })).toBeNull();
    expect(attachmentName(null, { kind: 'keep' })).toBeNull();
  });

  test('refuses a file over 4 MB before sending anything', () => {
    expect(attachmentTooBig(file('a.pdf', 4 * 1024 * 1024))).toBe(false);
    expect(attachmentTooBig(file('b.pdf', 4 * 1024 * 1024 + 1))).toBe(true);
  });
});
