/** The quick-message dialog's insert-variable helper: the variable goes where the cursor is (checklist O-038, C-113). */
import { insertAtCursor, VARIABLE_CHOICES, variableToken } from '../../../../web/src/components/insert-at-cursor';

describe('the variables the helper offers', () => {
  test('are the five of the spec, written between double braces', () => {
    expect(VARIABLE_CHOICES.map(variableToken)).toEqual(['{{firstName}}', '{{name}}', '{{ms}}', '{{protocol}}', '{{hora}}']);
  });
});

describe('insertAtCursor', () => {
  test('puts the variable at the cursor in the middle of the text and the cursor right after it', () => {
    const text = 'Olá , tudo bem?';

    expect(insertAtCursor(text, { start: 4, end: 4 }, '{{name}}')).toEqual({ text: 'Olá {{name}}, tudo bem?', cursor: 12 });
  });

  test('puts the variable at the start and at the end of the text', () => {
    expect(insertAtCursor('tudo bem?', { start: 0, end: 0 }, '{{ms}} ')).toEqual({ text: '{{ms}} tudo bem?', cursor: 7 });
    expect(insertAtCursor('Protocolo: ', { start: 11, end: 11 }, '{{protocol}}')).toEqual({ text: 'Protocolo: {{protocol}}', cursor: 23 });
  });

  test('replaces the selected text', () => {
    expect(insertAtCursor('Olá cliente!', { start: 4, end: 11 }, '{{firstName}}')).toEqual({ text: 'Olá {{firstName}}!', cursor: 17 });
  });

  test('reads a backward selection forwards', () => {
    expect(insertAtCursor('Olá cliente!', { start: 11, end: 4 }, '{{name}}')).toEqual({ text: 'Olá {{name}}!', cursor: 12 });
  });

  test('puts the variable at the end when the cursor lies past the text', () => {
    expect(insertAtCursor('Oi', { start: 9, end: 9 }, ' {{hora}}')).toEqual({ text: 'Oi {{hora}}', cursor: 11 });
  });

  test('fills an empty message', () => {
    expect(insertAtCursor('', { start: 0, end: 0 }, '{{name}}')).toEqual({ text: '{{name}}', cursor: 8 });
  });
});
