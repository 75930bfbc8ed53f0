/** The contact's custom fields (name and value pairs) in the contact form: edit, add, remove. */
import { Button, Field, Input, makeStyles, mergeClasses, Subtitle2, tokens } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { EXTRA_INFO_MAX, EXTRA_INFO_NAME_MAX, EXTRA_INFO_VALUE_MAX, type ExtraInfo } from '../../../shared/contacts';
import { format, useTexts } from '../i18n/texts';
import type { ContactFormErrors, ContactFormVariant } from './contact-form';
import { fieldMessageText } from './field-message-text';
import { contactsTexts } from './texts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr auto',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'start',
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr auto', rowGap: tokens.spacingVerticalXS },
  },
  // The 320 px drawer: name, value and the remove button one under the other.
  stacked: { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalXS },
  remove: { marginTop: tokens.spacingVerticalXXL },
  stackedRemove: { marginTop: 0, justifySelf: 'end' },
  add: { alignSelf: 'flex-start' },
});

export interface ExtraInfoFieldsProps {
  readonly items: readonly ExtraInfo[];
  readonly errors: ContactFormErrors['extraInfo'];
  readonly listError: ContactFormErrors['extraInfoList'];
  readonly variant?: ContactFormVariant;
  readonly disabled: boolean;
  readonly onChange: (items: readonly ExtraInfo[]) => void;
  readonly onBlur: () => void;
}

export function ExtraInfoFields({ items, errors, listError, variant = 'modal', disabled, onChange, onBlur }: ExtraInfoFieldsProps) {
  const styles = useStyles();
  const texts = useTexts(contactsTexts);
  const listMessage = fieldMessageText(texts, listError, variant);

  const edit = (index: number, change: Partial<ExtraInfo>) =>
    onChange(items.map((item, at) => (at === index ? { ...item, ...change } : item)));

  return (
    <section className={styles.section}>
      <Subtitle2 as="h3">{texts.modal.extraInfo}</Subtitle2>
      {items.map((item, index) => {
        const rowErrors = errors?.[index];
        const nameError = fieldMessageText(texts, rowErrors?.name, variant);
        const valueError = fieldMessageText(texts, rowErrors?.value, variant);
        return (
          // The rows have no identity of their own; the position is what the form edits.
          <div className={mergeClasses(styles.row, variant === 'drawer' && styles.stacked)} key={index}>
            <Field
              label={texts.modal.extraName}
              {...(nameError !== undefined && { validationMessage: nameError, validationState: 'error' as const })}
            >
              <Input
                value={item.name}
                maxLength={EXTRA_INFO_NAME_MAX}
                disabled={disabled}
                onChange={(_, data) => edit(index, { name: data.value })}
                onBlur={onBlur}
              />
            </Field>
            <Field
              label={texts.modal.extraValue}
              {...(valueError !== undefined && { validationMessage: valueError, validationState: 'error' as const })}
            >
              <Input
                value={item.value}
                maxLength={EXTRA_INFO_VALUE_MAX}
                disabled={disabled}
                onChange={(_, data) => edit(index, { value: data.value })}
                onBlur={onBlur}
              />
            </Field>
            <Button
              className={mergeClasses(styles.remove, variant === 'drawer' && styles.stackedRemove)}
              appearance="subtle"
              icon={<Delete24Regular />}
              aria-label={format(texts.modal.removeExtra, { position: index + 1 })}
              disabled={disabled}
              onClick={() => onChange(items.filter((_, at) => at !== index))}
            />
          </div>
        );
      })}
      {listMessage !== undefined && <Field validationMessage={listMessage} validationState="error" />}
      <Button
        className={styles.add}
        appearance="secondary"
        icon={<Add24Regular />}
        disabled={disabled || items.length >= EXTRA_INFO_MAX}
        onClick={() => onChange([...items, { name: '', value: '' }])}
      >
        {texts.modal.addExtra}
      </Button>
      {items.length >= EXTRA_INFO_MAX && <Field hint={format(texts.modal.maxExtra, { max: EXTRA_INFO_MAX })} />}
    </section>
  );
}
