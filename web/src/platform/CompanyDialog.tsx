/**
 * The company form (spec 3 §2 Settings, §3, §5; checklist ): name,
 * email, phone, plan, recurrence (only MENSAL offered), due date, status, the campaigns flag and the
 * billing data (spec 3 §3: billing name and address, that is zip code, street, district, city, state;
 * ours: the CPF or CNPJ a PIX charge carries; all optional, and what the checkout's Dados step starts
 * from), plus the password of the company's admin on creation (the backend creates that account with
 * the company's email). Checked with the server's own schema; a new company is POSTed, an existing one PUT.
 */
import { Field, Input, Option, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BILLING_ADDRESS_FIELDS } from '../../../shared/companies';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { companyKeys, saveCompany, type CompanySummary } from '../api/companies';
import { putSavedInList } from '../api/list-cache';
import type { PlanWithUsage } from '../api/plans';
import { useServices } from '../runtime/services';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { ChoiceDropdown } from '../components/ChoiceDropdown';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { companyBody, companyFormOf, companySchema, emptyCompanyForm, recurrenceChoices, type CompanyFormValues } from './company-form';
import { shownFieldMessage } from './field-message';
import { platformTexts } from './texts';

export interface CompanyDialogProps {
  readonly open: boolean;
  /** The company to edit, as listed; none to create one. */
  readonly company?: CompanySummary;
  readonly plans: readonly PlanWithUsage[];
  readonly onClose: () => void;
}

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, border: 'none', margin: 0, padding: 0 },
});

export function CompanyDialog({ open, company, plans, onClose }: CompanyDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <CompanyForm key={company?.id ?? 'new'} {...(company !== undefined && { company })} plans={plans} onClose={onClose} />
    </FormDialog>
  );
}

/** What the browser may fill each address field with (billing section of the HTML autofill tokens). */
const ADDRESS_AUTOCOMPLETE = {
  billingName: 'billing name',
  document: 'off',
  addressZipCode: 'billing postal-code',
  addressStreet: 'billing street-address',
  addressDistrict: 'billing address-level3',
  addressCity: 'billing address-level2',
  addressState: 'billing address-level1',
} as const;

function CompanyForm({ company, plans, onClose }: Omit<CompanyDialogProps, 'open'>) {
  const texts = useTexts(platformTexts);
  const styles = useStyles();
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const creating = company === undefined;

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: company === undefined ? emptyCompanyForm(plans[0]?.id) : companyFormOf(company),
    schema: companySchema(creating),
    body: (form: CompanyFormValues) => companyBody(form, creating),
    save: (body) => saveCompany(api, body, company?.id),
    onSaved: (saved) => {
      putSavedInList(queryClient, companyKeys.list, saved);
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
      toast.success(texts.common.saved);
      onClose();
    },
    onError: (error) => toast.error(error),
  });

  // A dialog opened before the plans arrived starts without one: the first plan becomes the default once
  // they do, unless the super user picked one meanwhile.
  const firstPlanId = plans[0]?.id;
  useEffect(() => {
    if (creating && values.planId === '' && firstPlanId !== undefined) change({ planId: firstPlanId });
  }, [creating, values.planId, firstPlanId, change]);

  const message = (field: string): string | undefined => shownFieldMessage(messages[field], texts.fieldMessages);
  const planName = plans.find((plan) => plan.id === values.planId)?.name ?? '';

  return (
    <FormFrame
      title={creating ? texts.companies.addTitle : texts.companies.editTitle}
      labels={{ save: texts.common.save, saving: texts.common.saving, cancel: texts.common.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.companies.name} required {...fieldValidation(message('name'))}>
        <Input
          value={values.name}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ name: data.value })}
          onBlur={() => leave('name')}
        />
      </Field>
      <Field label={texts.companies.email} required {...fieldValidation(message('email'))}>
        <Input type="email" value={values.email} disabled={busy} onChange={(_, data) => change({ email: data.value })} onBlur={() => leave('email')} />
      </Field>
      <Field label={texts.companies.phone} {...fieldValidation(message('phone'))}>
        <Input type="tel" value={values.phone} disabled={busy} onChange={(_, data) => change({ phone: data.value })} onBlur={() => leave('phone')} />
      </Field>
      <Field label={texts.companies.plan} required {...fieldValidation(message('planId'))}>
        <LocalizedDropdown
          value={planName}
          selectedOptions={values.planId === '' ? [] : [values.planId]}
          disabled={busy}
          onOptionSelect={(_, data) => change({ planId: data.optionValue ?? '' })}
          onBlur={() => leave('planId')}
        >
          {plans.map((plan) => (
            <Option key={plan.id} value={plan.id}>
              {plan.name}
            </Option>
          ))}
        </LocalizedDropdown>
      </Field>
      <Field label={texts.companies.recurrence} {...fieldValidation(message('recurrence'))}>
        <ChoiceDropdown
          choices={recurrenceChoices(values.recurrence)}
          labelOf={(recurrence) => texts.companies.recurrences[recurrence]}
          value={values.recurrence}
          disabled={busy}
          onChoose={(recurrence) => change({ recurrence })}
        />
      </Field>
      <Field label={texts.companies.dueDate} {...fieldValidation(message('dueDate'))}>
        <Input type="date" value={values.dueDate} disabled={busy} onChange={(_, data) => change({ dueDate: data.value })} onBlur={() => leave('dueDate')} />
      </Field>
      <Switch label={texts.companies.status} checked={values.status} disabled={busy} onChange={(_, data) => change({ status: data.checked })} />
      <Switch
        label={texts.companies.campaigns}
        checked={values.campaignsEnabled}
        disabled={busy}
        onChange={(_, data) => change({ campaignsEnabled: data.checked })}
      />
      <fieldset className={styles.group}>
        <legend>
          <Text weight="semibold">{texts.companies.billingAddress}</Text>
        </legend>
        {BILLING_ADDRESS_FIELDS.map((field) => (
          <Field key={field} label={texts.companies[field]} {...fieldValidation(message(field))}>
            <Input
              value={values[field]}
              disabled={busy}
              autoComplete={ADDRESS_AUTOCOMPLETE[field]}
              {...(field === 'document' && { inputMode: 'numeric' as const })}
              onChange={(_, data) => change({ [field]: data.value })}
              onBlur={() => leave(field)}
            />
          </Field>
        ))}
      </fieldset>
      {creating && (
        <Field label={texts.companies.password} required hint={texts.companies.passwordHint} {...fieldValidation(message('password'))}>
          <Input
            type="password"
            autoComplete="new-password"
            value={values.password}
            disabled={busy}
            onChange={(_, data) => change({ password: data.value })}
            onBlur={() => leave('password')}
          />
        </Field>
      )}
    </FormFrame>
  );
}
