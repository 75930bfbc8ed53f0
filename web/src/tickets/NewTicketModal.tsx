/**
 * The new-ticket modal (spec 1 §2.8, §5, §8): a contact found by name or number (the search starts at
 * 3 characters, 500 ms after the typing stops) or added on the spot, a queue (required for non-admins:
 * 'Selecione uma fila'; admins may leave it empty) and a connection (the user's default, else the
 * company's). POST /tickets opens the ticket for the user, who then goes to /tickets/{uuid}. When the
 * contact already has an open ticket (ERR_OTHER_OPEN_TICKET): held by another user, the modal names
 * that user and the queue; otherwise the existing ticket is opened.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ContactSearch } from '../components/ContactSearch';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContactDto } from '../../../shared/contacts';
import type { OtherOpenTicketDetails } from '../../../shared/tickets';
import { ApiError } from '../api/client';
import { ticketRoutePath } from '../runtime/paths';
import { useServices } from '../runtime/services';
import { ContactModal } from '../contacts/ContactModal';
import { useToast } from '../feedback/toast';
import { format, useTexts } from '../i18n/texts';
import { isAdmin as isAdminProfile } from '../sign-in/me';
import { useConnections as useConnectionList } from '../api/connections';
import { useQueues as useQueueList } from '../api/queues';
import { createTicket } from '../api/tickets';
import { ticketsTexts } from './texts';
import { storeTicket } from './ticket-cache';
import { defaultConnectionId, otherOpenTicketOf } from './new-ticket';
import { useTicketUser } from './viewer';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
});

/** The value of the queue option "no queue" (admins only). */
const NO_QUEUE_OPTION = '';
const ADD_CONTACT_OPTION = '__add__';

export interface NewTicketModalProps {
  readonly open: boolean;
  readonly initialContact?: ContactDto;
  readonly onClose: () => void;
}

export function NewTicketModal({ open, initialContact, onClose }: NewTicketModalProps) {
  const styles = useStyles();
  const texts = useTexts(ticketsTexts).newTicket;
  const { api } = useServices();
  const user = useTicketUser();
  const isAdmin = isAdminProfile(user);
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();

  const [contact, setContact] = useState<Pick<ContactDto, 'id' | 'name' | 'number'> | null>(null);
  const [typed, setTyped] = useState('');
  const [queueId, setQueueId] = useState<string>(NO_QUEUE_OPTION);
  const [whatsappId, setWhatsappId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ contact?: string; queue?: string }>({});
  const [heldBy, setHeldBy] = useState<OtherOpenTicketDetails | null>(null);
  const [saving, setSaving] = useState(false);
  const [addingContact, setAddingContact] = useState(false);

  // Each opening starts afresh, with the contact the caller gave (e.g. from the contacts page). Only a
  // new opening or another contact starts afresh, not a new object for the same contact (React's
  // "adjust state when a prop changes" pattern).
  const [openingSeen, setOpeningSeen] = useState<{ readonly open: boolean; readonly contactId?: string }>({ open: false });
  if (open !== openingSeen.open || initialContact?.id !== openingSeen.contactId) {
    setOpeningSeen({ open, contactId: initialContact?.id });
    if (open) {
      setContact(initialContact ?? null);
      setTyped(initialContact?.name ?? '');
      setQueueId(!isAdmin && user.queues.length === 1 ? (user.queues[0]?.id ?? NO_QUEUE_OPTION) : NO_QUEUE_OPTION);
      setWhatsappId(null);
      setErrors({});
      setHeldBy(null);
    }
  }

  const companyQueues = useQueueList(open && isAdmin);
  // 'Ocorreu um erro inesperado ao tentar buscar as filas' (spec 1 §8), once per failed fetch: the
  // modal also opens from the contacts page, where no ticket list reports it.
  const queuesFailedAt = companyQueues.isError ? companyQueues.errorUpdatedAt : 0;
  const queuesError = useTexts(ticketsTexts).panel.queuesError;
  const reportQueuesError = useEffectEvent(() => toast.error(queuesError));
  useEffect(() => {
    // Only a new failure matters.
    if (queuesFailedAt > 0) reportQueuesError();
  }, [queuesFailedAt]);
  const queues = isAdmin ? (companyQueues.data ?? []) : user.queues;
  const connections = useConnectionList(open);
  const chosenConnection = whatsappId ?? defaultConnectionId(connections.data ?? [], user.whatsappId);

  const submit = async () => {
    const found: typeof errors = {};
    if (contact === null) found.contact = texts.contactRequired;
    if (!isAdmin && queueId === NO_QUEUE_OPTION) found.queue = texts.queueRequired;
    setErrors(found);
    setHeldBy(null);
    if (contact === null || Object.keys(found).length > 0) return;

    setSaving(true);
    try {
      const ticket = await createTicket(api, {
        contactId: contact.id,
        queueId: queueId === NO_QUEUE_OPTION ? null : queueId,
        whatsappId: chosenConnection,
        userId: user.userId,
        status: 'open',
      });
      storeTicket(client, user, ticket);
      onClose();
      void navigate(ticketRoutePath(ticket.uuid));
    } catch (error) {
      const other = error instanceof ApiError && error.code === 'ERR_OTHER_OPEN_TICKET' ? otherOpenTicketOf(error.body) : null;
      if (other !== null && other.user !== null && other.user.id !== user.userId) setHeldBy(other);
      else if (other !== null) {
        onClose();
        void navigate(ticketRoutePath(other.uuid));
      } else toast.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Dialog open={open && !addingContact} onOpenChange={(_, data) => !data.open && onClose()}>
        <DialogSurface>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <DialogBody>
              <DialogTitle>{texts.title}</DialogTitle>
              <DialogContent className={styles.form}>
                {heldBy !== null && (
                  <MessageBar intent="warning">
                    <MessageBarBody>
                      {heldBy.queue
                        ? format(texts.heldByOther, { user: heldBy.user?.name ?? '', queue: heldBy.queue.name })
                        : format(texts.heldByOtherNoQueue, { user: heldBy.user?.name ?? '' })}
                    </MessageBarBody>
                  </MessageBar>
                )}
                <ContactSearch
                  field={{ label: texts.contact, required: true, validationMessage: errors.contact }}
                  labels={{ placeholder: texts.contactPlaceholder, searching: texts.searching, noContacts: texts.noContacts }}
                  text={typed}
                  onTextChange={setTyped}
                  picked={contact}
                  onPick={(picked) => {
                    setContact(picked);
                    if (picked !== null) setErrors((current) => ({ ...current, contact: undefined }));
                  }}
                  enabled={open}
                  action={{
                    value: ADD_CONTACT_OPTION,
                    text: texts.addContact,
                    label: typed.trim() === '' ? texts.addContact : format(texts.addNamedContact, { name: typed.trim() }),
                    onSelect: () => setAddingContact(true),
                  }}
                />
                <Field label={texts.queue} required={!isAdmin} validationMessage={errors.queue}>
                  <LocalizedDropdown
                    placeholder={texts.queuePlaceholder}
                    value={queues.find((queue) => queue.id === queueId)?.name ?? (isAdmin && queueId === NO_QUEUE_OPTION ? texts.noQueue : '')}
                    selectedOptions={[queueId]}
                    onOptionSelect={(_, data) => {
                      setQueueId(data.optionValue ?? NO_QUEUE_OPTION);
                      setErrors((current) => ({ ...current, queue: undefined }));
                    }}
                  >
                    {isAdmin && (
                      <Option key="no-queue" value={NO_QUEUE_OPTION} text={texts.noQueue}>
                        {texts.noQueue}
                      </Option>
                    )}
                    {queues.map((queue) => (
                      <Option key={queue.id} value={queue.id} text={queue.name}>
                        {queue.name}
                      </Option>
                    ))}
                  </LocalizedDropdown>
                </Field>
                <Field label={texts.connection}>
                  <LocalizedDropdown
                    placeholder={texts.connectionPlaceholder}
                    value={connections.data?.find((connection) => connection.id === chosenConnection)?.name ?? ''}
                    selectedOptions={chosenConnection ? [chosenConnection] : []}
                    onOptionSelect={(_, data) => setWhatsappId(data.optionValue ?? null)}
                  >
                    {(connections.data ?? []).map((connection) => (
                      <Option key={connection.id} value={connection.id} text={connection.name}>
                        {connection.name}
                      </Option>
                    ))}
                  </LocalizedDropdown>
                </Field>
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={onClose} disabled={saving}>
                  {texts.cancel}
                </Button>
                <Button appearance="primary" type="submit" disabled={saving}>
                  {texts.submit}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      {addingContact && (
        <ContactModal
          open
          initialValues={/^[\d\s()+-]+$/.test(typed.trim()) ? { number: typed.trim() } : { name: typed.trim() }}
          onClose={() => setAddingContact(false)}
          onSaved={(saved: ContactDto) => {
            setContact(saved);
            setTyped(saved.name);
            setErrors((current) => ({ ...current, contact: undefined }));
            setAddingContact(false);
          }}
        />
      )}
    </>
  );
}
