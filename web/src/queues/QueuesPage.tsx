/**
 * The queues page (/queues, administrators; spec 3 §2 Queues), on the admin-page kit: the company's
 * queues (id, name, colour, order, greeting), searched by name on the loaded list, created and edited
 * in the queue dialog (with its work hours and chatbot options) and deleted after the one confirmation.
 * Changes made anywhere arrive live (`queue` events).
 */
import { useQueryClient } from '@tanstack/react-query';
import { PeopleQueue24Regular } from '@fluentui/react-icons/svg/people-queue';
import { useState } from 'react';
import { deleteQueue, useQueues, type QueueDto } from '../api/queues';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useTexts } from '../i18n/texts';
import { applyQueueEvent } from './queue-cache';
import { QueueModal } from './QueueModal';
import { filterQueues } from './filter-queues';
import { QueuesTable } from './QueuesTable';
import { queuesTexts } from './texts';
import { useQueueEvents } from './use-queue-events';

/** The queue dialog: closed, creating, or editing one queue. */
type ModalState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly queue: QueueDto };

export function QueuesPage() {
  const texts = useTexts(queuesTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();

  const { typed, setTyped, search } = useListSearch();
  const list = useQueues();
  useQueueEvents();

  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (queueId: string) => deleteQueue(api, queueId),
    onDeleted: (queueId) => {
    applyQueueEvent(queryClient, { action: 'delete', queueId });
    },
    deletedText: texts.page.deleted,
  });

  const all = list.data ?? [];
  const queues = filterQueues(all, search);
  // The whole list comes in one answer: no further pages to load.
  const state = listStateOf(
    { ...list, hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => Promise.resolve() },
    queues.length,
  );

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={state}
        add={{ label: texts.page.add, icon: <PeopleQueue24Regular />, onClick: () => setModal({ mode: 'create' }) }}
      >
        <QueuesTable queues={queues} onEdit={(queue) => setModal({ mode: 'edit', queue })} onDelete={deletion.ask} />
      </ListPage>

      <QueueModal
        open={modal.mode !== 'closed'}
        {...(modal.mode === 'edit' && { queue: modal.queue })}
        takenColors={all.map((queue) => queue.color)}
        onClose={() => setModal({ mode: 'closed' })}
      />
      <ConfirmDeleteDialog {...deletion.dialog} />
    </>
  );
}
