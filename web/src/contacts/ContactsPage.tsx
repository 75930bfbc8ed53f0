/**
 * The contacts page (/contacts, every user; spec 1 §2.8, spec 3 §9): search by name or number
 * (debounced), the list with infinite scroll, create and edit in the contact modal, delete with the
 * confirmation (admins: contacts-page:deleteContact), import a spreadsheet, export contatos.csv, and
 * start a conversation with a contact in the new-ticket modal. Changes made anywhere arrive live.
 */
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, SearchBox, Spinner, Title3, tokens } from '@fluentui/react-components';
import { ArrowDownload24Regular } from '@fluentui/react-icons/svg/arrow-download';
import { ArrowUpload24Regular } from '@fluentui/react-icons/svg/arrow-upload';
import { PersonAdd24Regular } from '@fluentui/react-icons/svg/person-add';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactDto, ContactExport } from '../../../shared/contacts';
import { can } from '../../../shared/permissions';
import { useContactList } from '../api/contacts';
import { useServices } from '../app/services';
import { useToast } from '../feedback/toast';
import { format, useTexts } from '../i18n/texts';
import { useMe } from '../session/me-context';
import { NewTicketModal } from '../tickets/NewTicketModal';
import { ContactModal } from './ContactModal';
import { ContactsTable } from './ContactsTable';
import { SEARCH_DEBOUNCE_MS } from './constants';
import { DeleteContactDialog } from './DeleteContactDialog';
import { downloadFrom } from './download';
import { ImportContactsDialog } from './ImportContactsDialog';
import { contactsTexts } from './texts';
import { useContactEvents } from './use-contact-events';
import { useDebouncedValue } from './use-debounced-value';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  title: { marginRight: 'auto' },
  search: { minWidth: '220px', flexGrow: 1, maxWidth: '360px', '@media (max-width: 599px)': { maxWidth: 'none' } },
  buttons: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalS },
  list: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalS,
    overflowX: 'auto',
  },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center' },
});

/** The contact modal: closed, creating, or editing one contact. */
type ModalState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly contactId: string };

export function ContactsPage() {
  const styles = useStyles();
  const texts = useTexts(contactsTexts);
  const { api } = useServices();
  const toast = useToast();
  const { user } = useMe();

  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const list = useContactList(search);
  useContactEvents();

  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<ContactDto>();
  const [importing, setImporting] = useState(false);
  const [ticketFor, setTicketFor] = useState<ContactDto>();

  const exportCsv = useMutation({
    mutationFn: () => api.get<ContactExport>('/contacts/export'),
    onSuccess: (file) => {
      downloadFrom(file.url, file.fileName);
      toast.success(format(texts.page.exportReady, { count: file.count, file: file.fileName }));
    },
    onError: (error) => toast.error(error),
  });

  const contacts = list.data?.pages.flatMap((page) => page.contacts) ?? [];
  const closeModal = () => setModal({ mode: 'closed' });

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Title3 as="h1" className={styles.title}>
          {texts.page.title}
        </Title3>
        <SearchBox
          className={styles.search}
          value={typed}
          placeholder={texts.page.searchPlaceholder}
          aria-label={texts.page.searchLabel}
          onChange={(_, data) => setTyped(data.value)}
        />
        <div className={styles.buttons}>
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
          <Button appearance="primary" icon={<PersonAdd24Regular />} onClick={() => setModal({ mode: 'create' })}>
            {texts.page.add}
          </Button>
        </div>
      </div>

      <div className={styles.list}>
        {list.isPending && <Spinner className={styles.state} label={texts.page.loading} />}
        {list.isError && list.data === undefined && (
          <MessageBar intent="error">
            <MessageBarBody>{texts.page.loadError}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => void list.refetch()}>{texts.page.retry}</Button>
            </MessageBarActions>
          </MessageBar>
        )}
        {list.data !== undefined && contacts.length === 0 && !list.hasNextPage && (
          <p className={styles.state}>{search === '' ? texts.page.empty : format(texts.page.noMatches, { search })}</p>
        )}
        {contacts.length > 0 && (
          <ContactsTable
            contacts={contacts}
            canDelete={can(user.profile, 'contacts-page:deleteContact')}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            onStartTicket={setTicketFor}
            onEdit={(contact) => setModal({ mode: 'edit', contactId: contact.id })}
            onDelete={setDeleting}
          />
        )}
      </div>

      <ContactModal
        open={modal.mode !== 'closed'}
        {...(modal.mode === 'edit' && { contactId: modal.contactId })}
        onClose={closeModal}
      />
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(undefined)} />
      <ImportContactsDialog open={importing} onClose={() => setImporting(false)} />
      <NewTicketModal
        open={ticketFor !== undefined}
        {...(ticketFor !== undefined && { initialContact: ticketFor })}
        onClose={() => setTicketFor(undefined)}
      />
    </div>
  );
}
