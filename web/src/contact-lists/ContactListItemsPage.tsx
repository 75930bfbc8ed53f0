/**
 * /contact-lists/{id}/contacts (spec 2 §2 Contact-list items): the list's contacts with their index and
 * WhatsApp validity (green on WhatsApp, grey not, a question mark until checked), name, number and
 * email; search and infinite scroll; add and edit in a dialog; delete for the profiles that may delete
 * contacts (contacts-page:deleteContact); and the upload of a spreadsheet (.xlsx or .csv; legacy .xls is
 * refused by the server with its message, DESIGN §8), whose outcome is told in a toast.
 */
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { ArrowLeft24Regular } from '@fluentui/react-icons/svg/arrow-left';
import { ArrowUpload24Regular } from '@fluentui/react-icons/svg/arrow-upload';
import { CheckmarkCircle16Regular } from '@fluentui/react-icons/svg/checkmark-circle';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { DismissCircle16Regular } from '@fluentui/react-icons/svg/dismiss-circle';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { QuestionCircle16Regular } from '@fluentui/react-icons/svg/question-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { can } from '../../../shared/permissions';
import {
  contactListItemPages,
  contactListKeys,
  deleteContactListItem,
  uploadContactList,
  useContactListDetail,
  useContactListItemPages,
  type ContactListItem,
} from '../api/contact-lists';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { ListTable, type ListColumn } from '../components/ListTable';
import { RouterLink } from '../components/RouterLink';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useOpenedOnce } from '../components/use-opened-once';
import { useToast } from '../feedback/toast';
import { format, useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { useMe } from '../sign-in/me-context';
import { contactListsTexts } from './texts';
import { useContactListEvents } from './use-contact-list-events';
import { lazyComponent, usePreload } from '../components/lazy-component';

// The dialogs' code loads once the page has shown (usePreload), and they render from their first opening
// (use-opened-once.ts): the form's schema (and zod) stay out of the page's first load.
const ContactListItemDialog = lazyComponent(() => import('./ContactListItemDialog').then((m) => m.ContactListItemDialog));
const ConfirmDeleteDialog = lazyComponent(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));

const useStyles = makeStyles({
  back: { display: 'flex', marginBottom: tokens.spacingVerticalS },
  index: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  valid: { color: tokens.colorPaletteGreenForeground1 },
  invalid: { color: tokens.colorNeutralForeground3 },
  hiddenInput: { display: 'none' },
  cell: { overflowWrap: 'anywhere' },
});

type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly item: ContactListItem };

export function ContactListItemsPage() {
  usePreload(ContactListItemDialog, ConfirmDeleteDialog);
  const styles = useStyles();
  const texts = useTexts(contactListsTexts);
  const { contactListId = '' } = useParams();
  const { user } = useMe();
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useContactListDetail(contactListId);
  const { typed, setTyped, search } = useListSearch();
  const pages = useContactListItemPages(contactListId, search);
  useContactListEvents();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const fileInput = useRef<HTMLInputElement>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: contactListKeys.items(contactListId) });
    void queryClient.invalidateQueries({ queryKey: contactListKeys.one(contactListId) });
  };

  const deletion = useConfirmedDelete({
    remove: (itemId: string) => deleteContactListItem(api, itemId),
    onDeleted: refresh,
    deletedText: texts.page.done,
  });

  const upload = useMutation({
    mutationFn: (file: File) => uploadContactList(api, contactListId, file),
    onSuccess: (result) => {
      refresh();
      const rows = [...new Set(result.errors.map((error) => error.row))].join(', ');
      const summary = format(texts.items.uploaded, { created: result.created, skipped: result.skipped });
      if (rows === '') toast.success(summary);
      else toast.warning(`${summary} ${format(texts.items.uploadErrors, { rows })}`);
    },
    onError: (error) => toast.error(error),
  });

  const dialogShown = useOpenedOnce(dialog.mode !== 'closed');
  const deleteShown = useOpenedOnce(deletion.dialog.open);
  const items = contactListItemPages.items(pages.data);
  const indexOf = new Map(items.map((item, index) => [item.id, index + 1]));

  const validity = (item: ContactListItem) => {
    if (item.isWhatsappValid === true) return <CheckmarkCircle16Regular className={styles.valid} aria-label={texts.items.valid} role="img" />;
    if (item.isWhatsappValid === false) return <DismissCircle16Regular className={styles.invalid} aria-label={texts.items.invalid} role="img" />;
    return <QuestionCircle16Regular className={styles.invalid} aria-label={texts.items.unchecked} role="img" />;
  };

  const columns: readonly ListColumn<ContactListItem>[] = [
    {
      id: 'index',
      header: texts.items.index,
      narrow: 'detail',
      cell: (item) => (
        <span className={styles.index}>
          {validity(item)}
          {indexOf.get(item.id)}
        </span>
      ),
    },
    { id: 'name', header: texts.items.name, narrow: 'title', className: styles.cell, cell: (item) => item.name },
    { id: 'number', header: texts.items.number, narrow: 'detail', className: styles.cell, cell: (item) => item.number },
    { id: 'email', header: texts.items.email, narrow: 'detail', className: styles.cell, cell: (item) => item.email },
  ];

  return (
    <>
      <div className={styles.back}>
        <RouterLink to="/contact-lists">
          <ArrowLeft24Regular aria-hidden /> {texts.items.back}
        </RouterLink>
      </div>
      <ListPage
        texts={listPageTexts({ ...texts.items, title: list.data?.name ?? texts.page.title }, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={listStateOf(pages, items.length)}
        actions={
          <>
            <input
              ref={fileInput}
              className={styles.hiddenInput}
              type="file"
              accept=".xlsx,.csv,.xls"
              aria-label={texts.items.upload}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file !== undefined) upload.mutate(file);
              }}
            />
            <Tooltip content={texts.items.uploadHint} relationship="description">
              <Button icon={<ArrowUpload24Regular />} disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
                {upload.isPending ? texts.items.uploading : texts.items.upload}
              </Button>
            </Tooltip>
          </>
        }
        add={{ label: texts.items.add, icon: <Add24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
      >
        <ListTable
          label={list.data?.name ?? texts.page.title}
          items={items}
          itemKey={(item) => item.id}
          columns={columns}
          actionsHeader={texts.items.actions}
          actions={(item) => (
            <>
              <Tooltip content={format(texts.items.edit, { name: item.name })} relationship="label">
                <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => setDialog({ mode: 'edit', item })} />
              </Tooltip>
              {can(user.profile, 'contacts-page:deleteContact') && (
                <Tooltip content={format(texts.items.delete, { name: item.name })} relationship="label">
                  <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => deletion.ask(item)} />
                </Tooltip>
              )}
            </>
          )}
        />
      </ListPage>
      <Suspense fallback={null}>
        {dialogShown && (
          <ContactListItemDialog
            open={dialog.mode !== 'closed'}
            listId={contactListId}
            {...(dialog.mode === 'edit' && { item: dialog.item })}
            onClose={() => setDialog({ mode: 'closed' })}
          />
        )}
        {deleteShown && <ConfirmDeleteDialog {...deletion.dialog} />}
      </Suspense>
    </>
  );
}
