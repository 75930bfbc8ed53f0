/** A CPF or CNPJ as people write it, from the digits the API stores (the checkout and the company form). */
import { formatDocument } from '../../../../web/src/billing/tax-id-format';

describe('formatDocument', () => {
  test('punctuates a CPF’s 11 digits and a CNPJ’s 14', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
  });

  test('leaves anything else as it came', () => {
    for (const typed of ['', '529.982.247-25', '5299822', '123456789012', 'ABC']) expect(formatDocument(typed)).toBe(typed);
  });
});
