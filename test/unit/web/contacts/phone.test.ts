import { normaliseNumber } from '../../../../shared/contacts';
import { displayNumber, maskPhone, numberForEditing } from '../../../../web/src/contacts/phone';

describe('maskPhone', () => {
  test.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['113333', '(11) 3333'],
    ['1133330', '(11) 3333-0'],
    ['1133330000', '(11) 3333-0000'],
    ['11999990000', '(11) 99999-0000'],
  ])('masks %p with the area code as %p', (typed, masked) => {
    expect(maskPhone(typed)).toBe(masked);
  });

  test('keeps only the digits of what was typed in the mask', () => {
    expect(maskPhone('(11) 9a9999-0000x')).toBe('(11) 99999-0000');
  });

  test('drops the separator left alone by a deletion, so backspace removes the digit before it next', () => {
    // Prepare: the user deleted the last digit after the dash.
    const afterBackspace = '(11) 3333-';

    // Act
    const masked = maskPhone(afterBackspace);

    // Assess
    expect(masked).toBe('(11) 3333');
  });

  test('drops a trunk zero before the area code', () => {
    expect(maskPhone('011 99999-0000')).toBe('(11) 99999-0000');
  });

  test('writes a number typed with + as international, without the mask', () => {
    expect(maskPhone('+1 (415) 555-0100')).toBe('+14155550100');
  });

  test('reads a 00 prefix as international', () => {
    expect(maskPhone('0044 20 7946 0000')).toBe('+442079460000');
  });

  test('writes a pasted number longer than a Brazilian one as international rather than cutting it', () => {
    expect(maskPhone('5511999990000')).toBe('+5511999990000');
  });

  test('stops an international number at 15 digits', () => {
    expect(maskPhone('+1234567890123456789')).toBe('+123456789012345');
  });

  test('gives masks that the server stores as the Brazilian number typed', () => {
    expect(normaliseNumber(maskPhone('11999990000'))).toBe('5511999990000');
    expect(normaliseNumber(maskPhone('1133330000'))).toBe('551133330000');
  });
});

describe('numberForEditing', () => {
  test('drops the first two characters, the 55, of a stored Brazilian number and masks the rest', () => {
    expect(numberForEditing('5511999990000')).toBe('(11) 99999-0000');
  });

  test('shows a Brazilian landline the same way', () => {
    expect(numberForEditing('551133330000')).toBe('(11) 3333-0000');
  });

  test('shows a foreign number with + so that saving it unchanged keeps it', () => {
    const shown = numberForEditing('14155550100');

    expect(shown).toBe('+14155550100');
    expect(normaliseNumber(shown)).toBe('14155550100');
  });

  test('keeps a number starting with 55 that is not Brazilian-shaped whole', () => {
    expect(numberForEditing('55123')).toBe('+55123');
  });

  test('shows a group id as it is', () => {
    expect(numberForEditing('120363040000000000', true)).toBe('120363040000000000');
  });

  test.each(['5511999990000', '551133330000', '14155550100', '447911123456'])(
    'shows %p in a form the server stores as the same number',
    (stored) => {
      expect(normaliseNumber(numberForEditing(stored))).toBe(stored);
    },
  );
});

describe('displayNumber', () => {
  test('shows a Brazilian number with country and area code', () => {
    expect(displayNumber('5511999990000')).toBe('+55 (11) 99999-0000');
  });

  test('shows another number with +', () => {
    expect(displayNumber('14155550100')).toBe('+14155550100');
  });

  test('shows a group id as it is', () => {
    expect(displayNumber('5511999990000-1600000000', true)).toBe('5511999990000-1600000000');
  });
});
