/**
 * The user dialog's rules: which fields each profile may change (and sees), the body it sends on
 * creation and on edit, whether saving ends one's own sign-in, and the schema's messages as the screen
 * shows them.
 */
import type { UserDto } from '../../../../shared/users';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { textsIn } from '../../../../web/src/i18n/texts';
import { usersTexts } from '../../../../web/src/users/texts';
import {
  editableFields,
  emptyUserForm,
  endsOwnSignIn,
  userBody,
  userFieldMessage,
  userFormErrors,
  userFormOf,
  userSchema,
  type EditableFields,
  type UserFormValues,
} from '../../../../web/src/users/user-form';

const ALL: EditableFields = { profile: true, queues: true, settings: true };
const NONE: EditableFields = { profile: false, queues: false, settings: false };

const agent: UserDto = {
  id: 'U2',
  name: 'Bruno Lima',
  email: 'bruno@demo.test',
  profile: 'user',
  super: false,
  allTicket: 'enabled',
  whatsappId: 'W1',
  companyId: 'C1',
  queues: [{ id: 'Q1', name: 'Vendas', color: '#FF0000' }],
  queueIds: ['Q1'],
  online: false,
  company: { id: 'C1', name: 'Demo', email: 'admin@demo.test', dueDate: '2030-12-31', trialExpiration: null, settings: [] },
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const filled = (overrides: Partial<UserFormValues> = {}): UserFormValues => ({
  ...emptyUserForm(),
  name: 'Carla Souza',
  email: 'carla@demo.test',
  password: 'Segura123',
  ...overrides,
});

/** The keys of the messages the dialog would show for the values. */
const messagesFor = (values: UserFormValues, creating: boolean) =>
  userFormErrors(schemaFieldMessages(userSchema(creating), userBody(values, ALL, creating)));

describe('the fields of the user dialog each profile may change', () => {
  it.each(['admin', 'Admin', 'ADMIN'])('gives the profile %s the profile, the queues, the default connection and allTicket', (profile) => {
    expect(editableFields(profile)).toEqual(ALL);
  });

  it.each(['user', 'supervisor', '', 'superuser'])('gives the profile "%s" only name, email and password', (profile) => {
    expect(editableFields(profile)).toEqual(NONE);
  });
});

describe('the body the user dialog sends', () => {
  it('creates a user with every field, an empty default connection sent as none', () => {
    const values = filled({ profile: 'supervisor', queueIds: ['Q1', 'Q2'], allTicket: 'enabled' });

    expect(userBody(values, ALL, true)).toEqual({
      name: 'Carla Souza',
      email: 'carla@demo.test',
      password: 'Segura123',
      profile: 'supervisor',
      queueIds: ['Q1', 'Q2'],
      whatsappId: null,
      allTicket: 'enabled',
    });
  });

  it('sends an admin’s edit without the password when it was left blank, so the server keeps it', () => {
    const body = userBody(userFormOf(agent), ALL, false);

    expect(body).toEqual({
      name: 'Bruno Lima',
      email: 'bruno@demo.test',
      profile: 'user',
      queueIds: ['Q1'],
      whatsappId: 'W1',
      allTicket: 'enabled',
    });
    expect('password' in body).toBe(false);
  });

  it('sends a non-admin’s own profile as name, email and the new password only', () => {
    const body = userBody({ ...userFormOf(agent), name: 'Bruno L.', password: 'NovaSenha1', profile: 'admin', queueIds: [] }, NONE, false);

    expect(body).toEqual({ name: 'Bruno L.', email: 'bruno@demo.test', password: 'NovaSenha1' });
  });

  it('starts an edit from the user as listed, with a blank password', () => {
    expect(userFormOf({ ...agent, whatsappId: null })).toEqual({
      name: 'Bruno Lima',
      email: 'bruno@demo.test',
      password: '',
      profile: 'user',
      queueIds: ['Q1'],
      whatsappId: '',
      allTicket: 'enabled',
    });
  });
});

describe('saving ends one’s own sign-in', () => {
  it('when the editor sends a new password of their own', () => {
    expect(endsOwnSignIn({ name: 'Ana', email: 'ana@demo.test', password: 'NovaSenha1' }, 'U1', 'U1')).toBe(true);
  });

  it('not for another user’s password, a creation, or one’s own edit without a password', () => {
    expect(endsOwnSignIn({ name: 'Ana', email: 'ana@demo.test', password: 'NovaSenha1' }, 'U2', 'U1')).toBe(false);
    expect(endsOwnSignIn({ name: 'Ana', email: 'ana@demo.test', password: 'NovaSenha1' }, undefined, 'U1')).toBe(false);
    expect(endsOwnSignIn({ name: 'Ana', email: 'ana@demo.test' }, 'U1', 'U1')).toBe(false);
  });
});

describe('the messages of the user dialog (spec 3 §5, one password policy)', () => {
  it('takes a complete new user', () => {
    expect(messagesFor(filled(), true)).toEqual({});
  });

  it.each([
    ['', 'required'],
    ['A', 'tooShort'],
    ['A'.repeat(51), 'tooLong'],
  ] as const)('refuses the name %p with %s', (name, key) => {
    expect(messagesFor(filled({ name }), true)).toEqual({ name: { key } });
  });

  it.each([
    ['', 'required'],
    ['abc', 'invalidEmail'],
  ] as const)('refuses the email %p with %s', (email, key) => {
    expect(messagesFor(filled({ email }), true)).toEqual({ email: { key } });
  });

  it('requires the password on creation and keeps the old one when blank on edit', () => {
    expect(messagesFor(filled({ password: '' }), true)).toEqual({ password: { key: 'required' } });
    expect(messagesFor(filled({ password: '' }), false)).toEqual({});
  });

  it.each(['abcd', 'short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])('refuses the weak password %p with the policy', (password) => {
    expect(messagesFor(filled({ password }), false)).toEqual({ password: { key: 'weakPassword' } });
  });

  it('says a password is too long as such', () => {
    expect(messagesFor(filled({ password: `Aa1${'x'.repeat(50)}` }), true)).toEqual({ password: { key: 'tooLong' } });
  });

  it('shows a message the dictionary does not know as the server wrote it, on the field of its path', () => {
    expect(userFieldMessage('queueIds', 'Too many queues')).toEqual({ text: 'Too many queues' });
    expect(userFormErrors({ 'queueIds.3': 'Invalid id' })).toEqual({ queueIds: { text: 'Invalid id' } });
  });

  it('has a translation of every message key in each language', () => {
    for (const language of ['pt', 'en', 'es'] as const) {
      const texts = textsIn(usersTexts, language);
      for (const key of ['required', 'tooShort', 'tooLong', 'invalidEmail', 'weakPassword', 'invalid'] as const) {
        expect(texts.fieldMessages[key]).not.toBe('');
      }
    }
  });
});
