/**
 * The help video form (spec 3 §3; checklist ): title, description and the video, typed as
 * its code or pasted as a link (help-form.ts reads the code from it). Checked with the server's schema.
 */
import { Field, Input, Textarea } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { helpKeys, saveHelp, type Help } from '../api/helps';
import { putSavedInList } from '../api/list-cache';
import { useServices } from '../runtime/services';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { shownFieldMessage } from './field-message';
import { emptyHelpForm, helpBody, helpFormOf, helpSchema, type HelpFormValues } from './help-form';
import { platformTexts } from './texts';

export interface HelpDialogProps {
  readonly open: boolean;
  readonly help?: Help;
  readonly onClose: () => void;
}

export function HelpDialog({ open, help, onClose }: HelpDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <HelpForm key={help?.id ?? 'new'} {...(help !== undefined && { help })} onClose={onClose} />
    </FormDialog>
  );
}

function HelpForm({ help, onClose }: Omit<HelpDialogProps, 'open'>) {
  const texts = useTexts(platformTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const creating = help === undefined;

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: help === undefined ? emptyHelpForm() : helpFormOf(help),
    schema: helpSchema(creating),
    body: (form: HelpFormValues) => helpBody(form),
    save: (body) => saveHelp(api, body, help?.id),
    onSaved: (saved) => {
      putSavedInList(queryClient, helpKeys.list, saved);
      void queryClient.invalidateQueries({ queryKey: helpKeys.all });
      toast.success(texts.common.saved);
      onClose();
    },
    onError: (error) => toast.error(error),
  });

  const message = (field: string): string | undefined => shownFieldMessage(messages[field], texts.fieldMessages);

  return (
    <FormFrame
      title={creating ? texts.helps.addTitle : texts.helps.editTitle}
      labels={{ save: texts.common.save, saving: texts.common.saving, cancel: texts.common.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.helps.title} required {...fieldValidation(message('title'))}>
        <Input
          value={values.title}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ title: data.value })}
          onBlur={() => leave('title')}
        />
      </Field>
      <Field label={texts.helps.video} required hint={texts.helps.videoHint} {...fieldValidation(message('video'))}>
        <Input value={values.video} spellCheck={false} autoComplete="off" disabled={busy} onChange={(_, data) => change({ video: data.value })} onBlur={() => leave('video')} />
      </Field>
      <Field label={texts.helps.description} {...fieldValidation(message('description'))}>
        <Textarea
          value={values.description}
          resize="vertical"
          disabled={busy}
          onChange={(_, data) => change({ description: data.value })}
          onBlur={() => leave('description')}
        />
      </Field>
    </FormFrame>
  );
}
