/**
 * The contact list's create and rename dialog (spec 2 §2, §5: a name of 2 to 50 characters), checked by
 * the schema the server checks with; saving reads the lists again and says so.
 */
import { Field, Input } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { CreateContactListBody } from '../../../shared/contact-lists';
import { contactListKeys, saveContactList, type ContactList } from '../api/contact-lists';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { contactListsTexts } from './texts';

export interface ContactListDialogProps {
  readonly open: boolean;
  /** The list to rename; none to create one. */
  readonly list?: ContactList;
  readonly onClose: () => void;
}

export function ContactListDialog({ open, list, onClose }: ContactListDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <ContactListForm key={list?.id ?? 'new'} {...(list !== undefined && { list })} onClose={onClose} />
    </FormDialog>
  );
}

function ContactListForm({ list, onClose }: { readonly list?: ContactList; readonly onClose: () => void }) {
  const texts = useTexts(contactListsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: { name: list?.name ?? '' },
    schema: CreateContactListBody,
    body: (form: { name: string }) => form,
    save: (body) => saveContactList(api, body.name, list?.id),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: contactListKeys.all });
      toast.success(texts.page.done);
      onClose();
    },
    onError: (error) => toast.error(error),
  });
  return (
    <FormFrame
      title={list === undefined ? texts.dialog.addTitle : texts.dialog.editTitle}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.dialog.name} required {...fieldValidation(messages.name)}>
        <Input
          value={values.name}
          maxLength={50}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ name: data.value })}
          onBlur={() => leave('name')}
        />
      </Field>
    </FormFrame>
  );
}
