/**
 * The announcement dialog (spec 3 §2 Announcements, §4, §5): title and text (required), the active
 * switch and the priority (a new one is active and low), and an optional .png, .jpg or .jpeg image that
 * can be replaced or removed, shown as a small preview. Saving posts or puts the announcement, then uploads a chosen image or
 * deletes a removed one (POST | DELETE /announcements/{id}/media-upload), refreshes every cached
 * announcement list (the page's and the header popover's) and says so in a toast.
 *
 * A file of another type or over the server's limit is refused on choosing it. Should the image's
 * request fail, the announcement stays saved as it is (a retry would create it twice): the dialog
 * closes and says so.
 */
import { Field, Input, makeStyles, Option, Switch, Textarea, tokens } from '@fluentui/react-components';
import { ImageAdd20Regular } from '@fluentui/react-icons/svg/image-add';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ANNOUNCEMENT_TEXT_MAX, ANNOUNCEMENT_TITLE_MAX } from '../../../shared/announcements';
import { announcementKeys, deleteAnnouncementMedia, saveAnnouncement, uploadAnnouncementMedia, type Announcement } from '../api/announcements';
import { useServices } from '../runtime/services';
import { AttachmentPicker } from '../components/AttachmentPicker';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { format, useTexts, type Texts } from '../i18n/texts';
import type { AttachmentChoice } from '../components/attachment-choice';
import {
  announcementBody,
  announcementFormErrors,
  announcementFormOf,
  announcementSchema,
  emptyAnnouncementForm,
  IMAGE_ACCEPT,
  IMAGE_MAX_MEGABYTES,
  imageProblem,
  imageStep,
  shownImageName,
  type AnnouncementFieldMessage,
} from './announcement-form';
import { PRIORITY_CHOICES, priorityLabel, priorityOf } from './announcement-priority';
import { PriorityBadge } from './PriorityBadge';
import { announcementPriorityTexts, announcementsTexts } from './texts';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    '> *': { flexGrow: 1, flexBasis: '180px', minWidth: 0 },
  },
  dropdown: { minWidth: 0, width: '100%' },
  option: { display: 'flex', alignItems: 'center' },
  preview: {
    display: 'block',
    maxWidth: '100%',
    maxHeight: '120px',
    objectFit: 'contain',
    alignSelf: 'flex-start',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

export interface AnnouncementDialogProps {
  readonly open: boolean;
  /** The announcement to edit, as listed; none to create one. */
  readonly announcement?: Announcement;
  readonly onClose: () => void;
}

export function AnnouncementDialog({ open, announcement, onClose }: AnnouncementDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <AnnouncementForm key={announcement?.id ?? 'new'} {...(announcement !== undefined && { announcement })} onClose={onClose} />
    </FormDialog>
  );
}

type AnnouncementsTexts = Texts<(typeof announcementsTexts)['pt']>;

function messageText(texts: AnnouncementsTexts, message: AnnouncementFieldMessage | undefined): string | undefined {
  if (message === undefined) return undefined;
  return 'text' in message ? message.text : texts.fieldMessages[message.key];
}

function AnnouncementForm({ announcement: given, onClose }: { readonly announcement?: Announcement; readonly onClose: () => void }) {
  const styles = useStyles();
  const texts = useTexts(announcementsTexts);
  const priorityLabels = useTexts(announcementPriorityTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();

  // The announcement as the dialog was opened on, even if the listed one changes meanwhile.
  const [editing] = useState(given);
  const [image, setImage] = useState<AttachmentChoice>({ kind: 'keep' });
  // A local address of the chosen file for its preview, released when another is chosen or the dialog closes.
  const [chosenPreview, setChosenPreview] = useState<string>();
  // A stored image's address expires (presigned): a preview that cannot load is left out, the name stays.
  const [previewFailed, setPreviewFailed] = useState(false);
  const previewRef = useRef<string>(undefined);
  useEffect(
    () => () => {
      if (previewRef.current !== undefined) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );
  const choose = (next: AttachmentChoice) => {
    if (previewRef.current !== undefined) URL.revokeObjectURL(previewRef.current);
    previewRef.current = next.kind === 'add' ? URL.createObjectURL(next.file) : undefined;
    setChosenPreview(previewRef.current);
    setPreviewFailed(false);
    setImage(next);
  };

  const save = async (body: ReturnType<typeof announcementBody>): Promise<Announcement> => {
    const saved = await saveAnnouncement(api, body, editing?.id);
    const step = imageStep((editing?.mediaPath ?? null) !== null, image);
    if (step === null) return saved;
    try {
      return step.kind === 'upload'
        ? await uploadAnnouncementMedia(api, saved.id, step.file, step.fileName)
        : await deleteAnnouncementMedia(api, saved.id);
    } catch {
      toast.failure(texts.dialog.imageFailed);
      return saved;
    }
  };

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: editing === undefined ? emptyAnnouncementForm() : announcementFormOf(editing),
    schema: announcementSchema(editing !== undefined),
    body: announcementBody,
    save,
    onSaved: () => {
      // Every list: the page's (whatever its search) and the header's popover.
      void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
      toast.success(texts.dialog.saved);
      onClose();
    },
    onError: (error) => toast.error(error),
  });
  const errors = announcementFormErrors(messages);

  const imageProblemText = (file: File): string | undefined => {
    const problem = imageProblem(file);
    return problem === undefined ? undefined : format(texts.dialog[problem], { megabytes: IMAGE_MAX_MEGABYTES });
  };

  const shownImage = shownImageName(editing?.mediaName ?? null, image);
  // The stored image's presigned URL while it is kept; the chosen file's local copy once one is chosen.
  const preview = image.kind === 'add' ? chosenPreview : image.kind === 'keep' ? (editing?.mediaUrl ?? undefined) : undefined;

  return (
    <FormFrame
      title={editing === undefined ? texts.dialog.addTitle : texts.dialog.editTitle}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.dialog.title} required {...fieldValidation(messageText(texts, errors.title))}>
        <Input
          value={values.title}
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ title: data.value })}
          onBlur={() => leave('title')}
        />
      </Field>
      <Field label={texts.dialog.text} required {...fieldValidation(messageText(texts, errors.text))}>
        <Textarea
          rows={5}
          resize="vertical"
          value={values.text}
          maxLength={ANNOUNCEMENT_TEXT_MAX}
          disabled={busy}
          onChange={(_, data) => change({ text: data.value })}
          onBlur={() => leave('text')}
        />
      </Field>
      <div className={styles.row}>
        <Field label={texts.dialog.priority}>
          <LocalizedDropdown
            className={styles.dropdown}
            value={priorityLabel(priorityLabels, values.priority)}
            selectedOptions={[String(values.priority)]}
            disabled={busy}
            onOptionSelect={(_, data) => change({ priority: priorityOf(data.optionValue) })}
          >
            {PRIORITY_CHOICES.map((priority) => (
              <Option key={priority} value={String(priority)} text={priorityLabel(priorityLabels, priority)}>
                <span className={styles.option}>
                  <PriorityBadge priority={priority} size="medium" />
                </span>
              </Option>
            ))}
          </LocalizedDropdown>
        </Field>
        <Field label={texts.dialog.status} hint={texts.dialog.activeHint}>
          <Switch
            label={texts.dialog.active}
            checked={values.status}
            disabled={busy}
            onChange={(_, data) => change({ status: data.checked })}
          />
        </Field>
      </div>
      <AttachmentPicker
        labels={{
          title: texts.dialog.image,
          hint: format(texts.dialog.imageHint, { megabytes: IMAGE_MAX_MEGABYTES }),
          none: texts.dialog.noImage,
          choose: texts.dialog.chooseImage,
          replace: texts.dialog.replaceImage,
          remove: (name) => format(texts.dialog.removeImage, { name }),
        }}
        name={shownImage}
        onChange={choose}
        problemOf={imageProblemText}
        accept={IMAGE_ACCEPT}
        busy={busy}
        chooseIcon={<ImageAdd20Regular />}
      >
        {preview !== undefined && shownImage !== null && !previewFailed && (
          <img
            className={styles.preview}
            src={preview}
            alt={format(texts.dialog.preview, { name: shownImage })}
            onError={() => setPreviewFailed(true)}
          />
        )}
      </AttachmentPicker>
    </FormFrame>
  );
}
