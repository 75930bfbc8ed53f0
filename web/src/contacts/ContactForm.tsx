/**
 * The contact form (spec 1 §5): name, WhatsApp number, email and the custom fields. In the contact
 * modal (variant `modal`) the number has the area-code mask; in the side drawer of a ticket (variant
 * `drawer`, shown inline) it is the stored number, unmasked, and the length messages are 'Too Short!' /
 * 'Too Long!'. Errors show once a field was left or the form was sent, with the API's own rules
 * (contact-form.ts), through the kit's useSchemaForm and FormFrame. Saving posts or puts the contact, puts it in the cached lists at once (the
 * realtime event then finds it there), and reports 'Contato salvo com sucesso.'.
 */
import { Field, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExtraInfo } from '../../../shared/contacts';
import { saveContact, type ContactDto } from '../api/contacts';
import { useServices } from '../runtime/services';
import { FormFrame } from '../components/FormFrame';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { applyContactEvent } from './contact-cache';
import {
  contactBody,
  contactFormErrors,
  contactSchema,
  typedNumber,
  type ContactFormField,
  type ContactFormValues,
  type ContactFormVariant,
} from './contact-form';
import { ExtraInfoFields } from './ExtraInfoFields';
import { fieldMessageText } from './field-message-text';
import { contactsTexts } from './texts';

const useStyles = makeStyles({
  pair: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    // Each field at its own height: stretched to the number's (which has a hint), the name's label and
    // input grew and sank below the number's.
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalM,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr' },
  },
  // The drawer is 320 px wide: one field per line.
  stacked: { gridTemplateColumns: '1fr' },
});

export interface ContactFormProps {
  readonly initial: ContactFormValues;
  /** The contact as loaded, when editing. */
  readonly editing?: ContactDto;
  /** The modal's dialog parts (default), or inline in the contact drawer with the drawer's rules. */
  readonly variant?: ContactFormVariant;
  readonly onCancel: () => void;
  readonly onSaved: (contact: ContactDto) => void;
}

export function ContactForm({ initial, editing: editingProp, variant = 'modal', onCancel, onSaved }: ContactFormProps) {
  const styles = useStyles();
  const texts = useTexts(contactsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();

  // The contact as the form was opened on: what an unchanged number is compared with, even if the
  // cached contact changes meanwhile.
  const [editing] = useState(editingProp);

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial,
    schema: contactSchema(editing),
    body: (form: ContactFormValues) => contactBody(form, editing, variant),
    save: (body) => saveContact(api, body, editing?.id),
    onSaved: (contact) => {
      applyContactEvent(queryClient, { action: editing === undefined ? 'create' : 'update', contact });
      toast.success(texts.modal.saved);
      onSaved(contact);
    },
    onError: (error) => toast.error(error),
  });
  const errors = contactFormErrors(messages);

  const message = (field: ContactFormField) => fieldValidation(fieldMessageText(texts, errors[field], variant));
  const isGroup = editing?.isGroup === true;

  const drawer = variant === 'drawer';
  const numberHint = isGroup ? texts.modal.groupNumberHint : drawer ? texts.modal.drawerNumberHint : texts.modal.numberHint;
  const title = editing === undefined ? texts.modal.addTitle : texts.modal.editTitle;

  return (
    <FormFrame
      title={title}
      labels={{ save: texts.modal.save, saving: texts.modal.saving, cancel: texts.modal.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onCancel}
      inline={drawer}
    >
      <div className={mergeClasses(styles.pair, drawer && styles.stacked)}>
        <Field label={texts.modal.name} required {...message('name')}>
          <Input
            value={values.name}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the form opens on the user's click (the contact dialog, or the drawer's Edit button, which it replaces), and focus goes to its first field
            autoFocus
            disabled={busy}
            onChange={(_, data) => change({ name: data.value })}
            onBlur={() => leave('name')}
          />
        </Field>
        <Field label={texts.modal.number} required hint={numberHint} {...message('number')}>
          <Input
            value={values.number}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...(!drawer && { placeholder: '(11) 99999-0000' })}
            readOnly={isGroup}
            disabled={busy}
            onChange={(_, data) => change({ number: typedNumber(data.value, variant) })}
            onBlur={() => leave('number')}
          />
        </Field>
      </div>
      <Field label={texts.modal.email} {...message('email')}>
        <Input
          value={values.email}
          type="email"
          autoComplete="email"
          disabled={busy}
          onChange={(_, data) => change({ email: data.value })}
          onBlur={() => leave('email')}
        />
      </Field>
      <ExtraInfoFields
        items={values.extraInfo}
        errors={errors.extraInfo}
        listError={errors.extraInfoList}
        variant={variant}
        disabled={busy}
        onChange={(extraInfo: readonly ExtraInfo[]) => change({ extraInfo })}
        onBlur={() => leave('extraInfo')}
      />
    </FormFrame>
  );
}
