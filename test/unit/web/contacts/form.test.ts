import type { ContactDto } from '../../../../shared/contacts';
import {
  collectErrors,
  contactBody,
  contactFormOf,
  emptyContactForm,
  fieldMessage,
  hasErrors,
  validateContactForm,
  typedNumber,
  type ContactFormValues,
} from '../../../../web/src/contacts/contact-form';
import { fieldMessageText } from '../../../../web/src/contacts/field-message-text';
import { contactsTexts } from '../../../../web/src/contacts/texts';
import { textsIn } from '../../../../web/src/i18n/texts';

const values = (overrides: Partial<ContactFormValues> = {}): ContactFormValues => ({
  name: 'Maria',
  number: '(11) 99999-0000',
  email: '',
  extraInfo: [],
  ...overrides,
});

const stored = (overrides: Partial<ContactDto> = {}): ContactDto => ({
  id: '01J0000000000000000000000',
  name: 'Maria',
  number: '5511999990000',
  email: 'maria@example.com',
  extraInfo: [{ name: 'CPF', value: '123' }],
  profilePicUrl: null,
  isGroup: false,
  whatsapp: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('validateContactForm', () => {
  test('accepts a name, a masked number and no email', () => {
    expect(validateContactForm(values())).toEqual({});
  });

  test('refuses an empty name as required', () => {
    expect(validateContactForm(values({ name: ' ' })).name).toEqual({ key: 'required' });
  });

  test("refuses a one-letter name with 'Muito pequeno!'", () => {
    expect(validateContactForm(values({ name: 'M' })).name).toEqual({ key: 'tooShort' });
  });

  test("refuses a 51-letter name with 'Muito longo!'", () => {
    expect(validateContactForm(values({ name: 'M'.repeat(51) })).name).toEqual({ key: 'tooLong' });
  });

  test('refuses a number of 7 characters as too short', () => {
    expect(validateContactForm(values({ number: '9999000' })).number).toEqual({ key: 'tooShort' });
  });

  test('refuses a masked number without enough digits for a phone', () => {
    expect(validateContactForm(values({ number: '(11) 999' })).number).toEqual({ key: 'invalidNumber' });
  });

  test("refuses 'x@' with 'Email inválido'", () => {
    expect(validateContactForm(values({ email: 'x@' })).email).toEqual({ key: 'invalidEmail' });
  });

  test('places an extra field without a name on its row', () => {
    const errors = validateContactForm(values({ extraInfo: [{ name: 'CPF', value: '1' }, { name: '', value: '2' }] }));

    expect(errors.extraInfo).toEqual({ 1: { name: { key: 'required' } } });
    expect(hasErrors(errors)).toBe(true);
  });

  test("accepts a group's id left as loaded, which is no phone number", () => {
    const group = stored({ number: '120363040000000000000', isGroup: true });

    expect(validateContactForm(contactFormOf(group), group)).toEqual({});
  });
});

describe('contactBody', () => {
  test('sends every field when creating', () => {
    expect(contactBody(values({ email: 'a@b.co' }))).toEqual({
      name: 'Maria',
      number: '(11) 99999-0000',
      email: 'a@b.co',
      extraInfo: [],
    });
  });

  test('leaves the number out of an edit that did not change it', () => {
    const contact = stored();

    const body = contactBody({ ...contactFormOf(contact), name: 'Maria José' }, contact);

    expect(body).toEqual({ name: 'Maria José', email: 'maria@example.com', extraInfo: [{ name: 'CPF', value: '123' }] });
  });

  test('sends the number of an edit that changed it', () => {
    const contact = stored();

    const body = contactBody({ ...contactFormOf(contact), number: '(11) 98888-0000' }, contact);

    expect(body.number).toBe('(11) 98888-0000');
  });
});

describe('the form of a contact', () => {
  test('loads a stored Brazilian number without its first two characters, masked', () => {
    expect(contactFormOf(stored()).number).toBe('(11) 99999-0000');
  });

  test('starts a new contact from the values given, the number masked', () => {
    expect(emptyContactForm({ name: 'Ana', number: '11999990000' })).toEqual({
      name: 'Ana',
      number: '(11) 99999-0000',
      email: '',
      extraInfo: [],
    });
  });
});

describe('server messages', () => {
  test('turns a known schema message into its translation key', () => {
    expect(fieldMessage('Número inválido')).toEqual({ key: 'invalidNumber' });
  });

  test('keeps an unknown message as its text', () => {
    expect(fieldMessage('Something else')).toEqual({ text: 'Something else' });
  });

  test('places the fields of an ERR_VALIDATION answer on the form, the first per field', () => {
    const errors = collectErrors([
      { path: 'number', message: 'Número inválido' },
      { path: 'number', message: 'Muito longo!' },
      { path: 'extraInfo', message: 'Máximo de 20 campos' },
    ]);

    expect(errors).toEqual({ number: { key: 'invalidNumber' }, extraInfoList: { key: 'tooManyFields' } });
  });
});

describe('the contact form of the side drawer (spec 1 §5)', () => {
  test('loads the stored number as it is, without dropping characters or masking it', () => {
    expect(contactFormOf(stored(), 'drawer').number).toBe('5511999990000');
  });

  test('takes the number as typed, where the modal masks it', () => {
    expect(typedNumber('11999990000', 'drawer')).toBe('11999990000');
    expect(typedNumber('11999990000')).toBe('(11) 99999-0000');
  });

  test('leaves the number out of an edit that did not change it', () => {
    const contact = stored();

    const body = contactBody({ ...contactFormOf(contact, 'drawer'), name: 'Maria José' }, contact, 'drawer');

    expect(body).not.toHaveProperty('number');
    expect(validateContactForm({ ...contactFormOf(contact, 'drawer'), name: 'Maria José' }, contact, 'drawer')).toEqual({});
  });

  test('refuses a number of 7 characters and a one-letter name', () => {
    const contact = stored();

    const errors = validateContactForm({ ...contactFormOf(contact, 'drawer'), name: 'M', number: '5511999' }, contact, 'drawer');

    expect(errors.name).toEqual({ key: 'tooShort' });
    expect(errors.number).toEqual({ key: 'tooShort' });
  });

  test("says 'Too Short!' and 'Too Long!' where the modal says 'Muito pequeno!' and 'Muito longo!'", () => {
    const texts = textsIn(contactsTexts, 'pt');

    expect(fieldMessageText(texts, { key: 'tooShort' }, 'drawer')).toBe('Too Short!');
    expect(fieldMessageText(texts, { key: 'tooLong' }, 'drawer')).toBe('Too Long!');
    expect(fieldMessageText(texts, { key: 'tooShort' })).toBe('Muito pequeno!');
    expect(fieldMessageText(texts, { key: 'tooLong' }, 'modal')).toBe('Muito longo!');
  });

  test('words the other messages as the modal does', () => {
    const texts = textsIn(contactsTexts, 'pt');

    expect(fieldMessageText(texts, { key: 'invalidEmail' }, 'drawer')).toBe('Email inválido');
  });
});
