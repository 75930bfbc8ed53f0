/**
 * The campaign form's part for a Cloud API connection (issue 32): Meta takes only an approved template
 * from a business that writes first, so such a campaign sends one to every contact instead of the
 * message texts. It says so, offers the connection's approved templates (as last synced; none: a link to
 * its templates page), one field per `{{n}}` of the chosen body (each may use the campaign's variables in
 * braces, filled per contact by the server; the first starts as `{nome}`), and the body as every contact
 * gets it with those values as typed.
 */
import { Body1, Field, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { TemplateMessage } from '../../../shared/whatsapp-cloud';
import { useWhatsAppTemplates } from '../api/whatsapp-templates';
import { LoadErrorBar } from '../components/LoadErrorBar';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { RouterLink } from '../components/RouterLink';
import { fieldValidation } from '../components/use-schema-form';
import { format, type Texts } from '../i18n/texts';
import { connectionTemplatesPath } from '../runtime/paths';
import { sendableTemplates, templateLabel } from '../whatsapp-templates/template-display';
import { TemplateFill } from '../whatsapp-templates/TemplateFill';
import { TemplateOptions } from '../whatsapp-templates/TemplateOptions';
import { campaignTemplateOf } from './campaign-form';
import type { campaignsTexts } from './texts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  dropdown: { minWidth: 0, width: '100%' },
});

export interface CampaignTemplateFieldsProps {
  readonly whatsappId: string;
  readonly value: TemplateMessage | null;
  readonly onChange: (template: TemplateMessage | null) => void;
  readonly onLeave: () => void;
  /** The form's messages by path: `template` and `template.variables.<n>`. */
  readonly messageOf: (path: string) => string | undefined;
  /** The campaign's variables in braces, as the message tabs list them. */
  readonly variables: string;
  readonly disabled: boolean;
  readonly texts: Texts<typeof campaignsTexts.pt>['dialog']['cloud'];
}

const keyOf = (template: Pick<TemplateMessage, 'name' | 'language'>) => `${template.name}#${template.language}`;

export function CampaignTemplateFields({ whatsappId, value, onChange, onLeave, messageOf, variables, disabled, texts }: CampaignTemplateFieldsProps) {
  const styles = useStyles();
  const list = useWhatsAppTemplates(whatsappId);
  const templates = sendableTemplates(list.data?.records ?? []);
  const chosen = value === null ? undefined : templates.find((template) => keyOf(template) === keyOf(value));

  const setVariable = (index: number, text: string) => {
    if (value !== null) onChange({ ...value, variables: value.variables.map((old, at) => (at === index ? text : old)) });
  };

  return (
    <div className={styles.root}>
      <Text className={styles.hint}>{texts.hint}</Text>
      {list.isPending && <Spinner size="small" label={texts.loading} />}
      {list.isError && list.data === undefined && <LoadErrorBar message={texts.loadError} retryLabel={texts.retry} onRetry={() => void list.refetch()} />}
      {list.data !== undefined && templates.length === 0 && (
        <>
          <Body1>{texts.none}</Body1>
          <RouterLink to={connectionTemplatesPath(whatsappId)}>{texts.seeTemplates}</RouterLink>
        </>
      )}
      {(templates.length > 0 || value !== null) && (
        <Field label={texts.template} required {...fieldValidation(messageOf('template'))}>
          <LocalizedDropdown
            className={styles.dropdown}
            placeholder={texts.placeholder}
            // A saved template no longer approved still shows by its name, for the server's message to explain.
            value={value !== null ? templateLabel(chosen ?? value) : ''}
            selectedOptions={value === null ? [] : [keyOf(value)]}
            disabled={disabled}
            onOptionSelect={(_, data) => {
              const picked = templates.find((template) => keyOf(template) === data.optionValue);
              if (picked !== undefined) onChange(campaignTemplateOf(picked));
            }}
            onBlur={onLeave}
          >
            <TemplateOptions templates={templates} valueFor={keyOf} />
          </LocalizedDropdown>
        </Field>
      )}
      {chosen !== undefined && value !== null && (
        <TemplateFill
          template={chosen}
          variables={value.variables}
          texts={{ variable: texts.variable, preview: texts.preview, variables: texts.variables, variablesHint: format(texts.variablesHint, { variables }) }}
          disabled={disabled}
          onVariable={setVariable}
          messageOf={(index) => messageOf(`template.variables.${index}`)}
          onBlur={onLeave}
          maxLength={1024}
        />
      )}
    </div>
  );
}
