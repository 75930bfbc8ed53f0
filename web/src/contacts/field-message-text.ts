/** The text of a form message in the current language (see contact-form.ts `FieldMessage`). */
import { EXTRA_INFO_MAX } from '../../../shared/contacts';
import { format, type Texts } from '../i18n/texts';
import type { FieldMessage } from './contact-form';
import type { contactsTexts } from './texts';

type ContactsTexts = Texts<(typeof contactsTexts)['pt']>;

export function fieldMessageText(texts: ContactsTexts, message: FieldMessage | undefined): string | undefined {
  if (message === undefined) return undefined;
  if ('text' in message) return message.text;
  return format(texts.fieldMessages[message.key], { max: EXTRA_INFO_MAX });
}
