/**
 * The contact form (spec 1 §5): name, WhatsApp number, email and the custom fields. In the contact
 * modal (variant `modal`) the number has the area-code mask; in the side drawer of a ticket (variant
 * `drawer`, shown inline) it is the stored number, unmasked, and the length messages are 'Too Short!' /
 * 'Too Long!'. Errors show once a field was left or the form was sent, with the API's own rules
 * (contact-form.ts). Saving posts or puts the contact, puts it in the cached lists at once (the
 * realtime event then finds it there), and reports 'Contato salvo com sucesso.'.
 */
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { ContactDto, ExtraInfo } from '../../../shared/contacts';
import type { ErrorBody } from '../../../shared/errors';
import { ApiError } from '../api/client';
import { useServices } from '../app/services';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { applyContactEvent } from './contact-cache';
import {
  collectErrors,
  contactBody,
  hasErrors,
  validateContactForm,
  type ContactFormErrors,
  typedNumber,
  type ContactFormField,
  type ContactFormValues,
  type ContactFormVariant,
} from './contact-form';
import { FORM_SUBMIT_DELAY_MS } from './constants';
import { ExtraInfoFields } from './ExtraInfoFields';
import { fieldMessageText } from './field-message-text';
import { contactsTexts } from './texts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  pair: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalM,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr' },
  },
  // The drawer is 320 px wide: one field per line.
  stacked: { gridTemplateColumns: '1fr' },
  inline: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  inlineActions: { display: 'flex', justifyContent: 'flex-end', columnGap: tokens.spacingHorizontalS },
});

type Touched = ReadonlySet<ContactFormField | 'extraInfo'>;

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
  const formId = useId();

  // The contact as the form was opened on: what an unchanged number is compared with, even if the
  // cached contact changes meanwhile.
  const [editing] = useState(editingProp);
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Touched>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ContactFormErrors>({});

  const save = useMutation({
    mutationFn: async (form: ContactFormValues) => {
      await new Promise((resolve) => setTimeout(resolve, FORM_SUBMIT_DELAY_MS));
      const body = contactBody(form, editing, variant);
      return editing === undefined
        ? api.post<ContactDto>('/contacts', body)
        : api.put<ContactDto>(`/contacts/${encodeURIComponent(editing.id)}`, body);
    },
    onSuccess: (contact) => {
      applyContactEvent(queryClient, { action: editing === undefined ? 'create' : 'update', contact });
      toast.success(texts.modal.saved);
      onSaved(contact);
    },
    onError: (error) => {
      const fields = error instanceof ApiError && error.code === 'ERR_VALIDATION' ? (error.body as ErrorBody | undefined)?.fields : undefined;
      if (fields !== undefined && fields.length > 0) setServerErrors(collectErrors(fields));
      else toast.error(error);
    },
  });

  const clientErrors = validateContactForm(values, editing, variant);
  const shown = (field: ContactFormField | 'extraInfo') => submitted || touched.has(field);
  const errors: ContactFormErrors = {
    ...serverErrors,
    ...(shown('name') && clientErrors.name !== undefined && { name: clientErrors.name }),
    ...(shown('number') && clientErrors.number !== undefined && { number: clientErrors.number }),
    ...(shown('email') && clientErrors.email !== undefined && { email: clientErrors.email }),
    ...(shown('extraInfo') && clientErrors.extraInfo !== undefined && { extraInfo: clientErrors.extraInfo }),
    ...(shown('extraInfo') && clientErrors.extraInfoList !== undefined && { extraInfoList: clientErrors.extraInfoList }),
  };

  const change = (next: Partial<ContactFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setServerErrors({});
  };
  const leave = (field: ContactFormField | 'extraInfo') => setTouched((current) => new Set(current).add(field));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(clientErrors) || save.isPending) return;
    save.mutate(values);
  };

  const message = (field: ContactFormField) => {
    const text = fieldMessageText(texts, errors[field], variant);
    return text === undefined ? {} : { validationMessage: text, validationState: 'error' as const };
  };
  const busy = save.isPending;
  const isGroup = editing?.isGroup === true;

  const drawer = variant === 'drawer';
  const numberHint = isGroup ? texts.modal.groupNumberHint : drawer ? texts.modal.drawerNumberHint : texts.modal.numberHint;
  const title = editing === undefined ? texts.modal.addTitle : texts.modal.editTitle;

  const form = (
    <form id={formId} className={styles.form} noValidate onSubmit={submit}>
      <div className={mergeClasses(styles.pair, drawer && styles.stacked)}>
        <Field label={texts.modal.name} required {...message('name')}>
          <Input
            value={values.name}
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
    </form>
  );

  const buttons = (
    <>
      <Button appearance="secondary" disabled={busy} onClick={onCancel}>
        {texts.modal.cancel}
      </Button>
      <Button appearance="primary" type="submit" form={formId} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {busy ? texts.modal.saving : texts.modal.save}
      </Button>
    </>
  );

  if (drawer) {
    return (
      <section className={styles.inline} aria-label={title}>
        <Subtitle2 as="h3">{title}</Subtitle2>
        {form}
        <div className={styles.inlineActions}>{buttons}</div>
      </section>
    );
  }
  return (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{form}</DialogContent>
      <DialogActions>{buttons}</DialogActions>
    </DialogBody>
  );
}
