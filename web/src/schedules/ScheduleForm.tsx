/**
 * The schedule dialog's form (spec 2 §2, §4, §5, §8): the contact (searched by name), the message with
 * the insert-variable menu (the quick messages' helper: the variable goes where the cursor is), the
 * send date and time (one hour from now for a new one), the connection (the server's default rule
 * unless one is chosen) and an optional png/jpg/jpeg image. On a chosen Cloud API connection, 'Modelo'
 * (ScheduleTemplateField.tsx, issue 32): an approved template sent instead of the text, which then hides
 * with the image (a template goes with neither). Titled 'Erro de Envio' for a failed
 * schedule and 'Mensagem {status}' otherwise; once sent it is shown without its submit button.
 *
 * Saving posts or puts the schedule, then uploads a chosen image or deletes a removed one (POST |
 * DELETE /schedules/{id}/media-upload), refreshes the cached lists and reports the save. Should the
 * image's request fail, the schedule stays saved as it is (a retry would create it twice).
 */
import {
  Field,
  Input,
  makeStyles,
  Option,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { mayChangeSchedule, SCHEDULE_MEDIA_ACCEPT, SCHEDULE_MEDIA_MAX_BYTES, type ScheduledMessage } from '../../../shared/scheduled-messages';
import { useConnections } from '../api/connections';
import { deleteScheduleMedia, saveSchedule, uploadScheduleMedia } from '../api/schedules';
import { useServices } from '../runtime/services';
import { attachmentName, attachmentStep, type AttachmentChoice } from '../components/attachment-choice';
import { AttachmentPicker } from '../components/AttachmentPicker';
import { ContactSearch } from '../components/ContactSearch';
import { FormFrame } from '../components/FormFrame';
import { useVariableInsertion } from '../components/use-variable-insertion';
import { VariableMenu } from '../components/VariableMenu';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { errorText } from '../i18n/errors';
import { useLanguage } from '../i18n/language';
import { format, useTexts, type Texts } from '../i18n/texts';
import { isAdmin } from '../sign-in/me';
import { useMe } from '../sign-in/me-context';
import { applyScheduleEvent } from './schedule-cache';
import { ScheduleTemplateField } from './ScheduleTemplateField';
import {
  imageProblem,
  isReadOnly,
  offersTemplates,
  withConnection,
  withTemplate,
  withTemplateVariable,
  scheduleBody,
  scheduleFieldMessage,
  scheduleSchema,
  scheduleTitle,
  ticketHolderOf,
  type ScheduleFormValues,
} from './schedule-form';
import { schedulesTexts } from './texts';

const useStyles = makeStyles({
  messageTools: { display: 'flex', justifyContent: 'flex-end' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

type ScheduleTexts = Texts<typeof schedulesTexts.pt>;

const DEFAULT_CONNECTION = '';

export interface ScheduleFormProps {
  readonly initial: ScheduleFormValues;
  /** The schedule as loaded, when editing. */
  readonly editing?: ScheduledMessage;
  readonly onClose: () => void;
}

function messageText(texts: ScheduleTexts, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = scheduleFieldMessage(message);
  return 'key' in known ? texts.fieldMessages[known.key] : known.text;
}

export function ScheduleForm({ initial, editing: editingProp, onClose }: ScheduleFormProps) {
  const styles = useStyles();
  const texts = useTexts(schedulesTexts);
  const { language } = useLanguage();
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();

  const { user } = useMe();
  const [editing] = useState(editingProp);
  // Sent, being sent, or someone else's (only its author and admins change it): shown without its submit button.
  const readOnly = isReadOnly(editing) || (editing !== undefined && !mayChangeSchedule({ userId: user.id, isAdmin: isAdmin(user) }, editing));
  const [image, setImage] = useState<AttachmentChoice>({ kind: 'keep' });
  const [typed, setTyped] = useState(initial.contact?.name ?? '');

  const save = async (body: ReturnType<typeof scheduleBody>): Promise<ScheduledMessage> => {
    const saved = await saveSchedule(api, body, editing?.id);
    // A template goes without an image: the server removed any, and a chosen one is not uploaded.
    if (body.template) return saved;
    const step = attachmentStep((editing?.mediaPath ?? null) !== null, image);
    if (step === null) return saved;
    try {
      if (step.kind === 'upload') return await uploadScheduleMedia(api, saved.id, step.file);
      const cleared = await deleteScheduleMedia(api, saved.id);
      toast.success(texts.dialog.mediaRemoved);
      return cleared;
    } catch {
      toast.failure(texts.dialog.imageFailed);
      return saved;
    }
  };

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial,
    schema: scheduleSchema,
    body: scheduleBody,
    save,
    onSaved: (schedule) => {
      applyScheduleEvent(queryClient, { action: editing === undefined ? 'create' : 'update', schedule });
      toast.success(texts.dialog.saved);
      onClose();
    },
    onError: (error) => {
      const holder = ticketHolderOf(error);
      if (holder === undefined) toast.error(error);
      else toast.failure(format(texts.dialog.heldBy, { name: holder }));
    },
  });

  const connections = useConnections(!readOnly);

  const { messageRef, insertVariable } = useVariableInsertion(values.body, (body) => change({ body }));


  const imageProblemText = (file: File): string | undefined => {
    const problem = imageProblem(file);
    if (problem === null) return undefined;
    return problem === 'tooBig' ? format(texts.dialog.tooBig, { megabytes: SCHEDULE_MEDIA_MAX_BYTES / (1024 * 1024) }) : texts.dialog.wrongType;
  };

  const title = scheduleTitle(editing);
  const titleText =
    title.kind === 'new' ? texts.dialog.addTitle : title.kind === 'error' ? texts.dialog.errorTitle : format(texts.dialog.statusTitle, { status: texts.status[title.status] });
  const shownImage = attachmentName(editing?.mediaName ?? null, image);
  const disabled = busy || readOnly;
  const templates = offersTemplates(values.whatsappId, connections.data);
  // A template goes without the text and the image: they show only without one.
  const freeForm = values.template === null;
  const connectionName = (id: string | null) =>
    id === null ? texts.dialog.defaultConnection : (connections.data?.find((connection) => connection.id === id)?.name ?? id);

  return (
    <FormFrame
      title={titleText}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: readOnly ? texts.dialog.close : texts.dialog.cancel }}
      busy={busy}
      readOnly={readOnly}
      onSubmit={submit}
      onCancel={onClose}
    >
      {editing?.sentAt != null && <Text>{format(texts.dialog.sentAt, { when: new Date(editing.sentAt).toLocaleString(language === 'pt' ? 'pt-BR' : language) })}</Text>}
      {editing?.status === 'ERRO' && editing.error !== null && (
        <Text role="status" className={styles.error}>
          {format(texts.dialog.failure, { reason: errorText(editing.error, language) })}
        </Text>
      )}
      <ContactSearch
        field={{ label: texts.dialog.contact, required: true, ...fieldValidation(messageText(texts, messages.contactId)) }}
        labels={{ placeholder: texts.dialog.contactPlaceholder, searching: texts.dialog.searching, noContacts: texts.dialog.noContacts }}
        text={typed}
        onTextChange={setTyped}
        picked={values.contact}
        onPick={(picked) => change({ contact: picked === null ? null : { id: picked.id, name: picked.name } })}
        enabled={!readOnly}
        disabled={disabled}
        onBlur={() => leave('contactId')}
      />
      {freeForm && (
        <Field label={texts.dialog.message} required hint={texts.dialog.messageHint} {...fieldValidation(messageText(texts, messages.body))}>
          <Textarea
            ref={messageRef}
            rows={5}
            resize="vertical"
            value={values.body}
            disabled={disabled}
            onChange={(_, data) => change({ body: data.value })}
            onBlur={() => leave('body')}
          />
        </Field>
      )}
      {freeForm && !readOnly && (
        <div className={styles.messageTools}>
          <VariableMenu
            labels={{ button: texts.dialog.insertVariable, variables: texts.dialog.variables }}
            disabled={busy}
            onInsert={insertVariable}
          />
        </div>
      )}
      <Field label={texts.dialog.sendAt} required {...fieldValidation(messageText(texts, messages.sendAt))}>
        <Input type="datetime-local" value={values.sendAt} disabled={disabled} onChange={(_, data) => change({ sendAt: data.value })} onBlur={() => leave('sendAt')} />
      </Field>
      <Field label={texts.dialog.connection}>
        <LocalizedDropdown
          disabled={disabled}
          value={connectionName(values.whatsappId)}
          selectedOptions={[values.whatsappId ?? DEFAULT_CONNECTION]}
          onOptionSelect={(_, data) =>
            change(withConnection(values, data.optionValue === DEFAULT_CONNECTION || data.optionValue === undefined ? null : data.optionValue))
          }
        >
          <Option value={DEFAULT_CONNECTION}>{texts.dialog.defaultConnection}</Option>
          {(connections.data ?? []).map((connection) => (
            <Option key={connection.id} value={connection.id}>
              {connection.name}
            </Option>
          ))}
        </LocalizedDropdown>
      </Field>
      {values.whatsappId !== null && (templates || values.template !== null) && (
        <ScheduleTemplateField
          whatsappId={values.whatsappId}
          value={values.template}
          texts={{ ...texts.dialog, retry: texts.page.retry }}
          disabled={disabled}
          messageOf={(path) => messageText(texts, messages[path])}
          onChoose={(template) => change(withTemplate(values, template))}
          onVariable={(index, value) => change(withTemplateVariable(values, index, value))}
        />
      )}
      {freeForm && (
        <AttachmentPicker
          labels={{
            title: texts.dialog.image,
            none: texts.dialog.noImage,
            choose: texts.dialog.attach,
            replace: texts.dialog.replaceImage,
            remove: (name) => format(texts.dialog.removeImage, { name }),
          }}
          name={shownImage}
          onChange={setImage}
          problemOf={imageProblemText}
          accept={SCHEDULE_MEDIA_ACCEPT}
          busy={busy}
          readOnly={readOnly}
        />
      )}
    </FormFrame>
  );
}
