import { checkReset, checkSignUp, signUpBody, type ResetForm, type SignUpForm } from '../../../../web/src/public/validation';

const validSignUp: SignUpForm = {
  name: 'Loja da Ana',
  email: 'ana@example.com',
  phone: '(11) 98765-4321',
  password: 'Secret123',
  planId: 'plan-1',
};

const validReset: ResetForm = { email: 'ana@example.com', code: '123456', password: 'Secret123', confirmation: 'Secret123' };

describe('checkSignUp', () => {
  test('accepts a complete form', () => {
    expect(checkSignUp(validSignUp)).toEqual({});
  });

  test('accepts a form without a phone', () => {
    expect(checkSignUp({ ...validSignUp, phone: '' })).toEqual({});
  });

  test.each([
    ['', 'required'],
    ['   ', 'required'],
    ['A', 'tooShort'],
    ['A'.repeat(51), 'tooLong'],
  ])('checks the name %p', (name, problem) => {
    expect(checkSignUp({ ...validSignUp, name })).toEqual({ name: problem });
  });

  test.each([
    ['', 'required'],
    ['abc', 'invalidEmail'],
    ['ana@example', 'invalidEmail'],
    ['ana @example.com', 'invalidEmail'],
  ])('checks the email %p', (email, problem) => {
    expect(checkSignUp({ ...validSignUp, email })).toEqual({ email: problem });
  });

  test('refuses a phone without its area code', () => {
    expect(checkSignUp({ ...validSignUp, phone: '98765-4321' })).toEqual({ phone: 'invalidPhone' });
  });

  test.each(['Secret1', 'secret123', 'SECRET123', 'Secretabc'])('refuses the weak password %p', (password) => {
    expect(checkSignUp({ ...validSignUp, password })).toEqual({ password: 'weakPassword' });
  });

  test('refuses a form without a plan', () => {
    expect(checkSignUp({ ...validSignUp, planId: '' })).toEqual({ planId: 'planRequired' });
  });

  test('reports every field with a problem at once', () => {
    expect(Object.keys(checkSignUp({ name: '', email: '', phone: '', password: '', planId: '' }))).toEqual([
      'name', 'email', 'password', 'planId',
    ]);
  });
});

describe('signUpBody', () => {
  test('sends the phone as digits, the email lower case and nothing the server decides', () => {
    const body = signUpBody({ ...validSignUp, name: ' Loja da Ana ', email: 'Ana@Example.com ' });

    expect(body).toEqual({ name: 'Loja da Ana', email: 'ana@example.com', phone: '11987654321', password: 'Secret123', planId: 'plan-1' });
  });
});

describe('checkReset', () => {
  test('accepts a complete form', () => {
    expect(checkReset(validReset)).toEqual({});
  });

  test('refuses a confirmation that differs from the new password', () => {
    expect(checkReset({ ...validReset, confirmation: 'Secret124' })).toEqual({ confirmation: 'passwordsDontMatch' });
  });

  test('refuses abcdefgh and accepts Abcdefg1 (docs/architecture.md §8)', () => {
    expect(checkReset({ ...validReset, password: 'abcdefgh', confirmation: 'abcdefgh' })).toEqual({ password: 'weakPassword' });
    expect(checkReset({ ...validReset, password: 'Abcdefg1', confirmation: 'Abcdefg1' })).toEqual({});
  });

  test('needs the code', () => {
    expect(checkReset({ ...validReset, code: ' ' })).toEqual({ code: 'required' });
  });
});
