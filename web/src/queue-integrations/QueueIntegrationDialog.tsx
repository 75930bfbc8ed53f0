/**
 * The integration dialog (spec 3 §3, §5, §7, §9): without `integrationId` it creates an integration,
 * with one it reads it fresh and edits it. The type (only OFFERED_QUEUE_INTEGRATION_TYPES) decides the
 * fields (integration-form.ts):
 * - typebot: the viewer's URL, the bot's slug, the expiry (default 1 minute) and delay (default 1000
 *   ms), the finish and restart keywords and the two messages;
 * - n8n and webhook: the URL, and the signing secret: shown once in this dialog after the save that made
 *   it (a create, or a change from another type), with a copy button and the warning that it will not be
 *   shown again; an edit offers 'new secret' (asked first: the old one stops at once), shown the same way;
 * - dialogflow: the project id, the language and the service account's JSON (write-only: pasted or
 *   loaded from its file; an edit names the stored account and blank keeps it), and the session test
 *   (POST /queueIntegration/testSession), which says what the agent answered or where it failed.
 * Checked with the server's own schema through the kit's useSchemaForm; a refusal that is not about a
 * field shows as its catalogue toast.
 */
import { Body1, Button, DialogActions, DialogBody, DialogContent, DialogTitle, Field, Input, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Option, Spinner, Subtitle2, Text, Textarea, tokens } from '@fluentui/react-components';
import { DocumentArrowUp20Regular } from '@fluentui/react-icons/svg/document-arrow-up';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { ErrorBody } from '../../../shared/errors';
import {
  OFFERED_QUEUE_INTEGRATION_TYPES,
  QUEUE_INTEGRATION_JSON_CONTENT_MAX,
  QUEUE_INTEGRATION_KEYWORD_MAX,
  QUEUE_INTEGRATION_LANGUAGES,
  QUEUE_INTEGRATION_MESSAGE_MAX,
  QUEUE_INTEGRATION_NAME_MAX,
  QUEUE_INTEGRATION_URL_MAX,
  TYPEBOT_DELAY_MESSAGE_MAX,
  TYPEBOT_EXPIRES_MAX,
  type QueueIntegration,
  type QueueIntegrationTestResult,
} from '../../../shared/queue-integrations';
import { ApiError } from '../api/client';
import {
  applyQueueIntegrationEvent,
  carriesSecret,
  renewQueueIntegrationSecret,
  saveQueueIntegration,
  testQueueIntegrationSession,
  useQueueIntegration,
  withoutSecret,
} from '../api/queue-integrations';
import { FormDialog, FormDialogLoading } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { ChoiceDropdown } from '../components/ChoiceDropdown';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useErrorText } from '../i18n/errors';
import { format, useTexts, type Texts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import {
  emptyIntegrationForm,
  fieldsOfType,
  integrationFieldMessage,
  integrationFormBody,
  integrationFormOf,
  integrationFormSchema,
  type IntegrationFormField,
  type IntegrationFormValues,
} from './integration-form';
import { IntegrationLogo } from './IntegrationLogo';
import { SecretBox } from './SecretBox';
import { queueIntegrationsTexts } from './texts';

const useStyles = makeStyles({
  pair: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalM,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr' },
  },
  option: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalM,
    minWidth: 0,
  },
  sectionTitle: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  json: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalS },
  hidden: { display: 'none' },
  answers: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, overflowWrap: 'anywhere' },
});

type DialogTexts = Texts<typeof queueIntegrationsTexts.pt>;

/** The text of a schema or server message: translated when known (with the bound it names), else as it came. */
function messageText(texts: DialogTexts, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const shown = integrationFieldMessage(message);
  if ('text' in shown) return shown.text;
  const text = texts.fieldMessages[shown.key];
  return shown.number === undefined ? text : format(text, { number: shown.number });
}

export interface QueueIntegrationDialogProps {
  readonly open: boolean;
  /** The integration to edit; none to create one. */
  readonly integrationId?: string;
  readonly onClose: () => void;
}

export function QueueIntegrationDialog({ open, integrationId, onClose }: QueueIntegrationDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {integrationId === undefined ? (
        <IntegrationForm initial={emptyIntegrationForm()} onClose={onClose} />
      ) : (
        <EditIntegration integrationId={integrationId} onClose={onClose} />
      )}
    </FormDialog>
  );
}

function EditIntegration({ integrationId, onClose }: { readonly integrationId: string; readonly onClose: () => void }) {
  const texts = useTexts(queueIntegrationsTexts);
  const integration = useQueueIntegration(integrationId);

  // The form starts from the integration as first read; a later realtime update must not wipe what is typed.
  if (integration.data !== undefined && integration.isFetchedAfterMount) {
    return <IntegrationForm key={integrationId} initial={integrationFormOf(integration.data)} editing={integration.data} onClose={onClose} />;
  }
  return (
    <FormDialogLoading
      title={texts.dialog.editTitle}
      failed={integration.isError}
      labels={{ loading: texts.dialog.loading, loadError: texts.dialog.loadError, close: texts.dialog.cancel }}
      onClose={onClose}
    />
  );
}

interface IntegrationFormProps {
  readonly initial: IntegrationFormValues;
  /** The integration as read, when editing. */
  readonly editing?: QueueIntegration;
  readonly onClose: () => void;
}

function IntegrationForm({ initial, editing: editingProp, onClose }: IntegrationFormProps) {
  const styles = useStyles();
  const texts = useTexts(queueIntegrationsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const ids = { secret: useId(), dialogflow: useId() };
  // The integration as the form was opened on, even if the cached one changes meanwhile.
  const [editing] = useState(editingProp);
  // The secret the save made, shown once in place of the form.
  const [madeSecret, setMadeSecret] = useState<string>();
  const storedServiceAccount = editing?.type === 'dialogflow' && editing.hasJsonContent;

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial,
    schema: integrationFormSchema(storedServiceAccount),
    body: integrationFormBody,
    save: (body) => saveQueueIntegration(api, body, editing?.id),
    onSaved: (saved) => {
      applyQueueIntegrationEvent(queryClient, { action: editing === undefined ? 'create' : 'update', record: withoutSecret(saved) });
      toast.success(texts.page.done);
      if (carriesSecret(saved)) setMadeSecret(saved.secret);
      else onClose();
    },
    onError: (error) => toast.error(error),
  });

  if (madeSecret !== undefined) {
    return (
      <DialogBody>
        <DialogTitle>{texts.secret.title}</DialogTitle>
        <DialogContent>
          <SecretBox secret={madeSecret} />
        </DialogContent>
        <DialogActions>
          <Button appearance="primary" onClick={onClose}>
            {texts.secret.close}
          </Button>
        </DialogActions>
      </DialogBody>
    );
  }

  const shows = fieldsOfType(values.type);
  const message = (field: IntegrationFormField) => fieldValidation(messageText(texts, messages[field]));
  const text = (field: Exclude<IntegrationFormField, 'type' | 'language'>) => ({
    value: values[field],
    disabled: busy,
    onChange: (_: unknown, data: { value: string }) => change({ [field]: data.value }),
    onBlur: () => leave(field),
  });
  const urlHint = values.type === 'typebot' ? texts.dialog.typebotUrlHint : values.type === 'n8n' ? texts.dialog.n8nUrlHint : texts.dialog.webhookUrlHint;

  return (
    <FormFrame
      title={editing === undefined ? texts.dialog.addTitle : texts.dialog.editTitle}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <div className={styles.pair}>
        <Field label={texts.dialog.type} required {...message('type')}>
          <LocalizedDropdown
            value={texts.types[values.type]}
            selectedOptions={[values.type]}
            disabled={busy}
            onOptionSelect={(_, data) => {
              const type = OFFERED_QUEUE_INTEGRATION_TYPES.find((each) => each === data.optionValue);
              if (type !== undefined) change({ type });
            }}
          >
            {OFFERED_QUEUE_INTEGRATION_TYPES.map((type) => (
              <Option key={type} value={type} text={texts.types[type]}>
                <span className={styles.option}>
                  <IntegrationLogo type={type} small decorative />
                  {texts.types[type]}
                </span>
              </Option>
            ))}
          </LocalizedDropdown>
        </Field>
        <Field label={texts.dialog.name} required {...message('name')}>
          <Input
            {...text('name')}
            maxLength={QUEUE_INTEGRATION_NAME_MAX}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
            autoFocus
          />
        </Field>
      </div>

      {shows.url && (
        <Field label={values.type === 'typebot' ? texts.dialog.typebotUrl : texts.dialog.url} hint={urlHint} required {...message('urlN8N')}>
          <Input {...text('urlN8N')} type="url" inputMode="url" spellCheck={false} maxLength={QUEUE_INTEGRATION_URL_MAX} placeholder="https://" />
        </Field>
      )}

      {shows.typebot && (
        <>
          <Field label={texts.dialog.typebotSlug} required {...message('typebotSlug')}>
            <Input {...text('typebotSlug')} spellCheck={false} maxLength={100} />
          </Field>
          <div className={styles.pair}>
            <Field label={texts.dialog.typebotExpires} hint={texts.dialog.typebotExpiresHint} {...message('typebotExpires')}>
              <Input {...text('typebotExpires')} type="number" inputMode="numeric" min={0} max={TYPEBOT_EXPIRES_MAX} step={1} />
            </Field>
            <Field label={texts.dialog.typebotDelayMessage} {...message('typebotDelayMessage')}>
              <Input {...text('typebotDelayMessage')} type="number" inputMode="numeric" min={0} max={TYPEBOT_DELAY_MESSAGE_MAX} step={100} />
            </Field>
            <Field label={texts.dialog.typebotKeywordFinish} hint={texts.dialog.typebotKeywordFinishHint} {...message('typebotKeywordFinish')}>
              <Input {...text('typebotKeywordFinish')} maxLength={QUEUE_INTEGRATION_KEYWORD_MAX} />
            </Field>
            <Field label={texts.dialog.typebotKeywordRestart} hint={texts.dialog.typebotKeywordRestartHint} {...message('typebotKeywordRestart')}>
              <Input {...text('typebotKeywordRestart')} maxLength={QUEUE_INTEGRATION_KEYWORD_MAX} />
            </Field>
          </div>
          <Field label={texts.dialog.typebotUnknownMessage} hint={texts.dialog.typebotUnknownMessageHint} {...message('typebotUnknownMessage')}>
            <Textarea {...text('typebotUnknownMessage')} rows={2} resize="vertical" maxLength={QUEUE_INTEGRATION_MESSAGE_MAX} />
          </Field>
          <Field label={texts.dialog.typebotRestartMessage} {...message('typebotRestartMessage')}>
            <Textarea {...text('typebotRestartMessage')} rows={2} resize="vertical" maxLength={QUEUE_INTEGRATION_MESSAGE_MAX} />
          </Field>
        </>
      )}

      {shows.signs && (
        <section className={styles.section} aria-labelledby={ids.secret}>
          <Subtitle2 as="h3" id={ids.secret} className={styles.sectionTitle}>
            {texts.dialog.secretTitle}
          </Subtitle2>
          {editing !== undefined && editing.hasSecret && fieldsOfType(editing.type).signs ? (
            <RenewSecret integrationId={editing.id} disabled={busy} />
          ) : (
            <Body1 className={styles.muted}>{texts.dialog.secretNone}</Body1>
          )}
        </section>
      )}

      {shows.dialogflow && (
        <section className={styles.section} aria-labelledby={ids.dialogflow}>
          <Subtitle2 as="h3" id={ids.dialogflow} className={styles.sectionTitle}>
            {texts.types.dialogflow}
          </Subtitle2>
          <div className={styles.pair}>
            <Field label={texts.dialog.projectName} hint={texts.dialog.projectNameHint} required {...message('projectName')}>
              <Input {...text('projectName')} spellCheck={false} maxLength={100} />
            </Field>
            <Field label={texts.dialog.language} required {...message('language')}>
              <ChoiceDropdown
                placeholder={texts.dialog.languagePlaceholder}
                choices={QUEUE_INTEGRATION_LANGUAGES}
                labelOf={(language) => texts.languages[language]}
                value={values.language}
                disabled={busy}
                onChoose={(language) => change({ language })}
                onBlur={() => leave('language')}
              />
            </Field>
          </div>
          <ServiceAccountField
            value={values.jsonContent}
            stored={storedServiceAccount ? (editing.serviceAccount ?? '') : undefined}
            message={messageText(texts, messages.jsonContent)}
            disabled={busy}
            onChange={(jsonContent) => change({ jsonContent })}
            onLeave={() => leave('jsonContent')}
          />
          <SessionTest
            values={values}
            {...(storedServiceAccount && { integrationId: editing.id })}
            disabled={busy}
          />
        </section>
      )}
    </FormFrame>
  );
}

interface ServiceAccountFieldProps {
  readonly value: string;
  /** The stored account's email when one is stored (blank keeps it). */
  readonly stored: string | undefined;
  readonly message: string | undefined;
  readonly disabled: boolean;
  readonly onChange: (json: string) => void;
  readonly onLeave: () => void;
}

/** The service account's JSON: pasted, or loaded from its file; an edit names the stored account. */
function ServiceAccountField({ value, stored, message, disabled, onChange, onLeave }: ServiceAccountFieldProps) {
  const styles = useStyles();
  const texts = useTexts(queueIntegrationsTexts);
  const fileInput = useRef<HTMLInputElement>(null);
  const [unreadable, setUnreadable] = useState(false);
  const hint = stored === undefined ? texts.dialog.jsonContentHint : format(texts.dialog.jsonContentStored, { account: stored });

  return (
    <>
      <Field label={texts.dialog.jsonContent} hint={hint} required={stored === undefined} {...fieldValidation(unreadable ? texts.dialog.jsonContentFileFailed : message)}>
        <Textarea
          className={styles.json}
          rows={5}
          resize="vertical"
          spellCheck={false}
          value={value}
          maxLength={QUEUE_INTEGRATION_JSON_CONTENT_MAX}
          placeholder='{ "type": "service_account", … }'
          disabled={disabled}
          onChange={(_, data) => {
            setUnreadable(false);
            onChange(data.value);
          }}
          onBlur={onLeave}
        />
      </Field>
      <div className={styles.row}>
        <Button icon={<DocumentArrowUp20Regular />} disabled={disabled} onClick={() => fileInput.current?.click()}>
          {texts.dialog.jsonContentFile}
        </Button>
        {/* Opened by the button beside it, which is what keyboards and screen readers meet. */}
        <input
          ref={fileInput}
          className={styles.hidden}
          type="file"
          accept=".json,application/json"
          aria-label={texts.dialog.jsonContentFileLabel}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again must fire a change.
            event.target.value = '';
            if (file === undefined) return;
            file.text().then(
              (json) => {
                setUnreadable(false);
                onChange(json.trim());
                onLeave();
              },
              () => setUnreadable(true),
            );
          }}
        />
      </div>
    </>
  );
}

interface SessionTestProps {
  readonly values: IntegrationFormValues;
  /** A saved integration whose stored service account the test uses when none is typed. */
  readonly integrationId?: string;
  readonly disabled: boolean;
}

/** The session test (POST /queueIntegration/testSession): what the agent answered, or where it failed. */
function SessionTest({ values, integrationId, disabled }: SessionTestProps) {
  const styles = useStyles();
  const texts = useTexts(queueIntegrationsTexts);
  const errorText = useErrorText();
  const { api } = useServices();
  const test = useMutation({
    mutationFn: () => {
      const body = integrationFormBody(values);
      return testQueueIntegrationSession(api, {
        ...(integrationId !== undefined && { id: integrationId }),
        projectName: body.projectName,
        jsonContent: body.jsonContent,
        language: body.language,
      });
    },
  });

  return (
    <div className={styles.row}>
      <Button disabled={disabled || test.isPending} icon={test.isPending ? <Spinner size="tiny" /> : undefined} onClick={() => test.mutate()}>
        {test.isPending ? texts.dialog.testing : texts.dialog.test}
      </Button>
      <div role="status" aria-live="polite">
        {test.isSuccess && <TestAnswer result={test.data} />}
        {test.isError && (
          <MessageBar intent="error">
            <MessageBarBody>{testFailure(test.error, texts, errorText)}</MessageBarBody>
          </MessageBar>
        )}
      </div>
    </div>
  );
}

function TestAnswer({ result }: { readonly result: QueueIntegrationTestResult }) {
  const styles = useStyles();
  const texts = useTexts(queueIntegrationsTexts);
  return (
    <MessageBar intent="success">
      <MessageBarBody>
        {result.messages.length === 0 ? (
          <Text>{texts.dialog.testNoText}</Text>
        ) : (
          <>
            <Text>{texts.dialog.testAnswered}</Text>
            <ul className={styles.answers}>
              {result.messages.map((answer, index) => (
                // The agent's answers in order (the same text may come twice): a fixed list, keyed by place.
                <li key={index}>{answer}</li>
              ))}
            </ul>
          </>
        )}
        {result.endConversation && <Text>{texts.dialog.testEnds}</Text>}
      </MessageBarBody>
    </MessageBar>
  );
}

/** Why a test failed: the fields it lacks (by their labels), or the catalogue's words and the step that failed. */
function testFailure(error: unknown, texts: DialogTexts, errorText: (codeOrError: unknown) => string): string {
  if (!(error instanceof ApiError)) return errorText(error);
  const body = error.body as ErrorBody | undefined;
  if (error.code === 'ERR_VALIDATION' && body?.fields !== undefined && body.fields.length > 0) {
    const labels: Readonly<Record<string, string>> = {
      projectName: texts.dialog.projectName,
      language: texts.dialog.language,
      jsonContent: texts.dialog.jsonContent,
    };
    return body.fields.map(({ path, message }) => `${labels[path] ?? path}: ${messageText(texts, message) ?? message}`).join(' · ');
  }
  const step = body?.details?.step;
  const status = body?.details?.status;
  const where = typeof step === 'string' ? ` ${format(texts.dialog.testFailedAt, { step, status: typeof status === 'number' ? status : '—' })}` : '';
  return `${errorText(error)}${where}`;
}

/** A stored signing secret: not shown again; 'new secret', asked first, makes one and shows it once. */
function RenewSecret({ integrationId, disabled }: { readonly integrationId: string; readonly disabled: boolean }) {
  const styles = useStyles();
  const texts = useTexts(queueIntegrationsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const renew = useMutation({
    mutationFn: () => renewQueueIntegrationSecret(api, integrationId),
    onSuccess: (renewed) => {
      applyQueueIntegrationEvent(queryClient, { action: 'update', record: withoutSecret(renewed) });
      setAsking(false);
    },
    onError: (error) => {
      setAsking(false);
      toast.error(error);
    },
  });

  if (renew.data !== undefined) return <SecretBox secret={renew.data.secret} />;
  return (
    <>
      <Body1 className={styles.muted}>{texts.dialog.secretStored}</Body1>
      {asking ? (
        <MessageBar intent="warning">
          <MessageBarBody>{texts.dialog.secretRenewWarning}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" appearance="primary" disabled={renew.isPending} onClick={() => renew.mutate()}>
              {texts.dialog.secretRenewConfirm}
            </Button>
            <Button size="small" disabled={renew.isPending} onClick={() => setAsking(false)}>
              {texts.dialog.secretRenewCancel}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <div className={styles.row}>
          <Button disabled={disabled} onClick={() => setAsking(true)}>
            {texts.dialog.secretRenew}
          </Button>
        </div>
      )}
    </>
  );
}
