/**
 * /files (spec 2 §2 File lists; the administration section, behind the campaigns gate): the company's
 * file lists, searched by name with infinite scroll (components/ListPage), created and edited in the
 * file-list dialog, deleted after the one confirmation (spec 2 §8). Changes made anywhere arrive live
 * (`file` events).
 */
import { Button, makeStyles, Tooltip } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { deleteFileList, fileListPages, useFileListPages, type FileList } from '../api/file-lists';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { ListTable, type ListColumn } from '../components/ListTable';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useOpenedOnce } from '../components/use-opened-once';
import { format, useCountText, useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { fileListsTexts } from './texts';
import { applyFileListEvent, useFileListEvents } from './use-file-list-events';
import { lazyComponent, usePreload } from '../components/lazy-component';

// The dialogs' code loads once the page has shown (usePreload), and they render from their first opening
// (use-opened-once.ts), as the contact lists' do: the form's schema (and zod) stay out of the page's first
// load.
const FileListDialog = lazyComponent(() => import('./FileListDialog').then((m) => m.FileListDialog));
const ConfirmDeleteDialog = lazyComponent(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));

const useStyles = makeStyles({
  count: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly id: string };

export function FileListsPage() {
  usePreload(FileListDialog, ConfirmDeleteDialog);
  const styles = useStyles();
  const texts = useTexts(fileListsTexts);
  const countText = useCountText();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { typed, setTyped, search } = useListSearch();
  const pages = useFileListPages(search);
  useFileListEvents();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (id: string) => deleteFileList(api, id),
    onDeleted: (id) => applyFileListEvent(queryClient, { action: 'delete', id }),
    deletedText: texts.page.done,
  });

  const dialogShown = useOpenedOnce(dialog.mode !== 'closed');
  const deleteShown = useOpenedOnce(deletion.dialog.open);
  const lists = fileListPages.items(pages.data);

  const columns: readonly ListColumn<FileList>[] = [
    { id: 'name', header: texts.table.name, narrow: 'title', cell: (list) => list.name },
    { id: 'files', header: texts.table.files, narrow: 'detail', className: styles.count, cell: (list) => countText(texts.table.count, list.options.length) },
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
                <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => setDialog({ mode: 'edit', id: list.id })} />
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
          <FileListDialog
            open={dialog.mode !== 'closed'}
            {...(dialog.mode === 'edit' && { fileListId: dialog.id })}
            onClose={() => setDialog({ mode: 'closed' })}
          />
        )}
        {deleteShown && <ConfirmDeleteDialog {...deletion.dialog} />}
      </Suspense>
    </>
  );
}
