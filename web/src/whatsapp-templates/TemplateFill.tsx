/**
 * A chosen Cloud API template filled in (issue 32), as the ticket's template dialog, the schedule form
 * and the campaign form show it: the body with its `{{n}}` placeholders, one field per placeholder, and
 * the message as it will go out (a value not yet typed shows as its placeholder). The value's meaning is
 * the caller's (a contact's name as typed, a campaign's `{nome}` filled per contact by the server).
 */
import { Field, Input, makeStyles, mergeClasses, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import type { WhatsAppTemplateDto } from '../api/whatsapp-templates';
import { fieldValidation } from '../components/use-schema-form';
import { format } from '../i18n/texts';
import { templatePreview } from './template-display';
import { TemplateBody } from './TemplateBody';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  sectionTitle: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  box: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    minWidth: 0,
  },
  preview: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

export interface TemplateFillTexts {
  /** A variable's label, with `{{placeholder}}` for its `{{n}}`. */
  readonly variable: string;
  readonly preview: string;
  /** A heading above the variables' fields; none: the fields follow the body. */
  readonly variables?: string;
  /** A line under that heading. */
  readonly variablesHint?: string;
}

export interface TemplateFillProps {
  readonly template: Pick<WhatsAppTemplateDto, 'body' | 'header' | 'footer'>;
  /** One value per `{{n}}` of the body, in order. */
  readonly variables: readonly string[];
  readonly texts: TemplateFillTexts;
  readonly disabled: boolean;
  readonly onVariable: (index: number, value: string) => void;
  /** The form's message about the value of `{{index + 1}}`, if any. */
  readonly messageOf?: (index: number) => string | undefined;
  readonly onBlur?: () => void;
  readonly maxLength?: number;
}

export function TemplateFill({ template, variables, texts, disabled, onVariable, messageOf, onBlur, maxLength }: TemplateFillProps) {
  const styles = useStyles();
  const previewHeading = useId();
  const fields = variables.map((value, index) => (
    // A variable is its place in the body, `{{index + 1}}`: the place is its key.
    <Field key={index} label={format(texts.variable, { placeholder: `{{${index + 1}}}` })} required {...fieldValidation(messageOf?.(index))}>
      <Input value={value} maxLength={maxLength} disabled={disabled} onChange={(_, data) => onVariable(index, data.value)} onBlur={onBlur} />
    </Field>
  ));
  return (
    <>
      <div className={styles.box}>
        <TemplateBody body={template.body} header={template.header} footer={template.footer} />
      </div>
      {texts.variables === undefined
        ? fields
        : variables.length > 0 && (
            <div className={styles.section}>
              <Subtitle2 as="h3" className={styles.sectionTitle}>
                {texts.variables}
              </Subtitle2>
              {texts.variablesHint !== undefined && <Text className={styles.hint}>{texts.variablesHint}</Text>}
              {fields}
            </div>
          )}
      <section className={styles.section} aria-labelledby={previewHeading}>
        <Subtitle2 as="h3" id={previewHeading} className={styles.sectionTitle}>
          {texts.preview}
        </Subtitle2>
        <Text className={mergeClasses(styles.box, styles.preview)}>{templatePreview(template.body, variables)}</Text>
      </section>
    </>
  );
}
