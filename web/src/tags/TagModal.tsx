/**
 * The tag create and edit dialog (spec 3 §2 Tags, §5, §6): name, colour (the browser's colour picker
 * beside a hex field, both writing the same value) and, for admins and supervisors only, the kanban
 * toggle. Errors show once a field was left or the form was sent, with the API's own rules
 * (tag-form.ts), through the kit's useSchemaForm and FormFrame. Saving posts or puts the tag, applies it
 * to the cached lists at once (the realtime event then finds it there) and says so in a toast.
 */
import { Field, Input, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { saveTag, type Tag } from '../api/tags';
import { useServices } from '../runtime/services';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useTexts, type Texts } from '../i18n/texts';
import { useMe } from '../sign-in/me-context';
import { applyTagEvent } from './tag-cache';
import {
  emptyTagForm,
  pickerColor,
  showsKanbanToggle,
  tagBody,
  tagFormErrors,
  tagFormOf,
  tagSchema,
  type TagFieldMessage,
  type TagFormValues,
} from './tag-form';
import { tagsTexts } from './texts';

const useStyles = makeStyles({
  colorRow: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  // The native picker, sized like Fluent's inputs and framed by its stroke so it reads as a control.
  picker: {
    flexShrink: 0,
    width: '48px',
    height: '32px',
    padding: tokens.spacingHorizontalXXS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    ':disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
  hex: { flexGrow: 1, minWidth: 0 },
});

export interface TagModalProps {
  readonly open: boolean;
  /** The tag to edit, as listed; none to create one. */
  readonly tag?: Tag;
  readonly onClose: () => void;
}

export function TagModal({ open, tag, onClose }: TagModalProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <TagForm key={tag?.id ?? 'new'} {...(tag !== undefined && { tag })} onClose={onClose} />
    </FormDialog>
  );
}

type TagsTexts = Texts<(typeof tagsTexts)['pt']>;

function messageText(texts: TagsTexts, message: TagFieldMessage | undefined): string | undefined {
  if (message === undefined) return undefined;
  return 'text' in message ? message.text : texts.fieldMessages[message.key];
}

function TagForm({ tag, onClose }: { readonly tag?: Tag; readonly onClose: () => void }) {
  const styles = useStyles();
  const texts = useTexts(tagsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useMe();
  const mayEditKanban = showsKanbanToggle(user.profile);

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: tag === undefined ? emptyTagForm() : tagFormOf(tag),
    schema: tagSchema(tag !== undefined),
    body: (form: TagFormValues) => tagBody(form, mayEditKanban),
    save: (body) => saveTag(api, body, tag?.id),
    onSaved: (saved) => {
      applyTagEvent(queryClient, { action: tag === undefined ? 'create' : 'update', tag: saved });
      toast.success(texts.dialog.saved);
      onClose();
    },
    onError: (error) => toast.error(error),
  });
  const errors = tagFormErrors(messages);

  return (
    <FormFrame
      title={tag === undefined ? texts.dialog.addTitle : texts.dialog.editTitle}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.dialog.name} required {...fieldValidation(messageText(texts, errors.name))}>
        <Input
          value={values.name}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ name: data.value })}
          onBlur={() => leave('name')}
        />
      </Field>
      <Field
        label={texts.dialog.colorHex}
        required
        hint={texts.dialog.colorHint}
        {...fieldValidation(messageText(texts, errors.color))}
      >
        {/* The Field labels the hex input (its child); the picker beside it carries a name of its own. */}
        {(fieldProps) => (
          <div className={styles.colorRow}>
            <input
              type="color"
              className={styles.picker}
              aria-label={texts.dialog.colorPicker}
              value={pickerColor(values.color)}
              disabled={busy}
              onChange={(event) => change({ color: event.target.value.toUpperCase() })}
              onBlur={() => leave('color')}
            />
            <Input
              {...fieldProps}
              className={styles.hex}
              value={values.color}
              maxLength={9}
              spellCheck={false}
              autoComplete="off"
              disabled={busy}
              onChange={(_, data) => change({ color: data.value })}
              onBlur={() => leave('color')}
            />
          </div>
        )}
      </Field>
      {mayEditKanban && (
        <Field hint={texts.dialog.kanbanHint}>
          <Switch
            label={texts.dialog.kanban}
            checked={values.kanban}
            disabled={busy}
            onChange={(_, data) => change({ kanban: data.checked })}
          />
        </Field>
      )}
    </FormFrame>
  );
}
