/**
 * The text of a form message in the current language (see contact-form.ts `FieldMessage`). The side
 * drawer's form says 'Too Short!' / 'Too Long!' where the modal says 'Muito pequeno!' / 'Muito longo!'
 * (spec 1 §5).
 */
import { EXTRA_INFO_MAX } from '../../../shared/contacts';
import { format, type Texts } from '../i18n/texts';
import type { ContactFormVariant, FieldMessage } from './contact-form';
import type { contactsTexts } from './texts';

type ContactsTexts = Texts<(typeof contactsTexts)['pt']>;

export function fieldMessageText(texts: ContactsTexts, message: FieldMessage | undefined, variant: ContactFormVariant = 'modal'): string | undefined {
  if (message === undefined) return undefined;
  if ('text' in message) return message.text;
  const { key } = message;
  const drawerText = variant === 'drawer' && (key === 'tooShort' || key === 'tooLong') ? texts.drawerFieldMessages[key] : undefined;
  return format(drawerText ?? texts.fieldMessages[key], { max: EXTRA_INFO_MAX });
}
