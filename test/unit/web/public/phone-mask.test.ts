import { maskPhone, phoneDigits } from '../../../../web/src/public/phone-mask';

describe('maskPhone', () => {
  test('formats eleven digits as (99) 99999-9999', () => {
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
  });

  test('ignores a twelfth digit', () => {
    expect(maskPhone('(11) 98765-43210')).toBe('(11) 98765-4321');
  });

  test.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1198765', '(11) 98765'],
    ['11987654', '(11) 98765-4'],
  ])('fills the mask only as far as the digits go: %p -> %p', (typed, shown) => {
    expect(maskPhone(typed)).toBe(shown);
  });

  test('keeps digits and drops letters and symbols', () => {
    expect(maskPhone('+55 (11) abc 9')).toBe('(55) 119');
  });

  test('drops the trailing separator when the last digit is erased', () => {
    expect(maskPhone('(11) 98765-')).toBe('(11) 98765');
  });
});

describe('phoneDigits', () => {
  test('answers the digits the form sends, at most eleven', () => {
    expect(phoneDigits('(11) 98765-4321 99')).toBe('11987654321');
  });
});
