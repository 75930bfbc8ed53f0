/**
 * The contact form without React: its values, the body it sends, and its errors. Validation is the
 * server's own schema (shared/contacts.ts), so the form refuses exactly what the API would, with the
 * spec's messages (spec 1 §5); the messages are Portuguese there and are turned into keys here for the
 * screen to translate. The form has two places with rules of their own (spec 1 §5), its `variant`:
 * - `modal`, the contact modal: the number masked with the area code, and in the edit modal the loaded
 *   number without its first two characters (the 55);
 * - `drawer`, the contact side drawer of a ticket: the number as stored, with no mask (its messages
 *   differ too: field-message-text.ts).
 */
import { CreateContactBody, EXTRA_INFO_MAX, UpdateContactBody, type ContactDto, type ExtraInfo } from '../../../shared/contacts';
import type { FieldError } from '../../../shared/errors';
import type { ContactBody } from '../api/contacts';
import { schemaFieldMessages, type FieldMessages } from '../components/use-schema-form';
import { maskPhone, numberForEditing } from './phone';

export interface ContactFormValues {
  readonly name: string;
  /** As shown in the masked field. */
  readonly number: string;
  readonly email: string;
  readonly extraInfo: readonly ExtraInfo[];
}

export type ContactFormField = 'name' | 'number' | 'email';

export type ContactFormVariant = 'modal' | 'drawer';

/** The number field's starting text for a stored contact. */
export function shownNumber(contact: Pick<ContactDto, 'number' | 'isGroup'>, variant: ContactFormVariant = 'modal'): string {
  return variant === 'drawer' ? contact.number : numberForEditing(contact.number, contact.isGroup);
}

/** The number field's text for what was typed: masked in the modal, as typed in the drawer. */
export function typedNumber(typed: string, variant: ContactFormVariant = 'modal'): string {
  return variant === 'drawer' ? typed : maskPhone(typed);
}

/** The messages of the contact schemas, by the key of their translation. */
const MESSAGE_KEYS = {
  Obrigatório: 'required',
  'Valor inválido': 'invalidValue',
  'Muito pequeno!': 'tooShort',
  'Muito longo!': 'tooLong',
  'Número inválido': 'invalidNumber',
  'Email inválido': 'invalidEmail',
  [`Máximo de ${EXTRA_INFO_MAX} campos`]: 'tooManyFields',
} as const;

export type FieldMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export type FieldMessage = { readonly key: FieldMessageKey } | { readonly text: string };

export function fieldMessage(message: string): FieldMessage {
  const key = (MESSAGE_KEYS as Readonly<Record<string, FieldMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

export interface ContactFormErrors {
  readonly name?: FieldMessage;
  readonly number?: FieldMessage;
  readonly email?: FieldMessage;
  /** By row of the extra fields. */
  readonly extraInfo?: Readonly<Record<number, { readonly name?: FieldMessage; readonly value?: FieldMessage }>>;
  /** About the extra fields as a whole (too many). */
  readonly extraInfoList?: FieldMessage;
}

export function emptyContactForm(initial: { readonly name?: string; readonly number?: string } = {}): ContactFormValues {
  return { name: initial.name ?? '', number: maskPhone(initial.number ?? ''), email: '', extraInfo: [] };
}

export function contactFormOf(contact: ContactDto, variant: ContactFormVariant = 'modal'): ContactFormValues {
  return {
    name: contact.name,
    number: shownNumber(contact, variant),
    email: contact.email,
    extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
  };
}

export type { ContactBody };

/**
 * What the form sends: POST /contacts with every field; PUT /contacts/{id} without the number when it
 * was left as loaded, so that a number shown in another form (a group's id) is never rewritten.
 */
export function contactBody(values: ContactFormValues, editing?: ContactDto, variant: ContactFormVariant = 'modal'): ContactBody {
  const unchangedNumber = editing !== undefined && values.number === shownNumber(editing, variant);
  return {
    name: values.name,
    ...(unchangedNumber ? {} : { number: values.number }),
    email: values.email,
    extraInfo: values.extraInfo,
  };
}

/** The API's schema of the body: POST /contacts when creating, PUT /contacts/{id} when editing. */
export function contactSchema(editing?: ContactDto) {
  return editing === undefined ? CreateContactBody : UpdateContactBody;
}

/** The form's errors by the rules of the API; empty when it may be sent. */
export function validateContactForm(values: ContactFormValues, editing?: ContactDto, variant: ContactFormVariant = 'modal'): ContactFormErrors {
  return contactFormErrors(schemaFieldMessages(contactSchema(editing), contactBody(values, editing, variant)));
}

/** The messages of a form (components/use-schema-form.ts, by field path) placed on the contact form. */
export function contactFormErrors(messages: FieldMessages): ContactFormErrors {
  return collectErrors(Object.entries(messages).map(([path, message]) => ({ path, message })));
}

/** The errors of the schema, or of an ERR_VALIDATION answer (`fields`), placed on the form; the first one per field wins. */
export function collectErrors(fields: readonly FieldError[]): ContactFormErrors {
  const errors: {
    name?: FieldMessage;
    number?: FieldMessage;
    email?: FieldMessage;
    extraInfo?: Record<number, { name?: FieldMessage; value?: FieldMessage }>;
    extraInfoList?: FieldMessage;
  } = {};
  for (const { path, message } of fields) {
    const [field, row, part] = path.split('.');
    if (field === 'name' || field === 'number' || field === 'email') {
      errors[field] ??= fieldMessage(message);
    } else if (field === 'extraInfo' && row !== undefined && (part === 'name' || part === 'value')) {
      const index = Number(row);
      const rowErrors = (errors.extraInfo ??= {});
      const current = (rowErrors[index] ??= {});
      current[part] ??= fieldMessage(message);
    } else if (field === 'extraInfo') {
      errors.extraInfoList ??= fieldMessage(message);
    }
  }
  return errors;
}

export function hasErrors(errors: ContactFormErrors): boolean {
  return Object.keys(errors).length > 0;
}
