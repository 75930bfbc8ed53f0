/**
 * The file-list dialog (spec 2 §2, §5): without `fileListId` it creates a list, with one it loads the
 * list (fresh: its files' links are short-lived, and a cached copy may predate changes made elsewhere)
 * and edits it. The form: the name (3 characters at least: 'nome muito curto'), the message (required)
 * and the files, each an option with its name and its file (add several, remove one; a stored file opens
 * through its link). Saving posts or puts the list, then uploads the files chosen (POST
 * /files/uploadList/{id}, as few requests as the server's cap per upload allows), refreshes the cached
 * lists and reports the save. Should an upload fail, the list stays saved as it is (a retry would create
 * it twice): the dialog closes and says so.
 */
import { Button, Field, Input, Link, makeStyles, Text, Textarea, tokens, Tooltip } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons/svg/add';
import { Attach20Regular } from '@fluentui/react-icons/svg/attach';
import { Delete20Regular } from '@fluentui/react-icons/svg/delete';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { FILE_LIST_MAX_OPTIONS, FILE_LIST_NAME_MAX, FILE_LIST_UPLOAD_MAX_BYTES } from '../../../shared/file-lists';
import { saveFileList, uploadFileListFiles, useFileList, type FileList } from '../api/file-lists';
import { FormDialog, FormDialogLoading } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { format, useTexts, type Texts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import {
  chosenFiles,
  emptyFileListForm,
  fileListFieldMessage,
  fileListFormBody,
  fileListFormOf,
  fileListFormSchema,
  fileTooBig,
  saveBodyOf,
  uploadBatches,
  withNewOption,
  type FileListFormBody,
  type FileListFormValues,
  type OptionValues,
} from './file-list-form';
import { fileListsTexts } from './texts';
import { applyFileListEvent } from './use-file-list-events';

const MEGABYTES = FILE_LIST_UPLOAD_MAX_BYTES / (1024 * 1024);

const useStyles = makeStyles({
  options: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  option: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  nameRow: { display: 'flex', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalS },
  name: { flexGrow: 1, minWidth: 0 },
  fileRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS },
  fileName: { overflowWrap: 'anywhere', minWidth: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
  add: { alignSelf: 'flex-start' },
});

type DialogTexts = Texts<typeof fileListsTexts.pt>;

/** The text of a schema or server message: translated when known, else as it came. */
function messageText(texts: DialogTexts, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = fileListFieldMessage(message);
  return 'key' in known ? texts.fieldMessages[known.key] : known.text;
}

export interface FileListDialogProps {
  readonly open: boolean;
  /** The list to edit; none to create one. */
  readonly fileListId?: string;
  readonly onClose: () => void;
}

export function FileListDialog({ open, fileListId, onClose }: FileListDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {fileListId === undefined ? (
        <FileListForm initial={emptyFileListForm()} onClose={onClose} />
      ) : (
        <EditFileList fileListId={fileListId} onClose={onClose} />
      )}
    </FormDialog>
  );
}

function EditFileList({ fileListId, onClose }: { readonly fileListId: string; readonly onClose: () => void }) {
  const texts = useTexts(fileListsTexts);
  const list = useFileList(fileListId);

  // The form starts from the list as first loaded; a later realtime update must not wipe what is typed.
  if (list.data !== undefined && list.isFetchedAfterMount) {
    return <FileListForm key={fileListId} initial={fileListFormOf(list.data)} editing={list.data} onClose={onClose} />;
  }

  return (
    <FormDialogLoading
      title={texts.dialog.editTitle}
      failed={list.isError}
      labels={{ loading: texts.dialog.loading, loadError: texts.dialog.loadError, close: texts.dialog.cancel }}
      onClose={onClose}
    />
  );
}

interface FileListFormProps {
  readonly initial: FileListFormValues;
  /** The list as loaded, when editing. */
  readonly editing?: FileList;
  readonly onClose: () => void;
}

function FileListForm({ initial, editing: editingProp, onClose }: FileListFormProps) {
  const styles = useStyles();
  const texts = useTexts(fileListsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const optionsTitleId = useId();
  const optionsHintId = useId();
  // The list as the form was opened on, even if the cached one changes meanwhile.
  const [editing] = useState(editingProp);

  const save = async (body: FileListFormBody): Promise<FileList> => {
    const saved = await saveFileList(api, saveBodyOf(body), editing?.id);
    let last = saved;
    try {
      for (const batch of uploadBatches(chosenFiles(body, saved))) last = await uploadFileListFiles(api, saved.id, batch);
    } catch {
      toast.failure(texts.dialog.filesFailed);
    }
    return last;
  };

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial,
    schema: fileListFormSchema,
    body: fileListFormBody,
    save,
    onSaved: (list) => {
      applyFileListEvent(queryClient, { action: editing === undefined ? 'create' : 'update', record: list });
      toast.success(texts.page.done);
      onClose();
    },
    onError: (error) => toast.error(error),
  });

  const changeOption = (key: string, next: Partial<OptionValues>) =>
    change({ options: values.options.map((option) => (option.key === key ? { ...option, ...next } : option)) });
  const removeOption = (key: string) => change({ options: values.options.filter((option) => option.key !== key) });

  return (
    <FormFrame
      title={editing === undefined ? texts.dialog.addTitle : texts.dialog.editTitle}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.dialog.name} required {...fieldValidation(messageText(texts, messages.name))}>
        <Input
          value={values.name}
          maxLength={FILE_LIST_NAME_MAX}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ name: data.value })}
          onBlur={() => leave('name')}
        />
      </Field>
      <Field label={texts.dialog.message} required {...fieldValidation(messageText(texts, messages.message))}>
        <Textarea
          rows={4}
          resize="vertical"
          value={values.message}
          disabled={busy}
          onChange={(_, data) => change({ message: data.value })}
          onBlur={() => leave('message')}
        />
      </Field>
      <div className={styles.options} role="group" aria-labelledby={optionsTitleId} aria-describedby={optionsHintId}>
        <Text id={optionsTitleId} weight="semibold">
          {texts.dialog.options}
        </Text>
        <Text id={optionsHintId} size={200} className={styles.muted}>
          {format(texts.dialog.optionsHint, { max: FILE_LIST_MAX_OPTIONS, megabytes: MEGABYTES })}
        </Text>
        {values.options.length === 0 && <Text className={styles.muted}>{texts.dialog.noOptions}</Text>}
        {values.options.map((option, index) => (
          <OptionRow
            key={option.key}
            number={index + 1}
            option={option}
            nameMessage={messageText(texts, messages[`options.${index}.name`])}
            fileMessage={messageText(texts, messages[`options.${index}.hasFile`])}
            busy={busy}
            onChange={(next) => changeOption(option.key, next)}
            onLeave={() => leave('options')}
            onRemove={() => removeOption(option.key)}
          />
        ))}
        <Button
          className={styles.add}
          icon={<Add20Regular />}
          disabled={busy || values.options.length >= FILE_LIST_MAX_OPTIONS}
          onClick={() => change({ options: withNewOption(values.options) })}
        >
          {texts.dialog.addOption}
        </Button>
      </div>
    </FormFrame>
  );
}

interface OptionRowProps {
  readonly number: number;
  readonly option: OptionValues;
  readonly nameMessage: string | undefined;
  readonly fileMessage: string | undefined;
  readonly busy: boolean;
  readonly onChange: (next: Partial<OptionValues>) => void;
  readonly onLeave: () => void;
  readonly onRemove: () => void;
}

/** One option: its name, its file (stored, chosen or none) with the button that chooses one, and its removal. */
function OptionRow({ number, option, nameMessage, fileMessage, busy, onChange, onLeave, onRemove }: OptionRowProps) {
  const styles = useStyles();
  const texts = useTexts(fileListsTexts);
  const fileInput = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string>();
  const hasFile = option.file !== null || option.stored !== null;
  const problem = refused ?? fileMessage;

  return (
    <div className={styles.option} role="group" aria-label={format(texts.dialog.option, { number })}>
      <div className={styles.nameRow}>
        <Field className={styles.name} label={format(texts.dialog.optionName, { number })} required {...fieldValidation(nameMessage)}>
          <Input
            value={option.name}
            maxLength={FILE_LIST_NAME_MAX}
            disabled={busy}
            onChange={(_, data) => onChange({ name: data.value })}
            onBlur={onLeave}
          />
        </Field>
        <Tooltip content={format(texts.dialog.removeOption, { number })} relationship="label">
          <Button appearance="subtle" icon={<Delete20Regular />} disabled={busy} onClick={onRemove} />
        </Tooltip>
      </div>
      <div className={styles.fileRow}>
        {option.file !== null ? (
          <Text className={styles.fileName}>{format(texts.dialog.chosen, { name: option.file.name })}</Text>
        ) : option.stored !== null && option.stored.mediaUrl !== null ? (
          <Link className={styles.fileName} href={option.stored.mediaUrl} target="_blank" rel="noreferrer">
            {option.stored.path}
          </Link>
        ) : (
          <Text className={styles.muted}>{option.stored?.path ?? texts.dialog.noFile}</Text>
        )}
        <Button size="small" icon={<Attach20Regular />} disabled={busy} onClick={() => fileInput.current?.click()}>
          {hasFile ? texts.dialog.replace : texts.dialog.choose}
        </Button>
        {/* Opened by the button beside it, which is what keyboards and screen readers meet. */}
        <input
          ref={fileInput}
          className={styles.hidden}
          type="file"
          aria-label={format(texts.dialog.optionFile, { number })}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again after a refusal must fire a change.
            event.target.value = '';
            if (file === undefined) return;
            if (fileTooBig(file)) {
              setRefused(format(texts.dialog.tooBig, { megabytes: MEGABYTES }));
              return;
            }
            setRefused(undefined);
            onChange({ file });
            onLeave();
          }}
        />
      </div>
      {problem !== undefined && (
        <Text role="alert" size={200} className={styles.error}>
          {problem}
        </Text>
      )}
    </div>
  );
}
