/**
 * The checkout's Dados step without React (spec 3 §3, §5): its values (prefilled from the company's
 * billing data, GET /subscription), the body POST /subscription takes, and the messages of the server's
 * own schema (shared/billing.ts SubscriptionBody: the spec's 'O nome completo é obrigatório', ... and
 * 'CPF ou CNPJ inválido') placed on the step's fields and named by keys of the page's dictionary.
 *
 * The step asks for one full name; the payload wants it in two (firstName, lastName), split at the
 * first space, so 'Maria da Silva' is 'Maria' and 'da Silva'.
 */
import { CHECKOUT_MESSAGES, SubscriptionBody, type BillingDetails, type CheckoutCountry } from '../../../shared/billing';
import { schemaFieldMessages } from '../components/use-schema-form';
import { formatDocument } from './tax-id-format';

export interface CheckoutValues {
  readonly fullName: string;
  /** CPF or CNPJ as typed (dots, dashes and slashes allowed). */
  readonly document: string;
  /** The street address (the payload's `address2`). */
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly zipcode: string;
  /** '' until chosen: the spec requires a choice ('País é obrigatório'). */
  readonly country: CheckoutCountry | '';
  /** Save these as the company's billing data (the payload's `useAddressForPaymentDetails`). */
  readonly saveAsCompanyData: boolean;
}

export type CheckoutField = keyof Omit<CheckoutValues, 'saveAsCompanyData'>;

/** The Dados step's fields in the order it shows them (and checks them). */
export const CHECKOUT_FIELDS = ['fullName', 'document', 'address', 'city', 'state', 'zipcode', 'country'] as const satisfies readonly CheckoutField[];

/** The step as it opens: the company's billing data where it has some, the box to save them ticked. */
export function checkoutValuesOf(details: Partial<BillingDetails> | undefined): CheckoutValues {
  return {
    fullName: details?.billingName ?? '',
    document: formatDocument(details?.document ?? ''),
    address: details?.addressStreet ?? '',
    city: details?.addressCity ?? '',
    state: details?.addressState ?? '',
    zipcode: details?.addressZipCode ?? '',
    country: '',
    saveAsCompanyData: true,
  };
}

/** A full name in the payload's two parts: before and after the first space, spaces around trimmed. */
export function splitFullName(fullName: string): { readonly firstName: string; readonly lastName: string } {
  const name = fullName.trim().replace(/\s+/g, ' ');
  const space = name.indexOf(' ');
  return space === -1 ? { firstName: name, lastName: '' } : { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

/** What the schema reads: the body as typed, before its own trimming and its digits-only document. */
export type CheckoutBodyInput = Omit<SubscriptionBody, 'country'> & { readonly country: CheckoutCountry | '' };

/** The body of POST /subscription for the step's values, the plan chosen and the invoice paid. Never a card field. */
export function checkoutBodyInput(values: CheckoutValues, plan: string, invoiceId: string): CheckoutBodyInput {
  return {
    ...splitFullName(values.fullName),
    address2: values.address,
    city: values.city,
    state: values.state,
    zipcode: values.zipcode,
    country: values.country,
    document: values.document,
    useAddressForPaymentDetails: values.saveAsCompanyData,
    plan,
    invoiceId,
  };
}

/** The body as the server will read it (trimmed, the document's digits), or undefined while the schema refuses it. */
export function checkoutBody(values: CheckoutValues, plan: string, invoiceId: string): SubscriptionBody | undefined {
  const parsed = SubscriptionBody.safeParse(checkoutBodyInput(values, plan, invoiceId));
  return parsed.success ? parsed.data : undefined;
}

/** The step's field a message of the payload is about; undefined for the plan and the invoice (not typed here). */
export function checkoutFieldOf(path: string): CheckoutField | undefined {
  const field = path.split('.')[0];
  switch (field) {
    case 'firstName':
    case 'lastName':
      return 'fullName';
    case 'address2':
      return 'address';
    case 'document':
    case 'city':
    case 'state':
    case 'zipcode':
    case 'country':
      return field;
    default:
      return undefined;
  }
}

/** Messages by the step's field, from messages by the payload's path (the schema's, or an ERR_VALIDATION answer's). */
export function checkoutFieldMessages(byPath: Readonly<Record<string, string>>): Partial<Record<CheckoutField, string>> {
  const messages: Partial<Record<CheckoutField, string>> = {};
  for (const [path, message] of Object.entries(byPath)) {
    const field = checkoutFieldOf(path);
    if (field !== undefined) messages[field] ??= message;
  }
  return messages;
}

/** The schema's messages about the step's values; empty when the step may go on. */
export function checkoutMessages(values: CheckoutValues, plan: string, invoiceId: string): Partial<Record<CheckoutField, string>> {
  return checkoutFieldMessages(schemaFieldMessages(SubscriptionBody, checkoutBodyInput(values, plan, invoiceId)));
}

/** The schema's messages (shared/billing.ts, in Portuguese) by the key of their translation. */
const MESSAGE_KEYS = {
  [CHECKOUT_MESSAGES.fullName]: 'fullNameRequired',
  [CHECKOUT_MESSAGES.address]: 'addressRequired',
  [CHECKOUT_MESSAGES.city]: 'cityRequired',
  [CHECKOUT_MESSAGES.zipcode]: 'zipcodeRequired',
  [CHECKOUT_MESSAGES.country]: 'countryRequired',
  [CHECKOUT_MESSAGES.document]: 'documentInvalid',
  'Too Long!': 'tooLong',
  'Invalid zip code': 'zipcodeInvalid',
} as const;

export type CheckoutMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** The words a field shows: the dictionary's in the user's language, else the message as it came. */
export function shownCheckoutMessage(message: string | undefined, dictionary: Readonly<Record<CheckoutMessageKey, string>>): string | undefined {
  if (message === undefined) return undefined;
  const key = (MESSAGE_KEYS as Readonly<Record<string, CheckoutMessageKey>>)[message];
  return key === undefined ? message : dictionary[key];
}

/** The address on one line for the review: street, city - state, zip code, country (the parts given). */
export function addressLine(values: Pick<CheckoutValues, 'address' | 'city' | 'state' | 'zipcode'>, country: string): string {
  const city = [values.city.trim(), values.state.trim()].filter((part) => part !== '').join(' - ');
  return [values.address.trim(), city, values.zipcode.trim(), country].filter((part) => part !== '').join(', ');
}
