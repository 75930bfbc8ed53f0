/** Every code the server can answer has a text in every language of the web app (spec 1 §8). */
import { ApiError } from '../../../../web/src/api/client';
import { errorMessageOf, errorText, errorTexts } from '../../../../web/src/i18n/errors';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import { ERROR_STATUS } from '../../../../shared/errors';

describe('the web error texts', () => {
  const cases = Object.keys(ERROR_STATUS).flatMap((code) => LANGUAGES.map((language) => [code, language] as const));

  test.each(cases)('translate %s in %s', (code, language) => {
    // Act
    const text = errorText(code, language);

    // Assess
    expect(text).not.toBe(code);
    expect(text.trim()).not.toBe('');
  });

  test.each(['en', 'es'] as const)('are real translations in %s, not the Portuguese copied', (language) => {
    const same = Object.keys(errorTexts.pt).filter(
      (code) => errorTexts[language][code as keyof typeof errorTexts.pt] === errorTexts.pt[code as keyof typeof errorTexts.pt],
    );

    // A few are the same words in both languages; most must differ.
    expect(same.length).toBeLessThan(3);
  });

  test('show an unknown code raw', () => {
    expect(errorText('ERR_SOMETHING_NEW', 'en')).toBe('ERR_SOMETHING_NEW');
  });

  test('do not read inherited object keys as codes', () => {
    expect(errorText('toString', 'pt')).toBe('toString');
  });
});

describe('errorMessageOf', () => {
  test('translates the code of an ApiError in the chosen language', () => {
    expect(errorMessageOf(new ApiError(409, 'ERR_DUPLICATED_CONTACT'), 'es')).toBe('Ya existe un contacto con este número.');
  });

  test('shows the code of an ApiError the catalogue does not know', () => {
    expect(errorMessageOf(new ApiError(418, 'ERR_TEAPOT'), 'pt')).toBe('ERR_TEAPOT');
  });

  test('names the first failed field of a validation error', () => {
    // Prepare
    const error = new ApiError(400, 'ERR_VALIDATION', {
      error: 'ERR_VALIDATION',
      message: 'Too Short!',
      fields: [
        { path: 'name', message: 'Too Short!' },
        { path: 'email', message: 'Invalid email' },
      ],
    });

    // Act
    const text = errorMessageOf(error, 'en');

    // Assess
    expect(text).toBe('Check the fields you filled in. (name: Too Short!)');
  });

  test('falls back to the message of a validation error without fields', () => {
    const error = new ApiError(400, 'ERR_VALIDATION', { error: 'ERR_VALIDATION', message: 'Invalid body' });

    expect(errorMessageOf(error, 'pt')).toBe('Verifique os campos informados. (Invalid body)');
  });

  test('translates a bare code', () => {
    expect(errorMessageOf('ERR_NETWORK', 'en')).toBe('Could not reach the server. Check your connection and try again.');
  });

  test('shows anything else thrown as the unexpected error', () => {
    expect(errorMessageOf(new TypeError('x is undefined'), 'pt')).toBe(
      'Ocorreu um erro inesperado. Tente novamente mais tarde.',
    );
  });
});
