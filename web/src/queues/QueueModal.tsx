/**
 * The queue create and edit dialog (spec 3 §2 Queues, §5, §8, §9), in three tabs: the queue (name,
 * colour from the 50 presets or typed in hex, order, greeting and out-of-hours messages), its work
 * hours (one row per weekday; spec 3 §9's week for a new queue) and its chatbot options (the menu
 * tree). Everything is checked with the server's own schemas (queue-form.ts) and written with one
 * Save: the queue with its hours, then the menu (save-queue-with-menu.ts). A taken colour and a missing
 * greeting show under their field in the catalogue's words. The queue tab also chooses the AI prompt
 * (GET /prompt, shown with the plan's `useOpenAi`) and the chatbot integration (GET /queueIntegration,
 * with `useIntegrations`) that answer the queue's customers, each with a "none" choice; a select the
 * plan does not show is not sent, so the queue keeps what it has (checklist A-026).
 */
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Field,
  Input,
  Label,
  makeStyles,
  Option,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { QUEUE_COLOR_MAX, QUEUE_MESSAGE_MAX, type QueueDto, type QueueOptionDto } from '../../../shared/queues';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { usePrompts } from '../api/prompts';
import { useQueueIntegrationChoices } from '../api/queue-integrations';
import { useQueueOptions } from '../api/queues';
import { useServices } from '../runtime/services';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, schemaFieldMessages, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useErrorText } from '../i18n/errors';
import { useTexts } from '../i18n/texts';
import { IntegrationLogo } from '../queue-integrations/IntegrationLogo';
import { useMe } from '../sign-in/me-context';
import { ColorSwatchGrid } from './ColorSwatchGrid';
import { OptionTreeEditor } from './OptionTreeEditor';
import { applyQueueEvent } from './queue-cache';
import {
  emptyQueueForm,
  FIELD_ERROR_CODES,
  firstTabWithMessages,
  isFieldErrorCode,
  queueFieldMessage,
  queueFormBody,
  queueFormOf,
  queueFormSchema,
  type FieldErrorCode,
  type QueueFormValues,
  type QueueLinks,
  type QueueTab,
} from './queue-form';
import { MenuNotSavedError, saveQueueWithMenu } from './save-queue-with-menu';
import { queuesTexts } from './texts';
import { WorkHoursEditor } from '../components/WorkHoursEditor';
import { defaultWeek } from '../components/work-hours';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  color: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  hexRow: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  preview: {
    flexShrink: 0,
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    // A ring in the theme's stroke, so a colour close to the background still shows.
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralStroke1}`,
  },
  hex: { flexGrow: 1, minWidth: 0 },
  // On a phone the three tabs do not fit one line: they wrap rather than hide one off the side.
  tabs: { flexWrap: 'wrap' },
  links: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalM,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr' },
  },
  option: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
});

export interface QueueModalProps {
  readonly open: boolean;
  /** The queue to edit, as listed; none to create one. */
  readonly queue?: QueueDto;
  /** The colours of the company's queues, so a new queue starts with a free one. */
  readonly takenColors: readonly string[];
  readonly onClose: () => void;
}

export function QueueModal({ open, queue, takenColors, onClose }: QueueModalProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {queue === undefined ? <QueueForm takenColors={takenColors} onClose={onClose} /> : <EditQueue key={queue.id} queue={queue} onClose={onClose} />}
    </FormDialog>
  );
}

/** An existing queue: its menu is read first, then the form opens with both. */
function EditQueue({ queue, onClose }: { readonly queue: QueueDto; readonly onClose: () => void }) {
  const texts = useTexts(queuesTexts);
  const options = useQueueOptions(queue.id);
  if (options.data !== undefined) return <QueueForm queue={queue} stored={options.data} takenColors={[]} onClose={onClose} />;
  return (
    <DialogBody>
      <DialogTitle>{texts.dialog.editTitle}</DialogTitle>
      <DialogContent>
        {options.isError ? (
          <MessageBar intent="error">
            <MessageBarBody>{texts.dialog.optionsLoadError}</MessageBarBody>
          </MessageBar>
        ) : (
          <Spinner label={texts.dialog.loadingOptions} />
        )}
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={onClose}>
          {texts.dialog.cancel}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}

interface QueueFormProps {
  readonly queue?: QueueDto;
  readonly stored?: readonly QueueOptionDto[];
  readonly takenColors: readonly string[];
  readonly onClose: () => void;
}

function QueueForm({ queue, stored = [], takenColors, onClose }: QueueFormProps) {
  const styles = useStyles();
  const texts = useTexts(queuesTexts);
  const errorText = useErrorText();
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const ids = { tabs: useId(), color: useId() };
  const editing = queue !== undefined;
  const schema = queueFormSchema(editing);
  const { plan } = useMe().company;
  const links: QueueLinks = { prompt: plan.useOpenAi === true, integration: plan.useIntegrations === true };
  const body = (values: QueueFormValues) => queueFormBody(values, links);
  const prompts = usePrompts(links.prompt);
  const integrations = useQueueIntegrationChoices(links.integration);

  const [initial] = useState<QueueFormValues>(() => (queue === undefined ? emptyQueueForm(takenColors) : queueFormOf(queue, stored)));
  const [tab, setTab] = useState<QueueTab>('queue');
  // A catalogue error of the last save that belongs to a field; it goes when that field changes.
  const [codeError, setCodeError] = useState<FieldErrorCode>();

  const form = useSchemaForm({
    initial,
    schema,
    body,
    save: (body) => saveQueueWithMenu(api, { body, stored, ...(queue !== undefined && { queueId: queue.id }) }),
    onSaved: (saved) => {
      applyQueueEvent(queryClient, { action: editing ? 'update' : 'create', queue: saved });
      void queryClient.invalidateQueries({ queryKey: queryKeys.queues.options(saved.id) });
      toast.success(texts.dialog.saved);
      onClose();
    },
    onError: (error) => {
      if (error instanceof MenuNotSavedError) {
        applyQueueEvent(queryClient, { action: editing ? 'update' : 'create', queue: error.queue });
        void queryClient.invalidateQueries({ queryKey: queryKeys.queues.options(error.queue.id) });
        toast.failure(texts.dialog.menuNotSaved);
        onClose();
        return;
      }
      if (error instanceof ApiError && isFieldErrorCode(error.code)) {
        setCodeError(error.code);
        setTab('queue');
        return;
      }
      toast.error(error);
    },
  });
  const { values, leave, messages, busy } = form;

  const change = (next: Partial<QueueFormValues>) => {
    if (codeError !== undefined && FIELD_ERROR_CODES[codeError] in next) setCodeError(undefined);
    form.change(next);
  };

  const submit = (event: SubmitEvent) => {
    // A message on a tab not shown would go unseen: the first tab with one comes forward.
    const pending = firstTabWithMessages(schemaFieldMessages(schema, body(values)));
    if (pending !== undefined) setTab(pending);
    form.submit(event);
  };

  const messageText = (message: string | undefined): string | undefined => {
    const shown = queueFieldMessage(message);
    if (shown === undefined) return undefined;
    return 'text' in shown ? shown.text : texts.fieldMessages[shown.key];
  };
  const fieldMessage = (field: keyof QueueFormValues): string | undefined =>
    codeError !== undefined && FIELD_ERROR_CODES[codeError] === field ? errorText(codeError) : messageText(messages[field]);

  const hoursChanged = JSON.stringify(values.schedules) !== JSON.stringify(initial.schedules);
  const promptChoices = prompts.data?.prompts ?? [];
  const chosenPrompt = promptChoices.find((prompt) => prompt.id === values.promptId);
  // A deleted prompt leaves its id on the queue (it answers nothing): said so until another is chosen.
  const promptText =
    values.promptId === '' ? texts.dialog.promptNone : (chosenPrompt?.name ?? (prompts.data !== undefined ? texts.dialog.promptMissing : ''));
  const integrationChoices = integrations.data ?? [];
  const integrationText =
    values.integrationId === '' ? texts.dialog.integrationNone : (integrationChoices.find((each) => each.id === values.integrationId)?.name ?? '');
  const panelId = `${ids.tabs}-${tab}`;

  return (
    <FormFrame
      title={editing ? texts.dialog.editTitle : texts.dialog.addTitle}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TabList className={styles.tabs} aria-label={texts.dialog.tabsLabel} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as QueueTab)}>
        <Tab id={`${ids.tabs}-queue-tab`} value="queue" aria-controls={panelId}>
          {texts.dialog.queueTab}
        </Tab>
        <Tab id={`${ids.tabs}-hours-tab`} value="hours" aria-controls={panelId}>
          {texts.dialog.hoursTab}
        </Tab>
        <Tab id={`${ids.tabs}-options-tab`} value="options" aria-controls={panelId}>
          {texts.dialog.optionsTab}
        </Tab>
      </TabList>

      <div id={panelId} role="tabpanel" aria-labelledby={`${ids.tabs}-${tab}-tab`} className={styles.panel}>
        {tab === 'queue' && (
          <>
            <Field label={texts.dialog.name} required {...fieldValidation(fieldMessage('name'))}>
              <Input
                value={values.name}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
                autoFocus
                disabled={busy}
                onChange={(_, data) => change({ name: data.value })}
                onBlur={() => leave('name')}
              />
            </Field>
            <div className={styles.color} role="group" aria-labelledby={ids.color}>
              <Label id={ids.color} required>
                {texts.dialog.color}
              </Label>
              <ColorSwatchGrid
                label={texts.dialog.palette}
                value={values.color}
                disabled={busy}
                onChange={(color) => change({ color })}
                onBlur={() => leave('color')}
              />
              <Field label={texts.dialog.colorHex} hint={texts.dialog.colorHint} {...fieldValidation(fieldMessage('color'))}>
                {(fieldProps) => (
                  <div className={styles.hexRow}>
                    <span className={styles.preview} style={{ backgroundColor: values.color }} aria-hidden />
                    <Input
                      {...fieldProps}
                      className={styles.hex}
                      value={values.color}
                      maxLength={QUEUE_COLOR_MAX}
                      spellCheck={false}
                      autoComplete="off"
                      disabled={busy}
                      onChange={(_, data) => change({ color: data.value })}
                      onBlur={() => leave('color')}
                    />
                  </div>
                )}
              </Field>
            </div>
            <Field label={texts.dialog.order} hint={editing ? texts.dialog.orderEditHint : texts.dialog.orderHint} {...fieldValidation(fieldMessage('orderQueue'))}>
              <Input
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={values.orderQueue}
                disabled={busy}
                onChange={(_, data) => change({ orderQueue: data.value })}
                onBlur={() => leave('orderQueue')}
              />
            </Field>
            <Field label={texts.dialog.greeting} hint={texts.dialog.greetingHint} {...fieldValidation(fieldMessage('greetingMessage'))}>
              <Textarea
                value={values.greetingMessage}
                maxLength={QUEUE_MESSAGE_MAX}
                resize="vertical"
                disabled={busy}
                onChange={(_, data) => change({ greetingMessage: data.value })}
                onBlur={() => leave('greetingMessage')}
              />
            </Field>
            <Field label={texts.dialog.outOfHours} {...fieldValidation(fieldMessage('outOfHoursMessage'))}>
              <Textarea
                value={values.outOfHoursMessage}
                maxLength={QUEUE_MESSAGE_MAX}
                resize="vertical"
                disabled={busy}
                onChange={(_, data) => change({ outOfHoursMessage: data.value })}
                onBlur={() => leave('outOfHoursMessage')}
              />
            </Field>
            {(links.prompt || links.integration) && (
              <div className={styles.links}>
                {links.prompt && (
                  <Field label={texts.dialog.prompt} hint={texts.dialog.promptHint} {...fieldValidation(fieldMessage('promptId'))}>
                    <LocalizedDropdown
                      value={promptText}
                      selectedOptions={[values.promptId]}
                      disabled={busy}
                      onOptionSelect={(_, data) => change({ promptId: data.optionValue ?? '' })}
                    >
                      <Option value="">{texts.dialog.promptNone}</Option>
                      {promptChoices.map((prompt) => (
                        <Option key={prompt.id} value={prompt.id}>
                          {prompt.name}
                        </Option>
                      ))}
                    </LocalizedDropdown>
                  </Field>
                )}
                {links.integration && (
                  <Field label={texts.dialog.integration} hint={texts.dialog.integrationHint} {...fieldValidation(fieldMessage('integrationId'))}>
                    <LocalizedDropdown
                      value={integrationText}
                      selectedOptions={[values.integrationId]}
                      disabled={busy}
                      onOptionSelect={(_, data) => change({ integrationId: data.optionValue ?? '' })}
                    >
                      <Option value="">{texts.dialog.integrationNone}</Option>
                      {integrationChoices.map((integration) => (
                        <Option key={integration.id} value={integration.id} text={integration.name}>
                          <span className={styles.option}>
                            <IntegrationLogo type={integration.type} small />
                            {integration.name}
                          </span>
                        </Option>
                      ))}
                    </LocalizedDropdown>
                  </Field>
                )}
              </div>
            )}
          </>
        )}
        {tab === 'hours' && (
          <WorkHoursEditor
            week={values.schedules}
            changed={hoursChanged}
            messages={messages}
            messageText={messageText}
            disabled={busy}
            onChange={(schedules) => change({ schedules })}
            onLeave={() => leave('schedules')}
            labels={{ reminder: texts.hours.reminder, closedHint: texts.hours.closedHint }}
            restore={{ label: texts.hours.restore, onClick: () => change({ schedules: defaultWeek() }) }}
          />
        )}
        {tab === 'options' && (
          <OptionTreeEditor
            options={values.options}
            messages={messages}
            messageText={messageText}
            disabled={busy}
            onChange={(options) => change({ options })}
            onLeave={() => leave('options')}
          />
        )}
      </div>
    </FormFrame>
  );
}
