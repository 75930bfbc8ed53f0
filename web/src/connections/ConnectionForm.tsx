/**
 * The connection form dialog (spec 2 §2, §3, §5, §9; checklist O-006, O-071, O-072): name, default
 * flag, the greeting, closing (the spec's complationMessage), out-of-hours and rating messages, the
 * queues, the transfer queue and its delay, the inactive-ticket expiry and its message, the queue
 * bot's limits, the provider, and, when the company has campaigns, the campaign protections: a daily
 * cap of campaign messages and the hours campaigns may send in (issue 28). Checked by the API's own
 * schema (connection-form.ts) through the kit's useSchemaForm; refusals that are not about one field
 * (the greeting required with more than one queue, the plan's limit, the default connection) show as
 * their catalogue toast.
 *
 * The prompt select (spec 2 §3, §7: GET /prompt) shows where the plan has AI (`useOpenAi`), with a
 * "none" choice; elsewhere the form does not send `promptId`, so an edit keeps the connection's prompt.
 *
 * The provider (chosen on creation, fixed after) is Baileys, Meta's Cloud API (issue 32) or, where the
 * stage offers it, the simulator. A cloud connection takes its four credentials (the token and the
 * secret as passwords, write-only: an edit says whether one is set and keeps it when left empty), and
 * its edit shows the webhook's address and verify token to paste in Meta's app.
 *
 * Saving puts the answer in the cached list at once (the `whatsapp` event that follows finds it
 * there); a creation hands its API token, shown once, to the page.
 */
import { Field, Input, makeStyles, Option, Subtitle2, Switch, Textarea, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { CAMPAIGN_DAILY_LIMIT_MAX } from '../../../shared/connections';
import {
  applyConnectionEventToCache,
  createConnection,
  updateConnection,
  type ConnectionBody,
  type ConnectionDto,
  type ConnectionWithTokenDto,
} from '../api/connections';
import { usePrompts } from '../api/prompts';
import { useQueues } from '../api/queues';
import { useServices } from '../runtime/services';
import { FormFrame } from '../components/FormFrame';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { WorkHoursEditor } from '../components/WorkHoursEditor';
import { defaultWeek } from '../components/work-hours';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { useMe } from '../sign-in/me-context';
import { companyHasCampaigns } from '../sign-in/campaigns';
import { CloudWebhookDetails } from './CloudWebhookDetails';
import {
  campaignScheduleMessages,
  CLOUD_FIELDS,
  connectionBody,
  connectionFieldMessage,
  connectionFormOf,
  connectionSchema,
  emptyConnectionForm,
  messageOf,
  type CloudField,
  type ConnectionFormField,
  type ConnectionFormValues,
} from './connection-form';
import { connectionsTexts } from './texts';

const useStyles = makeStyles({
  pair: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalM,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr' },
  },
  // A section of its own under a rule, so its fields do not read as more of the queue bot's.
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalM,
  },
  sectionTitle: { margin: 0 },
});

export interface ConnectionFormProps {
  /** The connection as it was when the form opened, when editing. */
  readonly editing?: ConnectionDto;
  /** Creating the company's first connection (it starts as the default). */
  readonly first: boolean;
  /** The stage offers the simulator (RuntimeConfig.simulatorEnabled): one more provider to choose. */
  readonly offersSimulator: boolean;
  readonly onCancel: () => void;
  readonly onCreated: (created: ConnectionWithTokenDto) => void;
  readonly onUpdated: () => void;
}

export function ConnectionForm({ editing, first, offersSimulator, onCancel, onCreated, onUpdated }: ConnectionFormProps) {
  const styles = useStyles();
  const texts = useTexts(connectionsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const queues = useQueues().data ?? [];
  const { company } = useMe();
  const campaignsHeading = useId();
  const cloudHeading = useId();
  const sendsPrompt = company.plan.useOpenAi === true;
  const prompts = usePrompts(sendsPrompt).data;

  // Read once: what was typed stays while the list behind the dialog changes, and the campaign hours
  // are compared with what the dialog opened with.
  const [initial] = useState(() => (editing === undefined ? emptyConnectionForm(first) : connectionFormOf(editing)));
  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial,
    schema: connectionSchema(editing),
    body: (form: ConnectionFormValues): ConnectionBody => connectionBody(form, editing !== undefined, sendsPrompt),
    save: (body: ConnectionBody): Promise<ConnectionDto | ConnectionWithTokenDto> =>
      editing === undefined ? createConnection(api, body) : updateConnection(api, editing.id, body),
    onSaved: (saved) => {
      // The token is shown once and never kept with the cached connection.
      const { token: _token, ...connection } = saved as ConnectionWithTokenDto;
      applyConnectionEventToCache(queryClient, { action: 'update', whatsapp: connection });
      toast.success(texts.form.saved);
      if ('token' in saved) onCreated(saved);
      else onUpdated();
    },
    onError: (error) => toast.error(error),
  });

  const message = (field: ConnectionFormField) => {
    const found = messageOf(messages, field);
    if (found === undefined) return {};
    return fieldValidation('key' in found ? texts.fieldMessages[found.key] : found.text);
  };
  const text = (field: 'greetingMessage' | 'completionMessage' | 'outOfHoursMessage' | 'ratingMessage' | 'expiresInactiveMessage') => ({
    value: values[field],
    disabled: busy,
    resize: 'vertical' as const,
    onChange: (_: unknown, data: { value: string }) => change({ [field]: data.value }),
    onBlur: () => leave(field),
  });
  const numberInput = (field: 'timeToTransfer' | 'expiresTicket' | 'timeUseBotQueues' | 'maxUseBotQueues') => ({
    value: values[field],
    type: 'number' as const,
    inputMode: 'numeric' as const,
    min: 0,
    disabled: busy,
    onChange: (_: unknown, data: { value: string }) => change({ [field]: data.value }),
    onBlur: () => leave(field),
  });

  const hoursMessageText = (found: string | undefined): string | undefined => {
    if (found === undefined) return undefined;
    const shown = connectionFieldMessage(found);
    return 'key' in shown ? texts.fieldMessages[shown.key] : shown.text;
  };
  const hoursChanged = JSON.stringify(values.campaignSchedule) !== JSON.stringify(initial.campaignSchedule);

  const providers = offersSimulator ? (['beta', 'cloud', 'simulator'] as const) : (['beta', 'cloud'] as const);
  const cloudLabels: Readonly<Record<CloudField, { readonly label: string; readonly hint: string }>> = {
    cloudPhoneNumberId: { label: texts.form.cloudPhoneNumberId, hint: texts.form.cloudPhoneNumberIdHint },
    cloudBusinessAccountId: { label: texts.form.cloudBusinessAccountId, hint: texts.form.cloudBusinessAccountIdHint },
    cloudAccessToken: { label: texts.form.cloudAccessToken, hint: texts.form.cloudAccessTokenHint },
    cloudAppSecret: { label: texts.form.cloudAppSecret, hint: texts.form.cloudAppSecretHint },
  };
  const cloudField = (field: CloudField): ReactNode => {
    const secret = field === 'cloudAccessToken' || field === 'cloudAppSecret';
    const stored =
      (field === 'cloudAccessToken' && editing?.hasCloudAccessToken === true) || (field === 'cloudAppSecret' && editing?.hasCloudAppSecret === true);
    return (
      <Field
        key={field}
        label={cloudLabels[field].label}
        hint={stored ? texts.form.cloudSecretStored : cloudLabels[field].hint}
        required={!stored}
        {...message(field)}
      >
        <Input
          value={values[field]}
          // Write-only secrets are typed unseen and never offered by the browser's password manager.
          {...(secret ? { type: 'password' as const, autoComplete: 'off' } : { inputMode: 'numeric' as const })}
          disabled={busy}
          onChange={(_, data) => change({ [field]: data.value })}
          onBlur={() => leave(field)}
        />
      </Field>
    );
  };

  const queueName = (id: string) => queues.find((queue) => queue.id === id)?.name ?? '';
  // A deleted prompt leaves its id on the connection (it answers nothing): said so until another is chosen.
  const promptText =
    values.promptId === ''
      ? texts.form.noPrompt
      : (prompts?.prompts.find((prompt) => prompt.id === values.promptId)?.name ?? (prompts !== undefined ? texts.form.promptMissing : ''));
  const selectedQueues = values.queueIds.map(queueName).filter((name) => name !== '').join(', ');

  return (
    <FormFrame
      title={editing === undefined ? texts.form.addTitle : texts.form.editTitle}
      labels={{ save: texts.form.save, saving: texts.form.saving, cancel: texts.form.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className={styles.pair}>
        <Field label={texts.form.name} required {...message('name')}>
          <Input
            value={values.name}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens on the admin's click, and focus goes to its first field
            autoFocus
            disabled={busy}
            onChange={(_, data) => change({ name: data.value })}
            onBlur={() => leave('name')}
          />
        </Field>
        <Field label={texts.form.provider} {...(editing !== undefined && { hint: texts.form.providerFixed })} {...message('provider')}>
          <LocalizedDropdown
            value={texts.form.providers[values.provider]}
            selectedOptions={[values.provider]}
            // The provider cannot change once the connection exists (its sessions or credentials are the provider's).
            disabled={busy || editing !== undefined}
            onOptionSelect={(_, data) => {
              const chosen = providers.find((provider) => provider === data.optionValue);
              if (chosen !== undefined) change({ provider: chosen });
            }}
          >
            {providers.map((provider) => (
              <Option key={provider} value={provider}>
                {texts.form.providers[provider]}
              </Option>
            ))}
          </LocalizedDropdown>
        </Field>
      </div>
      {values.provider === 'cloud' && (
        <section className={styles.section} aria-labelledby={cloudHeading}>
          <Subtitle2 as="h3" id={cloudHeading} className={styles.sectionTitle}>
            {texts.form.cloudTitle}
          </Subtitle2>
          <div className={styles.pair}>{CLOUD_FIELDS.map(cloudField)}</div>
          {editing !== undefined && editing.webhookUrl !== '' && (
            <CloudWebhookDetails webhookUrl={editing.webhookUrl} webhookVerifyToken={editing.webhookVerifyToken} />
          )}
        </section>
      )}
      <Switch
        label={texts.form.isDefault}
        checked={values.isDefault}
        // The default connection stays the default until another one takes the flag (ERR_NO_OTHER_WHATSAPP).
        disabled={busy || editing?.isDefault === true}
        onChange={(_, data) => change({ isDefault: data.checked })}
      />
      <Field label={texts.form.greetingMessage} hint={texts.form.greetingHint} {...message('greetingMessage')}>
        <Textarea rows={3} {...text('greetingMessage')} />
      </Field>
      <Field label={texts.form.completionMessage} {...message('completionMessage')}>
        <Textarea rows={3} {...text('completionMessage')} />
      </Field>
      <Field label={texts.form.outOfHoursMessage} {...message('outOfHoursMessage')}>
        <Textarea rows={3} {...text('outOfHoursMessage')} />
      </Field>
      <Field label={texts.form.ratingMessage} {...message('ratingMessage')}>
        <Textarea rows={3} {...text('ratingMessage')} />
      </Field>
      <Field label={texts.form.queues} {...message('queueIds')}>
        <LocalizedDropdown
          multiselect
          placeholder={texts.form.queuesPlaceholder}
          value={selectedQueues}
          selectedOptions={[...values.queueIds]}
          disabled={busy}
          onOptionSelect={(_, data) => change({ queueIds: data.selectedOptions })}
          onBlur={() => leave('queueIds')}
        >
          {queues.map((queue) => (
            <Option key={queue.id} value={queue.id}>
              {queue.name}
            </Option>
          ))}
        </LocalizedDropdown>
      </Field>
      <div className={styles.pair}>
        <Field label={texts.form.transferQueue} {...message('transferQueueId')}>
          <LocalizedDropdown
            value={values.transferQueueId === '' ? texts.form.noTransferQueue : queueName(values.transferQueueId)}
            selectedOptions={[values.transferQueueId]}
            disabled={busy}
            onOptionSelect={(_, data) => change({ transferQueueId: data.optionValue ?? '' })}
          >
            <Option value="">{texts.form.noTransferQueue}</Option>
            {queues.map((queue) => (
              <Option key={queue.id} value={queue.id}>
                {queue.name}
              </Option>
            ))}
          </LocalizedDropdown>
        </Field>
        <Field label={texts.form.timeToTransfer} hint={texts.form.timeToTransferHint} {...message('timeToTransfer')}>
          <Input {...numberInput('timeToTransfer')} />
        </Field>
        <Field label={texts.form.expiresTicket} hint={texts.form.expiresTicketHint} {...message('expiresTicket')}>
          <Input {...numberInput('expiresTicket')} />
        </Field>
        <Field label={texts.form.timeUseBotQueues} hint={texts.form.timeUseBotQueuesHint} {...message('timeUseBotQueues')}>
          <Input {...numberInput('timeUseBotQueues')} />
        </Field>
        <Field label={texts.form.maxUseBotQueues} {...message('maxUseBotQueues')}>
          <Input {...numberInput('maxUseBotQueues')} />
        </Field>
      </div>
      {sendsPrompt && (
        <Field label={texts.form.prompt} hint={texts.form.promptHint} {...message('promptId')}>
          <LocalizedDropdown
            value={promptText}
            selectedOptions={[values.promptId]}
            disabled={busy}
            onOptionSelect={(_, data) => change({ promptId: data.optionValue ?? '' })}
          >
            <Option value="">{texts.form.noPrompt}</Option>
            {(prompts?.prompts ?? []).map((prompt) => (
              <Option key={prompt.id} value={prompt.id}>
                {prompt.name}
              </Option>
            ))}
          </LocalizedDropdown>
        </Field>
      )}
      <Field label={texts.form.expiresInactiveMessage} {...message('expiresInactiveMessage')}>
        <Textarea rows={3} {...text('expiresInactiveMessage')} />
      </Field>
      {/* Hidden where campaigns are not open to the company; the loaded values are still sent back unchanged. */}
      {companyHasCampaigns(company) && (
        <section className={styles.section} aria-labelledby={campaignsHeading}>
          <Subtitle2 as="h3" id={campaignsHeading} className={styles.sectionTitle}>
            {texts.form.campaigns}
          </Subtitle2>
          <div className={styles.pair}>
            <Field label={texts.form.campaignDailyLimit} hint={texts.form.campaignDailyLimitHint} {...message('campaignDailyLimit')}>
              <Input
                value={values.campaignDailyLimit}
                type="number"
                inputMode="numeric"
                min={1}
                max={CAMPAIGN_DAILY_LIMIT_MAX}
                disabled={busy}
                onChange={(_, data) => change({ campaignDailyLimit: data.value })}
                onBlur={() => leave('campaignDailyLimit')}
              />
            </Field>
          </div>
          <Switch
            label={texts.form.restrictCampaignHours}
            checked={values.restrictCampaignHours}
            disabled={busy}
            onChange={(_, data) => change({ restrictCampaignHours: data.checked })}
          />
          {values.restrictCampaignHours && (
            <WorkHoursEditor
              week={values.campaignSchedule}
              changed={hoursChanged}
              messages={campaignScheduleMessages(messages)}
              messageText={hoursMessageText}
              disabled={busy}
              onChange={(campaignSchedule) => change({ campaignSchedule })}
              onLeave={() => leave('campaignSchedule')}
              labels={{ reminder: texts.form.campaignHoursReminder, closedHint: texts.form.campaignClosedHint }}
              restore={{ label: texts.form.restoreCampaignHours, onClick: () => change({ campaignSchedule: defaultWeek() }) }}
            />
          )}
        </section>
      )}
    </FormFrame>
  );
}
