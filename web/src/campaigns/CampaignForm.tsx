/**
 * The campaign dialog's form (spec 2 §2, §4, §5, §7; checklist O-052 to O-057, O-086, O-087, O-110,
 * O-138, O-139): the name; the contact list, the tag ('Nenhuma' for none), the connection and the file
 * list, each from its own list; the scheduled date and time (with "now"); five message tabs, Msg. 1 to
 * Msg. 5, with the variables the texts may use in braces (the built-in three and the company's own from
 * /campaigns-config); and an optional attachment. Checked by the schema the server checks with
 * (shared/campaigns.ts CampaignBody: 'Required', 'Too Short!', 'Too Long!').
 *
 * What may change follows the campaign's state (campaign-form.ts campaignAccess): everything while it
 * is editable, only the name and the messages once cancelled (with the save), nothing otherwise (no
 * save). Stop shows while it runs, restart once cancelled; both act at once and close the dialog.
 *
 * On a Cloud API connection (issue 32) the campaign sends an approved template instead of the texts
 * (CampaignTemplateFields.tsx): the file list, the message tabs and the attachment give way to it, and a
 * change of connection drops the template picked for the one before.
 *
 * Saving posts or puts the campaign. An attachment goes before the time is set, since a campaign due
 * now starts on the save that gives it its time and must not start without its file: a new campaign
 * is first created without a time, gets its file, then its time; an edited one gets its file, then
 * its changes. Should a new campaign's file fail, it stays saved without a time (inactive) and says so.
 */
import { Button, Field, Input, makeStyles, Option, Tab, TabList, Text, Textarea, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { Clock20Regular } from '@fluentui/react-icons/svg/clock';
import { ErrorCircle16Filled } from '@fluentui/react-icons/svg/error-circle';
import { RecordStop20Regular } from '@fluentui/react-icons/svg/record-stop';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CampaignBody, CAMPAIGN_MESSAGE_MAX, type CampaignMessageField } from '../../../shared/campaigns';
import {
  applyCampaignEvent,
  deleteCampaignMedia,
  saveCampaign,
  uploadCampaignMedia,
  type Campaign,
  type CampaignRequestBody,
} from '../api/campaigns';
import { useFileListChoices } from '../api/file-lists';
import { useCampaignSettings } from '../api/campaign-settings';
import { useConnections } from '../api/connections';
import { useContactListSummaries } from '../api/contact-lists';
import { useTagOptions } from '../api/tags';
import { attachmentName, attachmentStep, type AttachmentChoice } from '../components/attachment-choice';
import { AttachmentPicker } from '../components/AttachmentPicker';
import { FormFrame } from '../components/FormFrame';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { format, useTexts, type Texts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import {
  campaignAccess,
  campaignBody,
  campaignFieldMessage,
  campaignFormOf,
  EMPTY_CAMPAIGN_FORM,
  isCloudConnection,
  localInputValue,
  MESSAGE_TABS,
  type CampaignFormValues,
} from './campaign-form';
import { campaignVariableTokens } from './campaign-status';
import { CampaignTemplateFields } from './CampaignTemplateFields';
import { campaignsTexts } from './texts';
import { useCampaignControls } from './use-campaign-controls';

const useStyles = makeStyles({
  selects: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  dropdown: { minWidth: 0, width: '100%' },
  when: { display: 'flex', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalS },
  whenField: { flexGrow: 1, minWidth: 0 },
  tabs: { overflowX: 'auto' },
  hint: { color: tokens.colorNeutralForeground3 },
  tabError: { color: tokens.colorPaletteRedForeground1 },
});

type CampaignTexts = Texts<typeof campaignsTexts.pt>;

/** A select's "none" value (the request sends null, or 'Nenhuma' for the tag). */
const NONE = '';

function messageText(texts: CampaignTexts, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = campaignFieldMessage(message);
  return 'key' in known ? texts.fieldMessages[known.key] : known.text;
}

export interface CampaignFormProps {
  /** The campaign as read when the dialog opened, kept current by its events; none for a new one. */
  readonly campaign?: Campaign;
  readonly onClose: () => void;
}

export function CampaignForm({ campaign, onClose }: CampaignFormProps) {
  const styles = useStyles();
  const texts = useTexts(campaignsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const tabsId = useId();

  // The form starts from the campaign as first read: a later event (its progress) must not wipe what is typed.
  const [loaded] = useState(campaign);
  // Its state is the live one: stopped or started elsewhere, the dialog's buttons and fields follow.
  const access = campaignAccess(campaign, new Date());
  const [attachment, setAttachment] = useState<AttachmentChoice>({ kind: 'keep' });
  const [tab, setTab] = useState<CampaignMessageField>('message1');
  const controls = useCampaignControls(onClose);

  const save = async (body: CampaignRequestBody): Promise<Campaign> => {
    const step = attachmentStep((loaded?.mediaPath ?? null) !== null, attachment);
    if (step === null) return saveCampaign(api, body, loaded?.id);
    const attach = (id: string) => (step.kind === 'upload' ? uploadCampaignMedia(api, id, step.file) : deleteCampaignMedia(api, id));
    if (loaded !== undefined) {
      await attach(loaded.id);
      return saveCampaign(api, body, loaded.id);
    }
    const draft = await saveCampaign(api, { ...body, scheduledAt: null });
    let attached: Campaign;
    try {
      attached = await attach(draft.id);
    } catch {
      toast.failure(texts.dialog.attachmentFailed);
      return draft;
    }
    return body.scheduledAt === null ? attached : saveCampaign(api, body, draft.id);
  };

  const connections = useConnections();
  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: loaded === undefined ? EMPTY_CAMPAIGN_FORM : campaignFormOf(loaded),
    schema: CampaignBody,
    body: (form: CampaignFormValues) => campaignBody(form, loaded, isCloudConnection(connections.data, form.whatsappId)),
    save,
    onSaved: (saved) => {
      applyCampaignEvent(queryClient, { action: loaded === undefined ? 'create' : 'update', record: saved });
      toast.success(texts.dialog.saved);
      onClose();
    },
    onError: (error) => toast.error(error),
  });

  const contactLists = useContactListSummaries();
  const tags = useTagOptions();
  const fileLists = useFileListChoices();
  const settings = useCampaignSettings();

  const working = busy || controls.busyId !== undefined;
  const settingsDisabled = working || !access.settings;
  const textsDisabled = working || !access.texts;
  const cloud = isCloudConnection(connections.data, values.whatsappId);

  const nameOf = (options: readonly { readonly id: string; readonly name: string }[] | undefined, id: string, fallback?: string) =>
    id === NONE ? texts.dialog.none : (options?.find((option) => option.id === id)?.name ?? fallback ?? id);

  const select = (
    field: 'contactListId' | 'tagListId' | 'whatsappId' | 'fileListId',
    label: string,
    options: readonly { readonly id: string; readonly name: string }[] | undefined,
    fallback?: string,
  ) => (
    <Field label={label} {...fieldValidation(messageText(texts, messages[field]))}>
      <LocalizedDropdown
        className={styles.dropdown}
        disabled={settingsDisabled}
        value={nameOf(options, values[field], fallback)}
        selectedOptions={[values[field]]}
        onOptionSelect={(_, data) => {
          const chosen = data.optionValue ?? NONE;
          // A template is one of its connection's: another connection starts without one.
          change(field === 'whatsappId' && chosen !== values.whatsappId ? { whatsappId: chosen, template: null } : { [field]: chosen });
        }}
        onBlur={() => leave(field)}
      >
        <Option value={NONE}>{texts.dialog.none}</Option>
        {(options ?? []).map((option) => (
          <Option key={option.id} value={option.id}>
            {option.name}
          </Option>
        ))}
      </LocalizedDropdown>
    </Field>
  );

  const variables = campaignVariableTokens((settings.data?.variables ?? []).map((variable) => variable.key)).join(', ');
  const title = access.title === 'new' ? texts.dialog.newTitle : access.title === 'update' ? texts.dialog.editTitle : texts.dialog.readOnlyTitle;
  const status = campaign?.status;

  const extraActions =
    campaign !== undefined && (status === 'EM_ANDAMENTO' || status === 'CANCELADA') ? (
      status === 'EM_ANDAMENTO' ? (
        <Button icon={<RecordStop20Regular />} disabled={working} onClick={() => controls.run(campaign.id, 'stop')}>
          {texts.dialog.stop}
        </Button>
      ) : (
        <Button icon={<ArrowClockwise20Regular />} disabled={working} onClick={() => controls.run(campaign.id, 'restart')}>
          {texts.dialog.restart}
        </Button>
      )
    ) : undefined;

  const current = { field: tab, number: MESSAGE_TABS.findIndex((entry) => entry.field === tab) + 1 };

  return (
    <FormFrame
      title={title}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.close }}
      busy={working}
      readOnly={!access.save}
      onSubmit={submit}
      onCancel={onClose}
      {...(extraActions !== undefined && { extraActions })}
    >
      {access.title === 'readOnly' && <Text className={styles.hint}>{access.texts ? texts.dialog.cancelledHint : texts.dialog.lockedHint}</Text>}
      <Field label={texts.dialog.name} required {...fieldValidation(messageText(texts, messages.name))}>
        <Input
          value={values.name}
          maxLength={60}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus={access.texts}
          disabled={textsDisabled}
          onChange={(_, data) => change({ name: data.value })}
          onBlur={() => leave('name')}
        />
      </Field>
      <div className={styles.selects}>
        {select('contactListId', texts.dialog.contactList, contactLists.data, loaded?.contactList?.name)}
        {select('tagListId', texts.dialog.tagList, tags.data)}
        {select('whatsappId', texts.dialog.connection, connections.data, loaded?.whatsapp?.name)}
        {!cloud && select('fileListId', texts.dialog.fileList, fileLists.data)}
      </div>
      <div className={styles.when}>
        <Field
          className={styles.whenField}
          label={texts.dialog.scheduledAt}
          hint={texts.dialog.scheduledAtHint}
          {...fieldValidation(messageText(texts, messages.scheduledAt))}
        >
          <Input
            type="datetime-local"
            value={values.scheduledAt}
            disabled={settingsDisabled}
            onChange={(_, data) => change({ scheduledAt: data.value })}
            onBlur={() => leave('scheduledAt')}
          />
        </Field>
        {access.settings && (
          <Button icon={<Clock20Regular />} disabled={working} aria-label={texts.dialog.nowLabel} onClick={() => change({ scheduledAt: localInputValue(new Date()) })}>
            {texts.dialog.now}
          </Button>
        )}
      </div>
      {cloud && (
        <CampaignTemplateFields
          whatsappId={values.whatsappId}
          value={values.template}
          onChange={(template) => change({ template })}
          onLeave={() => leave('template')}
          messageOf={(path) => messageText(texts, messages[path])}
          variables={variables}
          disabled={settingsDisabled}
          texts={texts.dialog.cloud}
        />
      )}
      {!cloud && (
        <div>
          <TabList
            className={styles.tabs}
            size="small"
            aria-label={texts.dialog.messages}
            selectedValue={tab}
            onTabSelect={(_, data) => setTab(data.value as CampaignMessageField)}
          >
            {MESSAGE_TABS.map(({ field, number }) => (
              <Tab
                key={field}
                id={`${tabsId}-${field}`}
                value={field}
                // A message's error (the server's 'write at least one message' on Msg. 1) marks its tab, shown or not.
                {...(messages[field] !== undefined && { icon: <ErrorCircle16Filled className={styles.tabError} /> })}
              >
                {format(texts.dialog.tab, { number })}
              </Tab>
            ))}
          </TabList>
          <div role="tabpanel" aria-labelledby={`${tabsId}-${current.field}`}>
            <Field
              label={format(texts.dialog.message, { number: current.number })}
              hint={format(texts.dialog.variablesHint, { variables })}
              {...fieldValidation(messageText(texts, messages[current.field]))}
            >
              <Textarea
                key={current.field}
                rows={5}
                resize="vertical"
                maxLength={CAMPAIGN_MESSAGE_MAX}
                value={values[current.field]}
                disabled={textsDisabled}
                onChange={(_, data) => change({ [current.field]: data.value })}
                onBlur={() => leave(current.field)}
              />
            </Field>
          </div>
        </div>
      )}
      {!cloud && (
        <AttachmentPicker
          labels={{
            title: texts.dialog.attachment,
            none: texts.dialog.noAttachment,
            choose: texts.dialog.attach,
            replace: texts.dialog.replaceAttachment,
            remove: (name) => format(texts.dialog.removeAttachment, { name }),
          }}
          name={attachmentName(loaded?.mediaName ?? null, attachment)}
          onChange={setAttachment}
          busy={working}
          readOnly={!access.settings}
        />
      )}
    </FormFrame>
  );
}
