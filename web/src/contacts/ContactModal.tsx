/**
 * The contact create and edit modal (spec 1 §2.8, §5): without `contactId` it creates a contact
 * (optionally starting from `initialValues`), with one it loads the contact and edits it. Other screens
 * open it too (the ticket header, the new-ticket modal), so it keeps the shared cache up to date itself.
 */
import type { ContactDto } from '../api/contacts';
import { FormDialog } from '../components/FormDialog';
import { emptyContactForm } from './contact-form';
import { ContactForm } from './ContactForm';
import { EditContact } from './EditContact';

export interface ContactModalProps {
  readonly open: boolean;
  readonly contactId?: string;
  readonly initialValues?: { readonly name?: string; readonly number?: string };
  readonly onClose: () => void;
  readonly onSaved?: (contact: ContactDto) => void;
}

export function ContactModal({ open, contactId, initialValues, onClose, onSaved }: ContactModalProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {contactId === undefined ? (
        <ContactForm
          initial={emptyContactForm(initialValues)}
          onCancel={onClose}
          onSaved={(contact) => {
            onSaved?.(contact);
            onClose();
          }}
        />
      ) : (
        <EditContact contactId={contactId} onClose={onClose} {...(onSaved !== undefined && { onSaved })} />
      )}
    </FormDialog>
  );
}
