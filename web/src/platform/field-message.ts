/** The shared schemas' messages on the company, plan and help forms, as keys of the platform dictionary. */
const MESSAGE_KEYS = {
  Required: 'required',
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid email': 'invalidEmail',
  'Invalid phone': 'invalidPhone',
  'Invalid date': 'invalidDate',
  'Invalid number': 'invalidNumber',
  'Invalid plan': 'required',
  'The password needs an uppercase letter': 'weakPassword',
  'The password needs a lowercase letter': 'weakPassword',
  'The password needs a digit': 'weakPassword',
  'Invalid value': 'invalid',
  'Invalid video code': 'invalidVideo',
  'Invalid zip code': 'invalidZipCode',
  // shared/companies.ts writes this one in Portuguese (the checkout's wording, shared/billing.ts).
  'CPF ou CNPJ inválido': 'invalidDocument',
} as const;

export type PlatformMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** A key of the dictionary, or the server's text as it came when unknown. */
export function platformFieldMessage(message: string | undefined): { readonly key: PlatformMessageKey } | { readonly text: string } | undefined {
  if (message === undefined) return undefined;
  const key = (MESSAGE_KEYS as Readonly<Record<string, PlatformMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

/** The words a field shows under it: the dictionary's text in the user's language, else the server's. */
export function shownFieldMessage(message: string | undefined, dictionary: Readonly<Record<PlatformMessageKey, string>>): string | undefined {
  const shown = platformFieldMessage(message);
  if (shown === undefined) return undefined;
  return 'text' in shown ? shown.text : dictionary[shown.key];
}
