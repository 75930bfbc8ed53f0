/**
 * The announcements page (/announcements, super users only; spec 3 §2 Announcements), on the
 * admin-page kit: search by title or text, the table with infinite scroll (components/ListPage), create
 * and edit in the announcement dialog, delete with the one confirmation. The page gate refuses everyone
 * else with the permission toast and sends them to / (page-registry.ts `requires: { superUser }`), and
 * the server refuses their writes anyway.
 *
 * The platform-wide `company-announcement` event carries active announcements only (an announcement
 * made inactive arrives as its id), so on any event the page reads its loaded pages again rather than
 * patching them: the super user's list holds inactive ones too, and a page fetched next must not
 * repeat or skip one.
 */
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { announcementKeys, deleteAnnouncement, useAnnouncementList, type Announcement } from '../api/announcements';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useTexts } from '../i18n/texts';
import { useGlobalRealtimeEvent } from '../realtime';
import { listedAnnouncements } from './announcement-list';
import { AnnouncementDialog } from './AnnouncementDialog';
import { AnnouncementsTable } from './AnnouncementsTable';
import { announcementsTexts } from './texts';

/** The dialog: closed, creating, or editing one announcement. */
type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly announcement: Announcement };

export function AnnouncementsPage() {
  const texts = useTexts(announcementsTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();

  const { typed, setTyped, search } = useListSearch();
  const list = useAnnouncementList(search);
  useGlobalRealtimeEvent('company-announcement', () => void queryClient.invalidateQueries({ queryKey: announcementKeys.lists }));

  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (id: string) => deleteAnnouncement(api, id),
    onDeleted: () => {
    void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    },
    deletedText: texts.page.deleted,
  });

  const announcements = listedAnnouncements(list.data?.pages ?? []);

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={listStateOf(list, announcements.length)}
        add={{ label: texts.page.add, icon: <Add24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
      >
        <AnnouncementsTable
          announcements={announcements}
          onEdit={(announcement) => setDialog({ mode: 'edit', announcement })}
          onDelete={deletion.ask}
        />
      </ListPage>

      <AnnouncementDialog
        open={dialog.mode !== 'closed'}
        {...(dialog.mode === 'edit' && { announcement: dialog.announcement })}
        onClose={() => setDialog({ mode: 'closed' })}
      />
      <ConfirmDeleteDialog {...deletion.dialog} />
    </>
  );
}
