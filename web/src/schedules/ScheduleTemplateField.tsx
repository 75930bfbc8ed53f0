/**
 * The schedule form's 'Modelo' (issue 32), shown when the chosen connection is a Cloud API one: one of
 * its approved templates (as last synced), or none to send the text. A chosen template shows its body,
 * one field per `{{n}}` (the first starts as the contact's name) and the message as it will go out; the
 * filled template is the one the ticket's template dialog shows (whatsapp-templates/TemplateFill.tsx).
 */
import { Field, makeStyles, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import type { ScheduleTemplate } from '../api/schedules';
import { useWhatsAppTemplates, type WhatsAppTemplateDto } from '../api/whatsapp-templates';
import { LoadErrorBar } from '../components/LoadErrorBar';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation } from '../components/use-schema-form';
import { format } from '../i18n/texts';
import { sendableTemplates, templateLabel } from '../whatsapp-templates/template-display';
import { TemplateFill } from '../whatsapp-templates/TemplateFill';
import { TemplateOptions } from '../whatsapp-templates/TemplateOptions';
import { chosenTemplate } from './schedule-form';

const useStyles = makeStyles({
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

export function ScheduleTemplateField({ whatsappId, value, texts, disabled, messageOf, onChoose, onVariable }: ScheduleTemplateFieldProps) {
  const styles = useStyles();
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
          value={value === null ? texts.noTemplate : templateLabel(value)}
          selectedOptions={[chosen?.id ?? NO_TEMPLATE]}
          onOptionSelect={(_, data) => onChoose(templates.find((template) => template.id === data.optionValue) ?? null)}
        >
          <Option value={NO_TEMPLATE}>{texts.noTemplate}</Option>
          <TemplateOptions templates={templates} />
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
        <TemplateFill
          template={chosen}
          variables={value.variables}
          texts={{ variable: texts.templateVariable, preview: texts.templatePreview }}
          disabled={disabled}
          onVariable={onVariable}
          messageOf={(index) => messageOf(`template.variables.${index}`) ?? (index === 0 ? messageOf('template.variables') : undefined)}
        />
      )}
    </>
  );
}
