/**
 * The tags page (/tags, every user; spec 3 §2 Tags), on the admin-page kit: search by name, the list
 * with infinite scroll while GET /tags has more pages (components/ListPage), each tag with its ticket
 * count, create and edit in the tag dialog, delete with the one confirmation (administrators only, as
 * the server allows: 'company:administer'). Changes made anywhere arrive live (`tag` events).
 */
import { useQueryClient } from '@tanstack/react-query';
import { TagAdd24Regular } from '@fluentui/react-icons/svg/tag-add';
import { useState } from 'react';
import { can } from '../../../shared/permissions';
import { deleteTag, useTagList, type Tag } from '../api/tags';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useTexts } from '../i18n/texts';
import { useMe } from '../sign-in/me-context';
import { applyTagEvent, tagsOfList } from './tag-cache';
import { TagModal } from './TagModal';
import { TagsTable } from './TagsTable';
import { tagsTexts } from './texts';
import { useTagEvents } from './use-tag-events';

/** The tag dialog: closed, creating, or editing one tag. */
type ModalState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly tag: Tag };

export function TagsPage() {
  const texts = useTexts(tagsTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { user } = useMe();

  const { typed, setTyped, search } = useListSearch();
  const list = useTagList(search);
  useTagEvents();

  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (tagId: string) => deleteTag(api, tagId),
    onDeleted: (tagId) => {
    applyTagEvent(queryClient, { action: 'delete', tagId });
    },
    deletedText: texts.page.deleted,
  });

  const tags = tagsOfList(list.data);

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={listStateOf(list, tags.length)}
        add={{ label: texts.page.add, icon: <TagAdd24Regular />, onClick: () => setModal({ mode: 'create' }) }}
      >
        <TagsTable
          tags={tags}
          canDelete={can(user.profile, 'company:administer')}
          onEdit={(tag) => setModal({ mode: 'edit', tag })}
          onDelete={deletion.ask}
        />
      </ListPage>

      <TagModal
        open={modal.mode !== 'closed'}
        {...(modal.mode === 'edit' && { tag: modal.tag })}
        onClose={() => setModal({ mode: 'closed' })}
      />
      <ConfirmDeleteDialog {...deletion.dialog} />
    </>
  );
}
