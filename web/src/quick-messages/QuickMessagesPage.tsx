/**
 * The quick messages page (/quick-messages, every user; spec 2 §2, §3, §4, §8, §9), on the admin-page
 * kit: search by shortcode or message, the table with infinite scroll (components/ListPage), create and
 * edit in the quick-message dialog, delete with the one confirmation. The list holds the company's
 * shared (`geral`) quick messages and the user's own personal ones; edit and delete show only where
 * the server would allow them (the author, and admins for a shared one). Changes made anywhere arrive
 * live (`quickmessage` events).
 */
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { canChangeQuickMessage } from '../../../shared/quick-messages';
import { deleteQuickMessage, useQuickMessageList } from '../api/quick-messages';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useTexts } from '../i18n/texts';
import { useMe } from '../sign-in/me-context';
import { applyQuickMessageEvent, listedQuickMessages } from './quick-message-cache';
import { QuickMessageDialog } from './QuickMessageDialog';
import { QuickMessagesTable } from './QuickMessagesTable';
import { quickMessagesTexts } from './texts';
import { useQuickMessageEvents } from './use-quick-message-events';

/** The dialog: closed, creating, or editing one quick message. */
type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly id: string };

export function QuickMessagesPage() {
  const texts = useTexts(quickMessagesTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { user } = useMe();

  const { typed, setTyped, search } = useListSearch();
  const list = useQuickMessageList(search);
  useQuickMessageEvents();

  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (id: string) => deleteQuickMessage(api, id),
    onDeleted: (id) => {
    applyQuickMessageEvent(queryClient, { action: 'delete', id });
    },
    deletedText: texts.page.deleted,
  });

  const viewer = { userId: user.id, isAdmin: user.profile === 'admin' };
  const quickMessages = listedQuickMessages(list.data);

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={listStateOf(list, quickMessages.length)}
        add={{ label: texts.page.add, icon: <Add24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
      >
        <QuickMessagesTable
          quickMessages={quickMessages}
          canChange={(quickMessage) => canChangeQuickMessage(viewer, quickMessage)}
          onEdit={(quickMessage) => setDialog({ mode: 'edit', id: quickMessage.id })}
          onDelete={deletion.ask}
        />
      </ListPage>

      <QuickMessageDialog
        open={dialog.mode !== 'closed'}
        {...(dialog.mode === 'edit' && { quickMessageId: dialog.id })}
        onClose={() => setDialog({ mode: 'closed' })}
      />
      <ConfirmDeleteDialog {...deletion.dialog} />
    </>
  );
}
