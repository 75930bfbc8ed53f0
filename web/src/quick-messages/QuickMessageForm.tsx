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
  Button,
  Field,
  Input,
  makeStyles,
  Switch,
  Text,
  Textarea,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { Attach20Regular } from '@fluentui/react-icons/svg/attach';
import { Dismiss20Regular } from '@fluentui/react-icons/svg/dismiss';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { QUICK_MESSAGE_MEDIA_MAX_BYTES, type QuickMessage } from '../../../shared/quick-messages';
import { deleteQuickMessageMedia, saveQuickMessage, uploadQuickMessageMedia } from '../api/quick-messages';
import { useServices } from '../runtime/services';
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
  attachment: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  attachmentRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS },
  fileName: { overflowWrap: 'anywhere', minWidth: 0 },
  none: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
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
  const attachmentLabelId = useId();
  const geralHintId = useId();

  // The quick message as the form was opened on, even if the cached one changes meanwhile.
  const [editing] = useState(editingProp);
  const [attachment, setAttachment] = useState<AttachmentChoice>({ kind: 'keep' });
  const [attachmentError, setAttachmentError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);

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


  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    if (attachmentTooBig(file)) {
      setAttachmentError(format(texts.dialog.tooBig, { megabytes: QUICK_MESSAGE_MEDIA_MAX_BYTES / (1024 * 1024) }));
      return;
    }
    setAttachmentError(undefined);
    setAttachment({ kind: 'add', file });
  };

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
      <div className={styles.attachment} role="group" aria-labelledby={attachmentLabelId}>
        <Text id={attachmentLabelId} weight="semibold">
          {texts.dialog.attachment}
        </Text>
        <div className={styles.attachmentRow}>
          {shownAttachment === null ? (
            <Text className={styles.none}>{texts.dialog.noAttachment}</Text>
          ) : (
            <>
              <Text className={styles.fileName}>{shownAttachment}</Text>
              <Tooltip content={format(texts.dialog.removeAttachment, { name: shownAttachment })} relationship="label">
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<Dismiss20Regular />}
                  disabled={busy}
                  onClick={() => {
                    setAttachmentError(undefined);
                    setAttachment({ kind: 'remove' });
                  }}
                />
              </Tooltip>
            </>
          )}
          <Button size="small" icon={<Attach20Regular />} disabled={busy} onClick={() => fileInput.current?.click()}>
            {shownAttachment === null ? texts.dialog.attach : texts.dialog.replaceAttachment}
          </Button>
          <input ref={fileInput} className={styles.hidden} type="file" tabIndex={-1} aria-hidden onChange={chooseFile} />
        </div>
        {attachmentError !== undefined && (
          <Text role="alert" size={200} className={styles.error}>
            {attachmentError}
          </Text>
        )}
      </div>
    </FormFrame>
  );
}
