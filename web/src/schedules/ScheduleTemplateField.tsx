/**
 * The schedule form's 'Modelo' (issue 32), shown when the chosen connection is a Cloud API one: one of
 * its approved templates (as last synced), or none to send the text. A chosen template shows its body,
 * one field per `{{n}}` (the first starts as the contact's name) and the message as it will go out; the
 * pieces are the ticket's template dialog's (tickets/conversation/template-send.ts, TemplateBody).
 */
import { Field, Input, makeStyles, mergeClasses, Option, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import type { ScheduleTemplate } from '../api/schedules';
import { useWhatsAppTemplates, type WhatsAppTemplateDto } from '../api/whatsapp-templates';
import { LoadErrorBar } from '../components/LoadErrorBar';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation } from '../components/use-schema-form';
import { format } from '../i18n/texts';
import { templatePreview } from '../tickets/conversation/template-send';
import { sendableTemplates } from '../whatsapp-templates/template-display';
import { TemplateBody } from '../whatsapp-templates/TemplateBody';
import { chosenTemplate } from './schedule-form';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  sectionTitle: { margin: 0 },
  box: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    minWidth: 0,
  },
  preview: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface ScheduleTemplateTexts {
  readonly template: string;
  readonly templateHint: string;
  readonly noTemplate: string;
  readonly templatesLoading: string;
  readonly templatesError: string;
  readonly templateGone: string;
  readonly templateVariable: string;
  readonly templatePreview: string;
  readonly retry: string;
}

export interface ScheduleTemplateFieldProps {
  readonly whatsappId: string;
  readonly value: ScheduleTemplate | null;
  readonly texts: ScheduleTemplateTexts;
  readonly disabled: boolean;
  /** The form's messages about the template (its path's first part), by path: `template`, `template.variables.0`… */
  readonly messageOf: (path: string) => string | undefined;
  readonly onChoose: (template: WhatsAppTemplateDto | null) => void;
  readonly onVariable: (index: number, value: string) => void;
}

const NO_TEMPLATE = '';

const optionText = (template: Pick<WhatsAppTemplateDto, 'name' | 'language'>) => `${template.name} (${template.language})`;

export function ScheduleTemplateField({ whatsappId, value, texts, disabled, messageOf, onChoose, onVariable }: ScheduleTemplateFieldProps) {
  const styles = useStyles();
  const previewHeading = useId();
  const list = useWhatsAppTemplates(whatsappId);
  const templates = sendableTemplates(list.data?.records ?? []);
  const chosen = chosenTemplate(value, templates);
  // Saved with a template the connection no longer has approved: said, so the user picks another or none.
  const gone = value !== null && list.data !== undefined && chosen === undefined;

  return (
    <>
      <Field label={texts.template} hint={texts.templateHint} {...fieldValidation(messageOf('template') ?? messageOf('template.name') ?? messageOf('template.language'))}>
        <LocalizedDropdown
          disabled={disabled || list.data === undefined}
          value={value === null ? texts.noTemplate : optionText(value)}
          selectedOptions={[chosen?.id ?? NO_TEMPLATE]}
          onOptionSelect={(_, data) => onChoose(templates.find((template) => template.id === data.optionValue) ?? null)}
        >
          <Option value={NO_TEMPLATE}>{texts.noTemplate}</Option>
          {templates.map((template) => (
            <Option key={template.id} value={template.id} text={optionText(template)}>
              {optionText(template)}
            </Option>
          ))}
        </LocalizedDropdown>
      </Field>
      {list.isPending && <Spinner size="tiny" label={texts.templatesLoading} />}
      {list.isError && list.data === undefined && <LoadErrorBar message={texts.templatesError} retryLabel={texts.retry} onRetry={() => void list.refetch()} />}
      {gone && (
        <Text role="status" className={styles.error}>
          {format(texts.templateGone, { name: value.name, language: value.language })}
        </Text>
      )}
      {chosen !== undefined && value !== null && (
        <>
          <div className={styles.box}>
            <TemplateBody body={chosen.body} header={chosen.header} footer={chosen.footer} />
          </div>
          {value.variables.map((variable, index) => (
            // A variable is its place in the body, `{{index + 1}}`: the place is its key.
            <Field
              key={index}
              label={format(texts.templateVariable, { placeholder: `{{${index + 1}}}` })}
              required
              {...fieldValidation(messageOf(`template.variables.${index}`) ?? (index === 0 ? messageOf('template.variables') : undefined))}
            >
              <Input value={variable} disabled={disabled} onChange={(_, data) => onVariable(index, data.value)} />
            </Field>
          ))}
          <section className={styles.section} aria-labelledby={previewHeading}>
            <Subtitle2 as="h3" id={previewHeading} className={styles.sectionTitle}>
              {texts.templatePreview}
            </Subtitle2>
            <Text className={mergeClasses(styles.box, styles.preview)}>{templatePreview(chosen.body, value.variables)}</Text>
          </section>
        </>
      )}
    </>
  );
}
