import { errorText } from '../../../../web/src/i18n/errors';
import { format } from '../../../../web/src/i18n/texts';

const errorMessage = (code: string) => errorText(code, 'pt');
import {
  readStoredTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
  writeStoredTheme,
} from '../../../../web/src/theme/theme-preference';
import { signInErrorCode } from '../../../../web/src/auth/sign-in-error';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('theme preference', () => {
  test.each([
    [undefined, false, 'light'],
    [undefined, true, 'dark'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
  ] as const)('with stored %p and a system preferring dark %p the theme is %p', (stored, systemDark, expected) => {
    expect(resolveTheme(stored, systemDark)).toBe(expected);
  });

  test('stores the choice and reads it back', () => {
    const storage = memoryStorage();

    writeStoredTheme('dark', () => storage);

    expect(storage.items.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(readStoredTheme(() => storage)).toBe('dark');
  });

  test('ignores a stored value that is not a theme', () => {
    expect(readStoredTheme(() => memoryStorage({ [THEME_STORAGE_KEY]: 'purple' }))).toBeUndefined();
  });

  test('follows the system when storage is unavailable', () => {
    const blocked = () => {
      throw new DOMException('denied', 'SecurityError');
    };

    expect(readStoredTheme(blocked)).toBeUndefined();
    expect(() => writeStoredTheme('dark', blocked)).not.toThrow();
  });
});

describe('texts', () => {
  test('fills placeholders and leaves unknown ones visible', () => {
    expect(format('Olá, {{name}}! {{missing}}', { name: 'Ana' })).toBe('Olá, Ana! {{missing}}');
  });

  test('explains a known error code and shows an unknown one as it came', () => {
    expect(errorMessage('ERR_INVALID_CREDENTIALS')).toMatch(/autenticação/);
    expect(errorMessage('ERR_SOMETHING_NEW')).toBe('ERR_SOMETHING_NEW');
  });

  test('does not resolve inherited object keys as error codes', () => {
    expect(errorMessage('toString')).toBe('toString');
  });

  test('gives a wrong password and an unknown email the same code', () => {
    const wrongPassword = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    const unknownUser = Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });

    expect(signInErrorCode(wrongPassword)).toBe('ERR_INVALID_CREDENTIALS');
    expect(signInErrorCode(unknownUser)).toBe('ERR_INVALID_CREDENTIALS');
  });
});
