import type { QuickMessage } from '../../../../shared/quick-messages';
import { renderTemplate } from '../../../../shared/templates';
import { enterSends, filledQuickReply, isSendable, quickReplyOptions, quickReplyQuery } from '../../../../web/src/tickets/conversation/input-rules';
import { planUploads, uploadMimeType } from '../../../../web/src/tickets/conversation/upload-plan';
import {
  readSignaturePreference,
  SIGNATURE_STORAGE_KEY,
  signedBody,
  writeSignaturePreference,
} from '../../../../web/src/tickets/conversation/signature';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

function quickMessage(shortcode: string, message: string, status = true): QuickMessage {
  return {
    id: shortcode,
    shortcode,
    message,
    geral: true,
    status,
    userId: null,
    mediaPath: null,
    mediaName: null,
    isMedia: false,
    mediaUrl: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

describe('message input', () => {
  test.each(['', '   ', '\n\t '])('does not send %p', (text) => {
    expect(isSendable(text)).toBe(false);
  });

  test('sends text with a character in it', () => {
    expect(isSendable('  oi ')).toBe(true);
  });

  test('Enter sends', () => {
    expect(enterSends({ key: 'Enter', shiftKey: false, isComposing: false }, false)).toBe(true);
  });

  test('Shift+Enter adds a line instead of sending', () => {
    expect(enterSends({ key: 'Enter', shiftKey: true, isComposing: false }, false)).toBe(false);
  });

  test('Enter does nothing while a send is in progress', () => {
    expect(enterSends({ key: 'Enter', shiftKey: false, isComposing: false }, true)).toBe(false);
  });

  test('Enter that confirms a composed character does not send', () => {
    expect(enterSends({ key: 'Enter', shiftKey: false, isComposing: true }, false)).toBe(false);
  });

  test.each([
    ['/', null],
    ['oi', null],
    ['/Bo', 'bo'],
  ])('the quick-reply search of %p is %p', (text, query) => {
    expect(quickReplyQuery(text)).toBe(query);
  });

  test('offers active quick replies whose shortcode contains the search, labels cut at 35 characters', () => {
    // Prepare
    const long = 'x'.repeat(60);
    const list = [quickMessage('tchau', 'Até logo'), quickMessage('bomdia', long), quickMessage('bom', 'Bom!', false)];

    // Act
    const options = quickReplyOptions(list, 'bo');

    // Assess
    expect(options).toEqual([{ id: 'bomdia', shortcode: 'bomdia', label: `${'x'.repeat(35)}...`, message: long }]);
  });
});

describe('a picked quick reply in the composer', () => {
  // 09:15:30 in São Paulo (UTC-3).
  const morning = new Date('2026-03-10T12:15:30.000Z');

  test("shows the ticket's values in place of every variable, as the customer will get them", () => {
    const text = filledQuickReply('{{ms}}, {{firstName}}! ({{name}}) Protocolo {{protocol}}, {{hora}}.', { contactName: 'Joana Atalho', number: 42 }, morning);
    expect(text).toBe('Bom dia, Joana! (Joana Atalho) Protocolo 42, 09:15:30.');
  });

  test('fills the text as the server would send it', () => {
    const message = 'Olá {{ name }}, seu protocolo é {{protocol}}. {{desconhecida}}';
    expect(filledQuickReply(message, { contactName: ' Rui  Lima ', number: 7 }, morning)).toBe(
      renderTemplate(message, { contactName: ' Rui  Lima ', protocol: '7', now: morning }),
    );
  });

  test('leaves {{protocol}} of a ticket without a number for the server, and unknown variables as written', () => {
    expect(filledQuickReply('Olá {{name}}, protocolo {{protocol}} {{nome}}', { contactName: 'Ana', number: null }, morning)).toBe(
      'Olá Ana, protocolo {{protocol}} {{nome}}',
    );
  });

  test('leaves a text without variables as it is', () => {
    expect(filledQuickReply('Até logo!\nObrigado.', { contactName: 'Ana', number: 1 }, morning)).toBe('Até logo!\nObrigado.');
  });
});

describe('signature', () => {
  test('is on when nothing is stored', () => {
    expect(readSignaturePreference(() => memoryStorage())).toBe(true);
  });

  test('stays off once turned off', () => {
    // Prepare
    const storage = memoryStorage();

    // Act
    writeSignaturePreference(false, () => storage);

    // Assess
    expect(storage.items.get(SIGNATURE_STORAGE_KEY)).toBe('false');
    expect(readSignaturePreference(() => storage)).toBe(false);
  });

  test('is on when storage cannot be read', () => {
    expect(
      readSignaturePreference(() => {
        throw new Error('denied');
      }),
    ).toBe(true);
  });

  test('prefixes the sender name in bold when on', () => {
    expect(signedBody(' oi ', 'Ana Souza', true)).toBe('*Ana Souza*:\noi');
  });

  test('sends the plain text when off', () => {
    expect(signedBody(' oi ', 'Ana Souza', false)).toBe('oi');
  });
});

describe('attachments', () => {
  const MB = 1024 * 1024;
  const file = (name: string, size: number) => ({ name, size });
  const uncaptioned = (files: readonly { name: string; size: number }[]) => files.map((each) => ({ file: each, caption: '' }));

  test('small files go in multipart sends of at most five, big ones through a presigned upload, huge ones nowhere', () => {
    // Prepare
    const small = Array.from({ length: 6 }, (_, index) => file(`f${index}.jpg`, MB));
    const big = file('video.mp4', 50 * MB);
    const huge = file('backup.zip', 101 * MB);

    // Act
    const plan = planUploads(uncaptioned([...small, big, huge]), null);

    // Assess
    expect(plan.steps.map((step) => (step.kind === 'multipart' ? step.files.length : step.file))).toEqual([5, 1, big]);
    expect(plan.tooLarge).toEqual([huge]);
  });

  test('a file of exactly the multipart limit still goes in a multipart send', () => {
    expect(planUploads(uncaptioned([file('a.pdf', 4 * MB)]), null).steps).toEqual([
      { kind: 'multipart', files: [file('a.pdf', 4 * MB)], body: '', quotedMsg: null },
    ]);
  });

  test("each captioned file starts a send of its own, as the server gives a send's caption to its first file only", () => {
    // Prepare
    const [a, b, c, d] = [file('a.jpg', MB), file('b.jpg', MB), file('c.pdf', MB), file('d.png', MB)];

    // Act
    const plan = planUploads(
      [
        { file: a, caption: 'first' },
        { file: b, caption: '' },
        { file: c, caption: 'the contract' },
        { file: d, caption: '' },
      ],
      null,
    );

    // Assess
    expect(plan.steps).toEqual([
      { kind: 'multipart', files: [a, b], body: 'first', quotedMsg: null },
      { kind: 'multipart', files: [c, d], body: 'the contract', quotedMsg: null },
    ]);
  });

  test('the quoted message goes with the first file sent only, and the files leave in the order given', () => {
    // Prepare
    const big = file('video.mp4', 50 * MB);
    const small = file('photo.jpg', MB);

    // Act
    const plan = planUploads(
      [
        { file: big, caption: 'the video' },
        { file: small, caption: '' },
      ],
      'T1.01JABCDEFGHJKMNPQRSTVWXYZ0',
    );

    // Assess
    expect(plan.steps).toEqual([
      { kind: 'presigned', file: big, body: 'the video', quotedMsg: 'T1.01JABCDEFGHJKMNPQRSTVWXYZ0' },
      { kind: 'multipart', files: [small], body: '', quotedMsg: null },
    ]);
  });

  test('an untyped file is sent as a generic binary', () => {
    expect(uploadMimeType('')).toBe('application/octet-stream');
    expect(uploadMimeType('image/PNG')).toBe('image/png');
  });
});
