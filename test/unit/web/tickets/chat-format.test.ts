import { parseWhatsAppFormat, plainText } from '../../../../web/src/tickets/conversation/whatsapp-format';

describe('WhatsApp formatting', () => {
  test('text between asterisks is bold', () => {
    // Act
    const nodes = parseWhatsAppFormat('olá *mundo*!');

    // Assess
    expect(nodes).toEqual([
      { type: 'text', text: 'olá ' },
      { type: 'bold', children: [{ type: 'text', text: 'mundo' }] },
      { type: 'text', text: '!' },
    ]);
  });

  test('text between tildes is struck through and between underscores is italic', () => {
    expect(parseWhatsAppFormat('~oi~ _tchau_')).toEqual([
      { type: 'strike', children: [{ type: 'text', text: 'oi' }] },
      { type: 'text', text: ' ' },
      { type: 'italic', children: [{ type: 'text', text: 'tchau' }] },
    ]);
  });

  test('styles nest', () => {
    expect(parseWhatsAppFormat('*_ambos_*')).toEqual([
      { type: 'bold', children: [{ type: 'italic', children: [{ type: 'text', text: 'ambos' }] }] },
    ]);
  });

  test.each([
    ['a marker inside a word', '2*3*4'],
    ['a marker followed by a space', '* nada*'],
    ['a lone marker', 'preço *10'],
    ['two markers together', '**'],
    ['a closing marker after a space', '*abc *'],
  ])('leaves %s as plain text', (_case, text) => {
    expect(parseWhatsAppFormat(text)).toEqual([{ type: 'text', text }]);
  });

  test('markup a contact sends stays text', () => {
    // Prepare
    const text = '<img src=x onerror=alert(1)><b>oi</b>';

    // Act
    const nodes = parseWhatsAppFormat(text);

    // Assess
    expect(nodes).toEqual([{ type: 'text', text }]);
  });

  test('triple backticks give monospace without reading markers inside', () => {
    expect(parseWhatsAppFormat('```*x*```')).toEqual([{ type: 'mono', text: '*x*' }]);
  });

  test('web links become links, without the punctuation that ends the sentence', () => {
    expect(parseWhatsAppFormat('veja https://exemplo.com/a?b=1.')).toEqual([
      { type: 'text', text: 'veja ' },
      { type: 'link', href: 'https://exemplo.com/a?b=1' },
      { type: 'text', text: '.' },
    ]);
  });

  test('only http and https addresses become links', () => {
    expect(parseWhatsAppFormat('javascript:alert(1)')).toEqual([{ type: 'text', text: 'javascript:alert(1)' }]);
  });

  test('plain text drops the markers', () => {
    expect(plainText(parseWhatsAppFormat('*Ana*:\n~oi~ _tudo_ bem'))).toBe('Ana:\noi tudo bem');
  });
});
