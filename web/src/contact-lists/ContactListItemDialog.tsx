/**
 * A list contact's create and edit dialog (spec 2 §2, §5: name 2 to 50, number 8 to 50, a valid email),
 * checked by the schema the server checks with; saving reads the list again and says so.
 */
import { Field, Input } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { ContactListItemFields } from '../../../shared/contact-lists';
import { contactListKeys, saveContactListItem, type ContactListItem, type ContactListItemBody } from '../api/contact-lists';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { contactListsTexts } from './texts';

export interface ContactListItemDialogProps {
  readonly open: boolean;
  readonly listId: string;
  /** The contact to edit; none to add one. */
  readonly item?: ContactListItem;
  readonly onClose: () => void;
}

export function ContactListItemDialog({ open, listId, item, onClose }: ContactListItemDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <ItemForm key={item?.id ?? 'new'} listId={listId} {...(item !== undefined && { item })} onClose={onClose} />
    </FormDialog>
  );
}

function ItemForm({ listId, item, onClose }: { readonly listId: string; readonly item?: ContactListItem; readonly onClose: () => void }) {
  const texts = useTexts(contactListsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
    schema: ContactListItemFields,
    body: (form: ContactListItemBody) => form,
    save: (body) => saveContactListItem(api, listId, body, item?.id),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: contactListKeys.items(listId) });
      void queryClient.invalidateQueries({ queryKey: contactListKeys.one(listId) });
      toast.success(texts.page.done);
      onClose();
    },
    onError: (error) => toast.error(error),
  });
  const field = (name: keyof ContactListItemBody, label: string, extra: { type?: 'email' | 'tel'; required?: boolean } = {}) => (
    <Field label={label} required={extra.required === true} {...fieldValidation(messages[name])}>
      <Input
        value={values[name]}
        type={extra.type ?? 'text'}
        maxLength={name === 'email' ? 254 : 50}
        disabled={busy}
        onChange={(_, data) => change({ [name]: data.value })}
        onBlur={() => leave(name)}
      />
    </Field>
  );
  return (
    <FormFrame
      title={item === undefined ? texts.items.addTitle : texts.items.editTitle}
      labels={{ save: texts.dialog.save, saving: texts.dialog.saving, cancel: texts.dialog.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      {field('name', texts.items.name, { required: true })}
      {field('number', texts.items.number, { type: 'tel', required: true })}
      {field('email', texts.items.email, { type: 'email' })}
    </FormFrame>
  );
}
