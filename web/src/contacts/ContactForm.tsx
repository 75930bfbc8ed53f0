/**
 * The contact modal's form (spec 1 §5): name, WhatsApp number with the area-code mask, email and the
 * custom fields. Errors show once a field was left or the form was sent, with the API's own rules
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
  Spinner,
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
  type ContactFormField,
  type ContactFormValues,
} from './contact-form';
import { FORM_SUBMIT_DELAY_MS } from './constants';
import { ExtraInfoFields } from './ExtraInfoFields';
import { fieldMessageText } from './field-message-text';
import { maskPhone } from './phone';
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
});

type Touched = ReadonlySet<ContactFormField | 'extraInfo'>;

export interface ContactFormProps {
  readonly initial: ContactFormValues;
  /** The contact as loaded, when editing. */
  readonly editing?: ContactDto;
  readonly onCancel: () => void;
  readonly onSaved: (contact: ContactDto) => void;
}

export function ContactForm({ initial, editing: editingProp, onCancel, onSaved }: ContactFormProps) {
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
      const body = contactBody(form, editing);
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

  const clientErrors = validateContactForm(values, editing);
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
    const text = fieldMessageText(texts, errors[field]);
    return text === undefined ? {} : { validationMessage: text, validationState: 'error' as const };
  };
  const busy = save.isPending;
  const isGroup = editing?.isGroup === true;

  return (
    <DialogBody>
      <DialogTitle>{editing === undefined ? texts.modal.addTitle : texts.modal.editTitle}</DialogTitle>
      <DialogContent>
        <form id={formId} className={styles.form} noValidate onSubmit={submit}>
          <div className={styles.pair}>
            <Field label={texts.modal.name} required {...message('name')}>
              <Input
                value={values.name}
                autoFocus
                disabled={busy}
                onChange={(_, data) => change({ name: data.value })}
                onBlur={() => leave('name')}
              />
            </Field>
            <Field
              label={texts.modal.number}
              required
              hint={isGroup ? texts.modal.groupNumberHint : texts.modal.numberHint}
              {...message('number')}
            >
              <Input
                value={values.number}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="(11) 99999-0000"
                readOnly={isGroup}
                disabled={busy}
                onChange={(_, data) => change({ number: maskPhone(data.value) })}
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
            disabled={busy}
            onChange={(extraInfo: readonly ExtraInfo[]) => change({ extraInfo })}
            onBlur={() => leave('extraInfo')}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" disabled={busy} onClick={onCancel}>
          {texts.modal.cancel}
        </Button>
        <Button
          appearance="primary"
          type="submit"
          form={formId}
          disabled={busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
        >
          {busy ? texts.modal.saving : texts.modal.save}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}
