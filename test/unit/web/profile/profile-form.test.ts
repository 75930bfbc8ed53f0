import { checkProfile } from '../../../../web/src/profile/profile-form';

const current = { name: 'Ana Souza', email: 'ana@demo.test' };

describe('checkProfile', () => {
  test('sends only the fields that changed', () => {
    // Act
    const check = checkProfile({ name: 'Ana S.', email: 'ana@demo.test', password: '' }, current);

    // Assess
    expect(check).toEqual({ ok: true, changes: { name: 'Ana S.' } });
  });

  test('sends nothing when nothing changed, comparing the email without case and the name trimmed', () => {
    expect(checkProfile({ name: ' Ana Souza ', email: 'ANA@demo.test', password: '' }, current)).toEqual({ ok: true, changes: {} });
  });

  test('keeps the password when the field is blank and sends a new one that meets the policy', () => {
    expect(checkProfile({ ...current, password: 'Secret123' }, current)).toEqual({ ok: true, changes: { password: 'Secret123' } });
  });

  test.each([
    ['', 'required'],
    ['A', 'tooShort'],
    ['A'.repeat(51), 'tooLong'],
  ] as const)('refuses the name %p with %s', (name, error) => {
    expect(checkProfile({ ...current, name, password: '' }, current)).toEqual({ ok: false, errors: { name: error } });
  });

  test('refuses an invalid email', () => {
    expect(checkProfile({ ...current, email: 'not-an-email', password: '' }, current)).toEqual({
      ok: false,
      errors: { email: 'invalidEmail' },
    });
  });

  test.each(['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])('refuses the weak password %p', (password) => {
    expect(checkProfile({ ...current, password }, current)).toEqual({ ok: false, errors: { password: 'weakPassword' } });
  });

  test('refuses a password longer than 50 characters', () => {
    expect(checkProfile({ ...current, password: `Aa1${'x'.repeat(50)}` }, current)).toEqual({
      ok: false,
      errors: { password: 'tooLong' },
    });
  });
});
