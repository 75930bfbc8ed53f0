/**
 * /contact-lists (spec 2 §2 Contact lists): the company's contact lists with their contact counts, search
 * and infinite scroll (components/ListPage), a list's name opening its contacts, create and rename in a
 * dialog, delete after the one confirmation. Changes made anywhere arrive live.
 */
import { Button, makeStyles, Tooltip } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { contactListKeys, contactListPages, deleteContactList, useContactListPages, type ContactList } from '../api/contact-lists';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { ListTable, type ListColumn } from '../components/ListTable';
import { RouterLink } from '../components/RouterLink';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useOpenedOnce } from '../components/use-opened-once';
import { format, useCountText, useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { contactListsTexts } from './texts';
import { useContactListEvents } from './use-contact-list-events';
import { lazyComponent, usePreload } from '../components/lazy-component';

// The dialogs' code loads once the page has shown (usePreload), and they render from their first opening
// (use-opened-once.ts): the form's schema (and zod) stay out of the page's first load.
const ContactListDialog = lazyComponent(() => import('./ContactListDialog').then((m) => m.ContactListDialog));
const ConfirmDeleteDialog = lazyComponent(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));

const useStyles = makeStyles({
  count: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly list: ContactList };

export function ContactListsPage() {
  usePreload(ContactListDialog, ConfirmDeleteDialog);
  const styles = useStyles();
  const texts = useTexts(contactListsTexts);
  const countText = useCountText();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { typed, setTyped, search } = useListSearch();
  const pages = useContactListPages(search);
  useContactListEvents();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (listId: string) => deleteContactList(api, listId),
    onDeleted: () => void queryClient.invalidateQueries({ queryKey: contactListKeys.all }),
    deletedText: texts.page.done,
  });

  const dialogShown = useOpenedOnce(dialog.mode !== 'closed');
  const deleteShown = useOpenedOnce(deletion.dialog.open);
  const lists = contactListPages.items(pages.data);

  const columns: readonly ListColumn<ContactList>[] = [
    {
      id: 'name',
      header: texts.table.name,
      narrow: 'title',
      cell: (list) => <RouterLink to={`/contact-lists/${list.id}/contacts`}>{list.name}</RouterLink>,
    },
    { id: 'contacts', header: texts.table.contacts, narrow: 'detail', className: styles.count, cell: (list) => countText(texts.table.count, list.contactsCount) },
  ];

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={listStateOf(pages, lists.length)}
        add={{ label: texts.page.add, icon: <Add24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
      >
        <ListTable
          label={texts.page.title}
          items={lists}
          itemKey={(list) => list.id}
          columns={columns}
          actionsHeader={texts.table.actions}
          actions={(list) => (
            <>
              <Tooltip content={format(texts.table.edit, { name: list.name })} relationship="label">
                <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => setDialog({ mode: 'edit', list })} />
              </Tooltip>
              <Tooltip content={format(texts.table.delete, { name: list.name })} relationship="label">
                <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => deletion.ask(list)} />
              </Tooltip>
            </>
          )}
        />
      </ListPage>
      <Suspense fallback={null}>
        {dialogShown && (
          <ContactListDialog
            open={dialog.mode !== 'closed'}
            {...(dialog.mode === 'edit' && { list: dialog.list })}
            onClose={() => setDialog({ mode: 'closed' })}
          />
        )}
        {deleteShown && <ConfirmDeleteDialog {...deletion.dialog} />}
      </Suspense>
    </>
  );
}
