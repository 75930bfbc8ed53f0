/**
 * The prompt dialog (spec 3 §5, §8, §9): without `promptId` it creates a prompt with the spec's
 * defaults, with one it reads the prompt fresh and edits it. The fields: name, the instructions (the
 * AI's training), the model (PROMPT_MODELS), max tokens, the temperature (a slider from 0 to 1 in steps
 * of 0.1), max messages, the queue the ticket goes to when the customer asks for a person (required:
 * 'Informe o setor', under the field and as a toast, spec 3 §8), the API key (a password field, required
 * on a create; on an edit it starts empty and blank keeps the stored key) and, under Advanced, the base
 * URL of an OpenAI-compatible server. Checked with the server's own schema (prompt-form.ts) through the
 * kit's useSchemaForm; a refusal that is not about a field shows as its catalogue toast.
 */
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Field, Input, makeStyles, Option, Slider, Text, Textarea, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { PROMPT_MAX_MESSAGES_LIMIT, PROMPT_MAX_TOKENS_LIMIT, PROMPT_MODELS, PROMPT_TEXT_MAX, type Prompt } from '../../../shared/prompts';
import { applyPromptEvent, savePrompt, usePrompt } from '../api/prompts';
import { useQueues } from '../api/queues';
import { FormDialog, FormDialogLoading } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { ChoiceDropdown } from '../components/ChoiceDropdown';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, schemaFieldMessages, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { LANGUAGE_TAGS, useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import {
  emptyPromptForm,
  lacksQueue,
  promptFieldMessage,
  promptFormBody,
  promptFormOf,
  promptFormSchema,
  type PromptFormField,
  type PromptFormValues,
} from './prompt-form';
import { promptsTexts } from './texts';

const useStyles = makeStyles({
  pair: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalM,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr' },
  },
  slider: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  sliderInput: { flexGrow: 1, minWidth: 0 },
  sliderValue: { minWidth: '2.5em', textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  option: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  swatch: {
    flexShrink: 0,
    width: '12px',
    height: '12px',
    borderRadius: tokens.borderRadiusCircular,
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralStroke1}`,
  },
  advanced: { marginLeft: `calc(-1 * ${tokens.spacingHorizontalM})` },
  advancedPanel: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalS },
});

export interface PromptDialogProps {
  readonly open: boolean;
  /** The prompt to edit; none to create one. */
  readonly promptId?: string;
  readonly onClose: () => void;
}

export function PromptDialog({ open, promptId, onClose }: PromptDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {promptId === undefined ? <PromptForm initial={emptyPromptForm()} onClose={onClose} /> : <EditPrompt promptId={promptId} onClose={onClose} />}
    </FormDialog>
  );
}

function EditPrompt({ promptId, onClose }: { readonly promptId: string; readonly onClose: () => void }) {
  const texts = useTexts(promptsTexts);
  const prompt = usePrompt(promptId);

  // The form starts from the prompt as first read; a later realtime update must not wipe what is typed.
  if (prompt.data !== undefined && prompt.isFetchedAfterMount) {
    return <PromptForm key={promptId} initial={promptFormOf(prompt.data)} editing={prompt.data} onClose={onClose} />;
  }
  return (
    <FormDialogLoading
      title={texts.dialog.editTitle}
      failed={prompt.isError}
      labels={{ loading: texts.dialog.loading, loadError: texts.dialog.loadError, close: texts.dialog.cancel }}
      onClose={onClose}
    />
  );
}

interface PromptFormProps {
  readonly initial: PromptFormValues;
  /** The prompt as read, when editing. */
  readonly editing?: Prompt;
  readonly onClose: () => void;
}

function PromptForm({ initial, editing: editingProp, onClose }: PromptFormProps) {
  const styles = useStyles();
  const texts = useTexts(promptsTexts);
  const { language } = useLanguage();
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const queues = useQueues().data ?? [];
  // The prompt as the form was opened on, even if the cached one changes meanwhile.
  const [editing] = useState(editingProp);
  const isEditing = editing !== undefined;
  const schema = promptFormSchema(isEditing);
  const body = (values: PromptFormValues) => promptFormBody(values, isEditing);
  // Advanced opens by itself when the prompt has a base URL, or when a save finds a problem in it.
  const [advancedOpen, setAdvancedOpen] = useState(initial.baseUrl !== '');

  const form = useSchemaForm({
    initial,
    schema,
    body,
    save: (sent) => savePrompt(api, sent, editing?.id),
    onSaved: (saved) => {
      applyPromptEvent(queryClient, { action: isEditing ? 'update' : 'create', record: saved });
      toast.success(texts.page.done);
      onClose();
    },
    onError: (error) => toast.error(error),
  });
  const { values, change, leave, messages, busy } = form;

  const submit = (event: SubmitEvent) => {
    const pending = schemaFieldMessages(schema, body(values));
    // Spec 3 §5, §8: a save without a queue says 'Informe o setor' as a toast too.
    if (lacksQueue(pending)) toast.failure(texts.fieldMessages.queueRequired);
    if (pending.baseUrl !== undefined) setAdvancedOpen(true);
    form.submit(event);
  };

  const message = (field: PromptFormField) => {
    const found = messages[field];
    if (found === undefined) return {};
    const shown = promptFieldMessage(found);
    return fieldValidation('key' in shown ? texts.fieldMessages[shown.key] : shown.text);
  };
  const numberInput = (field: 'maxTokens' | 'maxMessages', max: number) => ({
    value: values[field],
    type: 'number' as const,
    inputMode: 'numeric' as const,
    min: 1,
    max,
    step: 1,
    disabled: busy,
    onChange: (_: unknown, data: { value: string }) => change({ [field]: data.value }),
    onBlur: () => leave(field),
  });

  const chosenQueue = queues.find((queue) => queue.id === values.queueId) ?? (editing?.queueId === values.queueId ? editing.queue : null);
  const temperature = values.temperature.toLocaleString(LANGUAGE_TAGS[language], { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  return (
    <FormFrame
      title={isEditing ? texts.dialog.editTitle : texts.dialog.addTitle}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.dialog.name} required {...message('name')}>
        <Input
          value={values.name}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ name: data.value })}
          onBlur={() => leave('name')}
        />
      </Field>
      <Field label={texts.dialog.prompt} hint={texts.dialog.promptHint} required {...message('prompt')}>
        <Textarea
          rows={6}
          resize="vertical"
          maxLength={PROMPT_TEXT_MAX}
          value={values.prompt}
          disabled={busy}
          onChange={(_, data) => change({ prompt: data.value })}
          onBlur={() => leave('prompt')}
        />
      </Field>
      <div className={styles.pair}>
        <Field label={texts.dialog.queue} hint={texts.dialog.queueHint} required {...message('queueId')}>
          <LocalizedDropdown
            placeholder={texts.dialog.queuePlaceholder}
            value={chosenQueue?.name ?? ''}
            selectedOptions={values.queueId === '' ? [] : [values.queueId]}
            disabled={busy}
            onOptionSelect={(_, data) => change({ queueId: data.optionValue ?? '' })}
            onBlur={() => leave('queueId')}
          >
            {queues.map((queue) => (
              <Option key={queue.id} value={queue.id} text={queue.name}>
                <span className={styles.option}>
                  <span className={styles.swatch} style={{ backgroundColor: queue.color }} aria-hidden />
                  {queue.name}
                </span>
              </Option>
            ))}
          </LocalizedDropdown>
        </Field>
        <Field label={texts.dialog.model} required {...message('model')}>
          <ChoiceDropdown choices={PROMPT_MODELS} labelOf={(model) => model} value={values.model} disabled={busy} onChoose={(model) => change({ model })} />
        </Field>
        <Field label={texts.dialog.maxTokens} hint={texts.dialog.maxTokensHint} required {...message('maxTokens')}>
          <Input {...numberInput('maxTokens', PROMPT_MAX_TOKENS_LIMIT)} />
        </Field>
        <Field label={texts.dialog.maxMessages} hint={texts.dialog.maxMessagesHint} required {...message('maxMessages')}>
          <Input {...numberInput('maxMessages', PROMPT_MAX_MESSAGES_LIMIT)} />
        </Field>
      </div>
      <Field label={texts.dialog.temperature} hint={texts.dialog.temperatureHint} required {...message('temperature')}>
        {(fieldProps) => (
          <div className={styles.slider}>
            <Slider
              {...fieldProps}
              className={styles.sliderInput}
              min={0}
              max={1}
              step={0.1}
              value={values.temperature}
              disabled={busy}
              onChange={(_, data) => change({ temperature: Math.round(data.value * 10) / 10 })}
            />
            <Text className={styles.sliderValue} aria-hidden>
              {temperature}
            </Text>
          </div>
        )}
      </Field>
      <Field
        label={texts.dialog.apiKey}
        required={!isEditing}
        hint={isEditing ? (editing.hasApiKey ? texts.dialog.apiKeyKeepHint : texts.dialog.apiKeyNoneHint) : undefined}
        {...message('apiKey')}
      >
        <Input
          type="password"
          value={values.apiKey}
          autoComplete="new-password"
          spellCheck={false}
          disabled={busy}
          onChange={(_, data) => change({ apiKey: data.value })}
          onBlur={() => leave('apiKey')}
        />
      </Field>
      <Accordion
        className={styles.advanced}
        collapsible
        openItems={advancedOpen ? ['advanced'] : []}
        onToggle={(_, data) => setAdvancedOpen(data.openItems.includes('advanced'))}
      >
        <AccordionItem value="advanced">
          <AccordionHeader as="h3" size="small">
            {texts.dialog.advanced}
          </AccordionHeader>
          <AccordionPanel className={styles.advancedPanel}>
            <Field label={texts.dialog.baseUrl} hint={texts.dialog.baseUrlHint} {...message('baseUrl')}>
              <Input
                type="url"
                inputMode="url"
                value={values.baseUrl}
                placeholder="https://api.openai.com/v1"
                spellCheck={false}
                disabled={busy}
                onChange={(_, data) => change({ baseUrl: data.value })}
                onBlur={() => leave('baseUrl')}
              />
            </Field>
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
    </FormFrame>
  );
}
