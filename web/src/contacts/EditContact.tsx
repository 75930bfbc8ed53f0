/** The contact modal's edit mode: loads the contact, then its form. */
import { FormDialogLoading } from '../components/FormDialog';
import { useContact, type ContactDto } from '../api/contacts';
import { useTexts } from '../i18n/texts';
import { contactFormOf } from './contact-form';
import { ContactForm } from './ContactForm';
import { contactsTexts } from './texts';

export interface EditContactProps {
  readonly contactId: string;
  readonly onClose: () => void;
  readonly onSaved?: (contact: ContactDto) => void;
}

export function EditContact({ contactId, onClose, onSaved }: EditContactProps) {
  const texts = useTexts(contactsTexts);
  // What is being edited is read fresh: a cached copy may predate changes made elsewhere.
  const contact = useContact(contactId, true, { fresh: true });

  // The form starts from the contact as first loaded; a later realtime update must not wipe what is typed.
  if (contact.data !== undefined && (contact.isFetchedAfterMount || contact.isError)) {
    return (
      <ContactForm
        key={contactId}
        initial={contactFormOf(contact.data)}
        editing={contact.data}
        onCancel={onClose}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    );
  }

  return (
    <FormDialogLoading
      title={texts.modal.editTitle}
      failed={contact.isError}
      labels={{ loading: texts.modal.loading, loadError: texts.modal.loadError, close: texts.modal.cancel }}
      onClose={onClose}
    />
  );
}
