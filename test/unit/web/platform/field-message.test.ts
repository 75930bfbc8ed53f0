import { shownFieldMessage } from '../../../../web/src/platform/field-message';
import { platformTexts } from '../../../../web/src/platform/texts';

const dictionary = platformTexts.pt.fieldMessages;

describe('shownFieldMessage', () => {
  test("shows a message the dictionary knows in the user's language", () => {
    expect(shownFieldMessage('Required', dictionary)).toBe(dictionary.required);
    expect(shownFieldMessage('Too Short!', dictionary)).toBe(dictionary.tooShort);
  });

  test('shows the company form’s CPF/CNPJ refusal in the user’s language', () => {
    expect(shownFieldMessage('CPF ou CNPJ inválido', dictionary)).toBe('CPF ou CNPJ inválido');
    expect(shownFieldMessage('CPF ou CNPJ inválido', platformTexts.en.fieldMessages)).toBe('Invalid CPF or CNPJ');
  });

  test("shows the server's own words for a message the dictionary does not know, and nothing without one", () => {
    expect(shownFieldMessage('Sem sentido', dictionary)).toBe('Sem sentido');
    expect(shownFieldMessage(undefined, dictionary)).toBeUndefined();
  });
});
