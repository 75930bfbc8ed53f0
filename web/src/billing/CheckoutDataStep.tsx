/**
 * The checkout's Dados step (spec 3 §2, §3, §5): full name, CPF or CNPJ, address, city, state, zip code,
 * country (Brasil or Estados Unidos only) and whether to save them as the company's billing data. A form
 * of its own, so Enter in a field moves on like the Próximo button; the dialog checks the values and
 * passes the messages in (checkout-form.ts).
 */
import { Checkbox, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { SubmitEvent } from 'react';
import { CHECKOUT_COUNTRIES } from '../../../shared/billing';
import { fieldValidation } from '../components/use-schema-form';
import { ChoiceDropdown } from '../components/ChoiceDropdown';
import { useTexts } from '../i18n/texts';
import type { CheckoutField, CheckoutValues } from './checkout-form';
import { billingTexts } from './texts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  pair: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalM,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr' },
  },
});

/** What the browser may fill each field with (billing section of the HTML autofill tokens). */
const AUTOCOMPLETE = {
  fullName: 'billing name',
  document: 'off',
  address: 'billing street-address',
  city: 'billing address-level2',
  state: 'billing address-level1',
  zipcode: 'billing postal-code',
} as const;

export interface CheckoutDataStepProps {
  readonly formId: string;
  readonly values: CheckoutValues;
  /** The messages to show, in the user's language, by field. */
  readonly messages: Partial<Record<CheckoutField, string>>;
  readonly onChange: (next: Partial<CheckoutValues>) => void;
  readonly onLeave: (field: CheckoutField) => void;
  readonly onSubmit: () => void;
}

export function CheckoutDataStep({ formId, values, messages, onChange, onLeave, onSubmit }: CheckoutDataStepProps) {
  const styles = useStyles();
  const texts = useTexts(billingTexts).checkout;

  const text = (field: Exclude<CheckoutField, 'country'>, extra: { readonly inputMode?: 'numeric' } = {}) => ({
    value: values[field],
    autoComplete: AUTOCOMPLETE[field],
    onChange: (_: unknown, data: { value: string }) => onChange({ [field]: data.value }),
    onBlur: () => onLeave(field),
    ...extra,
  });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form id={formId} className={styles.form} noValidate onSubmit={submit}>
      <Field label={texts.fullName} required {...fieldValidation(messages.fullName)}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field */}
        <Input {...text('fullName')} autoFocus />
      </Field>
      <Field label={texts.document} hint={texts.documentHint} required {...fieldValidation(messages.document)}>
        <Input {...text('document', { inputMode: 'numeric' })} />
      </Field>
      <Field label={texts.address} required {...fieldValidation(messages.address)}>
        <Input {...text('address')} />
      </Field>
      <div className={styles.pair}>
        <Field label={texts.city} required {...fieldValidation(messages.city)}>
          <Input {...text('city')} />
        </Field>
        <Field label={texts.state} {...fieldValidation(messages.state)}>
          <Input {...text('state')} />
        </Field>
        <Field label={texts.zipcode} required {...fieldValidation(messages.zipcode)}>
          <Input {...text('zipcode')} />
        </Field>
        <Field label={texts.country} required {...fieldValidation(messages.country)}>
          <ChoiceDropdown
            placeholder={texts.countryPlaceholder}
            choices={CHECKOUT_COUNTRIES}
            labelOf={(country) => texts.countries[country]}
            value={values.country}
            onChoose={(country) => onChange({ country })}
            onBlur={() => onLeave('country')}
          />
        </Field>
      </div>
      <Checkbox
        label={texts.saveAsCompanyData}
        checked={values.saveAsCompanyData}
        onChange={(_, data) => onChange({ saveAsCompanyData: data.checked === true })}
      />
    </form>
  );
}
