/**
 * The contacts page (/contacts, every user; spec 1 §2.8, spec 3 §9), on the admin-page kit: search by
 * name or number, the list with infinite scroll (components/ListPage), create and edit in the contact
 * modal, delete with the one confirmation (admins: contacts-page:deleteContact; the server refuses a
 * contact with a live ticket, ERR_OTHER_OPEN_TICKET, shown as its catalogue toast), import a
 * spreadsheet, export contatos.csv, and start a conversation with a contact in the new-ticket modal.
 * Changes made anywhere arrive live.
 */
import { Button, Spinner } from '@fluentui/react-components';
import { ArrowDownload24Regular } from '@fluentui/react-icons/svg/arrow-download';
import { ArrowUpload24Regular } from '@fluentui/react-icons/svg/arrow-upload';
import { PersonAdd24Regular } from '@fluentui/react-icons/svg/person-add';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { can } from '../../../shared/permissions';
import { deleteContact, exportContacts, useContactList, type ContactDto } from '../api/contacts';
import { scheduleForContactPath } from '../runtime/paths';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { listPageTexts } from '../components/list-page-texts';
import { downloadFrom } from '../components/download';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useToast } from '../feedback/toast';
import { useCountText, useTexts } from '../i18n/texts';
import { useMe } from '../sign-in/me-context';
import { NewTicketModal } from '../tickets/NewTicketModal';
import { applyContactEvent } from './contact-cache';
import { ContactModal } from './ContactModal';
import { ContactsTable } from './ContactsTable';
import { ImportContactsDialog } from './ImportContactsDialog';
import { contactsTexts } from './texts';
import { useContactEvents } from './use-contact-events';

/** The contact modal: closed, creating, or editing one contact. */
type ModalState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly contactId: string };

export function ContactsPage() {
  const texts = useTexts(contactsTexts);
  const countText = useCountText();
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user, company } = useMe();
  const navigate = useNavigate();

  const { typed, setTyped, search } = useListSearch();
  const list = useContactList(search);
  useContactEvents();

  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [importing, setImporting] = useState(false);
  const [ticketFor, setTicketFor] = useState<ContactDto>();

  const exportCsv = useMutation({
    mutationFn: () => exportContacts(api),
    onSuccess: (file) => {
      downloadFrom(file.url, file.fileName);
      toast.success(countText(texts.page.exportReady, file.count, { file: file.fileName }));
    },
    onError: (error) => toast.error(error),
  });

  const deletion = useConfirmedDelete({
    remove: (contactId: string) => deleteContact(api, contactId),
    onDeleted: (contactId) => {
    applyContactEvent(queryClient, { action: 'delete', contactId });
    },
    deletedText: texts.page.deleted,
  });

  const contacts = list.data?.pages.flatMap((page) => page.contacts) ?? [];
  const closeModal = () => setModal({ mode: 'closed' });

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={listStateOf(list, contacts.length)}
        actions={
          <>
            <Button icon={<ArrowUpload24Regular />} onClick={() => setImporting(true)}>
              {texts.page.import}
            </Button>
            <Button
              icon={exportCsv.isPending ? <Spinner size="tiny" /> : <ArrowDownload24Regular />}
              disabled={exportCsv.isPending}
              onClick={() => exportCsv.mutate()}
            >
              {texts.page.export}
            </Button>
          </>
        }
        add={{ label: texts.page.add, icon: <PersonAdd24Regular />, onClick: () => setModal({ mode: 'create' }) }}
      >
        <ContactsTable
          contacts={contacts}
          canDelete={can(user.profile, 'contacts-page:deleteContact')}
          onStartTicket={setTicketFor}
          {...(company.plan.useSchedules === true && { onSchedule: (contact: ContactDto) => void navigate(scheduleForContactPath(contact.id)) })}
          onEdit={(contact) => setModal({ mode: 'edit', contactId: contact.id })}
          onDelete={deletion.ask}
        />
      </ListPage>

      <ContactModal
        open={modal.mode !== 'closed'}
        {...(modal.mode === 'edit' && { contactId: modal.contactId })}
        onClose={closeModal}
      />
      <ConfirmDeleteDialog {...deletion.dialog} />
      <ImportContactsDialog open={importing} onClose={() => setImporting(false)} />
      <NewTicketModal
        open={ticketFor !== undefined}
        {...(ticketFor !== undefined && { initialContact: ticketFor })}
        onClose={() => setTicketFor(undefined)}
      />
    </>
  );
}
