/**
 * The conversation panel of the ticket workspace (spec 1 §2.5-§2.8, §4): header with the ticket's
 * actions, the messages, the input, and the ticket's modals (transfer, tags, notes, delete) and contact
 * drawer. Files pasted or dropped on the panel join the input's attachment tray while the ticket is
 * open. Everything here is the ticket `ticketId`'s: switching tickets starts a fresh panel. A ticket
 * another user attends is read-only for a non-admin (the server refuses their writes): instead of the
 * input, a line says who has it; notes stay. On a Cloud API connection (issue 32) an open ticket whose
 * customer has not written in 24 hours shows the window's notice instead of the input, with the
 * template dialog ('Enviar modelo'); within the window the input offers the dialog too.
 */
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MessageDto } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../runtime/services';
import { useToast } from '../../feedback/toast';
import { format, useTexts } from '../../i18n/texts';
import { useMe } from '../../sign-in/me-context';
import { shareTicket } from '../ticket-cache';
import { mayWorkOn, useTicketUser } from '../viewer';
import { ConfirmDialog } from './ConfirmDialog';
import { ContactDrawer } from './ContactDrawer';
import { loadedMessages, upsertMessage, type MessagePages } from './message-cache';
import { MessageInput } from './MessageInput';
import { MessagesList } from './MessagesList';
import { NotesDialog } from './NotesDialog';
import { ReplyWindowNotice } from './ReplyWindowNotice';
import { SendTemplateDialog } from './SendTemplateDialog';
import { useReplyWindow } from './use-reply-window';
import { deleteMessage as requestMessageDeletion, useMessagePages } from '../../api/messages';
import { deleteTicket as requestTicketDeletion, useTicket } from '../../api/tickets';
import { TagsDialog } from './TagsDialog';
import { conversationTexts } from './texts';
import { TicketHeader } from './TicketHeader';
import { buildTimeline, timelineTickets } from './timeline';
import { TransferModal } from './TransferModal';
import { trayDropTarget, useAttachmentTray } from './use-attachment-tray';
import { useConversationSync } from './use-conversation-sync';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, minWidth: 0, overflow: 'hidden' },
  center: { flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingVerticalM },
  heldBy: {
    display: 'block',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
  },
});

export interface ConversationProps {
  readonly ticketId: string;
  /** Narrow screens: back to the ticket list. */
  readonly onBack?: () => void;
}

export function Conversation(props: ConversationProps) {
  return <ConversationPanel key={props.ticketId} {...props} />;
}

type Modal = 'transfer' | 'tags' | 'notes' | 'contact' | 'deleteTicket' | 'template' | null;

function ConversationPanel({ ticketId, onBack }: ConversationProps) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts);
  const toast = useToast();
  const me = useMe();
  const viewer = useTicketUser();
  const navigate = useNavigate();
  const { api } = useServices();
  const queryClient = useQueryClient();
  // The route's query of the same ticket merges answers the same way (use-route-ticket.ts).
  const ticketQuery = useTicket(ticketId, shareTicket);
  const pages = useMessagePages(ticketId);
  const [replyTo, setReplyTo] = useState<MessageDto | null>(null);
  const [modal, setModal] = useState<Modal>(null);
  const [deletingMessage, setDeletingMessage] = useState<MessageDto | null>(null);
  const tray = useAttachmentTray();
  const ticket = ticketQuery.data;
  // Not while another user attends the ticket, unless the user is an admin (the server's rule).
  const mayWork = ticket !== undefined && mayWorkOn(viewer, ticket);
  const replyWindow = useReplyWindow(ticket?.whatsappId ?? null, ticket?.customerMessageAt ?? null);

  useConversationSync({ ticketId, ticket, userId: me.user.id, messagesSettled: pages.isSuccess && !pages.isFetching });

  // A ticket one may not open, or that no longer exists, sends the user back to the list (spec 1 §4.1).
  // Only a new error matters; the toast and texts of the moment are enough.
  const ticketError = ticketQuery.error;
  const leaveOnError = useEffectEvent((error: ApiError) => {
    if (error.code === 'ERR_NO_PERMISSION') toast.error(texts.accessDenied);
    else if (error.code === 'ERR_NO_TICKET_FOUND') toast.error(error);
    else return;
    void navigate('/tickets', { replace: true });
  });
  useEffect(() => {
    if (ticketError instanceof ApiError) leaveOnError(ticketError);
  }, [ticketError]);

  const messages = useMemo(() => loadedMessages(pages.data), [pages.data]);
  const rows = useMemo(
    () =>
      ticket === undefined
        ? []
        : buildTimeline(messages, timelineTickets(ticket, pages.data?.pages ?? [], !pages.isSuccess || pages.hasNextPage)),
    [messages, ticket, pages.data, pages.isSuccess, pages.hasNextPage],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Earlier tickets' messages are history: replying and deleting act on this ticket's messages only.
  const canDelete = useCallback(
    (message: MessageDto) => mayWork && message.ticketId === ticketId && message.fromMe && !message.bot && message.userId === me.user.id,
    [mayWork, ticketId, me.user.id],
  );
  const onDeleteMessage = useCallback((message: MessageDto) => setDeletingMessage(message), []);
  const onReply = useCallback((message: MessageDto) => setReplyTo(message), []);

  const deleteMessage = async (message: MessageDto) => {
    try {
      const deleted = await requestMessageDeletion(api, message.id);
      queryClient.setQueryData<MessagePages>(queryKeys.messages.ofTicket(ticketId), (data) => upsertMessage(data, deleted));
    } catch (error) {
      toast.error(error);
    }
  };

  const deleteTicket = async () => {
    try {
      await requestTicketDeletion(api, ticketId);
      toast.success(texts.options.ticketDeleted);
      queryClient.removeQueries({ queryKey: queryKeys.tickets.one(ticketId) });
      queryClient.removeQueries({ queryKey: queryKeys.messages.ofTicket(ticketId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets.lists });
      void navigate('/tickets');
    } catch (error) {
      toast.error(error);
    }
  };

  if (ticket === undefined) {
    return (
      <div className={styles.root}>
        <div className={styles.center}>
          {ticketQuery.isError ? (
            <>
              <Text>{texts.loadError}</Text>
              <Button onClick={() => void ticketQuery.refetch()}>{texts.retry}</Button>
            </>
          ) : (
            <Spinner />
          )}
        </div>
      </div>
    );
  }

  // Replying and sending need an open ticket the user may work.
  const open = ticket.status === 'open' && mayWork;
  // Outside a cloud ticket's window no file may go: nothing takes a drop.
  const takesFiles = open && replyWindow.window.kind !== 'closed';
  return (
    <section className={styles.root} aria-label={ticket.contact.name} {...trayDropTarget(tray, takesFiles)}>
      <TicketHeader
        ticket={ticket}
        onBack={onBack}
        onOpenContact={() => setModal('contact')}
        onOpenNotes={() => setModal('notes')}
        onTransfer={() => setModal('transfer')}
        onTags={() => setModal('tags')}
        onDelete={() => setModal('deleteTicket')}
      />
      {pages.isPending ? (
        <div className={styles.center}>
          <Spinner />
        </div>
      ) : pages.isError && messages.length === 0 ? (
        <div className={styles.center}>
          <Text>{texts.loadError}</Text>
          <Button onClick={() => void pages.refetch()}>{texts.retry}</Button>
        </div>
      ) : (
        <MessagesList
          ticketId={ticketId}
          rows={rows}
          contactName={ticket.contact.name}
          hasOlder={pages.hasNextPage}
          loadingOlder={pages.isFetchingNextPage}
          onLoadOlder={loadOlder}
          canReply={open}
          canDelete={canDelete}
          onReply={onReply}
          onDelete={onDeleteMessage}
        />
      )}
      {/* A ticket not yet accepted keeps the input, which says to accept it, whatever the window. */}
      {open && replyWindow.window.kind === 'closed' ? (
        <ReplyWindowNotice customerMessageAt={replyWindow.window.customerMessageAt} onSendTemplate={() => setModal('template')} />
      ) : mayWork ? (
        <MessageInput
          ticketId={ticketId}
          contactName={ticket.contact.name}
          ticketNumber={ticket.number}
          enabled={open}
          replyTo={open ? replyTo : null}
          onCancelReply={() => setReplyTo(null)}
          tray={tray}
          {...(replyWindow.window.kind === 'open' && { onTemplate: () => setModal('template') })}
          onOutsideReplyWindow={replyWindow.closeNow}
        />
      ) : (
        <Text className={styles.heldBy} role="status">
          {format(texts.input.heldBy, { name: ticket.user?.name ?? '' })}
        </Text>
      )}
      <TransferModal ticket={ticket} open={modal === 'transfer'} onClose={() => setModal(null)} />
      <TagsDialog ticket={ticket} open={modal === 'tags'} onClose={() => setModal(null)} />
      <NotesDialog ticket={ticket} open={modal === 'notes'} onClose={() => setModal(null)} />
      <ContactDrawer
        contactId={ticket.contactId}
        {...(ticket.whatsapp && { connectionName: ticket.whatsapp.name })}
        open={modal === 'contact'}
        onClose={() => setModal(null)}
      />
      {ticket.whatsappId !== null && replyWindow.window.kind !== 'free' && (
        <SendTemplateDialog
          open={modal === 'template'}
          ticketId={ticketId}
          whatsappId={ticket.whatsappId}
          contactName={ticket.contact.name}
          onClose={() => setModal(null)}
        />
      )}
      <ConfirmDialog open={modal === 'deleteTicket'} onConfirm={deleteTicket} onClose={() => setModal(null)} />
      <ConfirmDialog
        open={deletingMessage !== null}
        onConfirm={async () => {
          if (deletingMessage) await deleteMessage(deletingMessage);
        }}
        onClose={() => setDeletingMessage(null)}
      />
    </section>
  );
}
