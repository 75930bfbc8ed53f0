/**
 * The quick-message dialog's form (spec 2 §2, §5, §9): shortcode (required: 'Obrigatório'), the
 * message in 7 rows with the insert-variable menu, which puts the chosen variable where the cursor is
 * (insert-at-cursor.ts), the shared (`geral`) switch, and an optional attachment. Saving posts or puts
 * the quick message, then uploads a chosen file or deletes a removed attachment (POST | DELETE
 * /quick-messages/{id}/media-upload), refreshes the cached lists and reports the save.
 *
 * A file over the server's limit is refused on choosing it. Should the attachment's request fail, the
 * quick message stays saved as it is (a retry would create it twice): the dialog closes and says so.
 */
import {
  Field,
  Input,
  makeStyles,
  Switch,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QUICK_MESSAGE_MEDIA_MAX_BYTES, type QuickMessage } from '../../../shared/quick-messages';
import { deleteQuickMessageMedia, saveQuickMessage, uploadQuickMessageMedia } from '../api/quick-messages';
import { useServices } from '../runtime/services';
import { AttachmentPicker } from '../components/AttachmentPicker';
import { FormFrame } from '../components/FormFrame';
import { useVariableInsertion } from '../components/use-variable-insertion';
import { VariableMenu } from '../components/VariableMenu';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { format, useTexts, type Texts } from '../i18n/texts';
import { applyQuickMessageEvent } from './quick-message-cache';
import {
  attachmentName,
  attachmentStep,
  attachmentTooBig,
  quickMessageBody,
  quickMessageFieldMessage,
  quickMessageSchema,
  type AttachmentChoice,
  type QuickMessageFormValues,
} from './quick-message-form';
import { quickMessagesTexts } from './texts';

const useStyles = makeStyles({
  messageTools: { display: 'flex', justifyContent: 'flex-end' },
  none: { color: tokens.colorNeutralForeground3 },
});

type DialogTexts = Texts<typeof quickMessagesTexts.pt>;

export interface QuickMessageFormProps {
  readonly initial: QuickMessageFormValues;
  /** The quick message as loaded, when editing. */
  readonly editing?: QuickMessage;
  readonly onCancel: () => void;
  readonly onSaved: (quickMessage: QuickMessage) => void;
}

/** The text of a schema or server message: translated when known, else as it came. */
function messageText(texts: DialogTexts, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = quickMessageFieldMessage(message);
  return 'key' in known ? texts.fieldMessages[known.key] : known.text;
}

export function QuickMessageForm({ initial, editing: editingProp, onCancel, onSaved }: QuickMessageFormProps) {
  const styles = useStyles();
  const texts = useTexts(quickMessagesTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const geralHintId = useId();

  // The quick message as the form was opened on, even if the cached one changes meanwhile.
  const [editing] = useState(editingProp);
  const [attachment, setAttachment] = useState<AttachmentChoice>({ kind: 'keep' });

  const save = async (body: ReturnType<typeof quickMessageBody>): Promise<QuickMessage> => {
    const saved = await saveQuickMessage(api, body, editing?.id);
    const step = attachmentStep((editing?.mediaPath ?? null) !== null, attachment);
    if (step === null) return saved;
    try {
      return step.kind === 'upload' ? await uploadQuickMessageMedia(api, saved.id, step.file) : await deleteQuickMessageMedia(api, saved.id);
    } catch {
      toast.failure(texts.dialog.attachmentFailed);
      return saved;
    }
  };

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial,
    schema: quickMessageSchema(editing),
    body: quickMessageBody,
    save,
    onSaved: (quickMessage) => {
      applyQuickMessageEvent(queryClient, { action: editing === undefined ? 'create' : 'update', record: quickMessage });
      toast.success(texts.dialog.saved);
      onSaved(quickMessage);
    },
    onError: (error) => toast.error(error),
  });

  const { messageRef, insertVariable } = useVariableInsertion(values.message, (message) => change({ message }));


  const shownAttachment = attachmentName(editing?.mediaName ?? null, attachment);
  const title = editing === undefined ? texts.dialog.addTitle : texts.dialog.editTitle;

  return (
    <FormFrame
      title={title}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Field label={texts.dialog.shortcode} required hint={texts.dialog.shortcodeHint} {...fieldValidation(messageText(texts, messages.shortcode))}>
        <Input
          value={values.shortcode}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ shortcode: data.value })}
          onBlur={() => leave('shortcode')}
        />
      </Field>
      <Field label={texts.dialog.message} hint={texts.dialog.messageHint} {...fieldValidation(messageText(texts, messages.message))}>
        <Textarea
          ref={messageRef}
          rows={7}
          resize="vertical"
          value={values.message}
          disabled={busy}
          onChange={(_, data) => change({ message: data.value })}
          onBlur={() => leave('message')}
        />
      </Field>
      <div className={styles.messageTools}>
        <VariableMenu
          labels={{ button: texts.dialog.insertVariable, variables: texts.dialog.variables }}
          disabled={busy}
          onInsert={insertVariable}
        />
      </div>
      <Switch
        label={texts.dialog.geral}
        checked={values.geral}
        aria-describedby={geralHintId}
        disabled={busy}
        onChange={(_, data) => change({ geral: data.checked })}
      />
      <Text id={geralHintId} size={200} className={styles.none}>
        {texts.dialog.geralHint}
      </Text>
      <AttachmentPicker
        labels={{
          title: texts.dialog.attachment,
          none: texts.dialog.noAttachment,
          choose: texts.dialog.attach,
          replace: texts.dialog.replaceAttachment,
          remove: (name) => format(texts.dialog.removeAttachment, { name }),
        }}
        name={shownAttachment}
        onChange={setAttachment}
        problemOf={(file) => (attachmentTooBig(file) ? format(texts.dialog.tooBig, { megabytes: QUICK_MESSAGE_MEDIA_MAX_BYTES / (1024 * 1024) }) : undefined)}
        busy={busy}
      />
    </FormFrame>
  );
}
