/**
 * The schedules page (/schedules, plan flag useSchedules; spec 2 §2 Schedules, §4, §9): a calendar
 * (ScheduleCalendar.tsx, in the interface language) with month, week, day and agenda views; each event
 * is the contact's name at the send time with its status, with edit and delete for its author and
 * admins (shared/schedule-rules.ts mayChangeSchedule; others open it to read). The title
 * counts the schedules loaded, a search box filters them, the add button opens the dialog, and
 * `?contactId=` (the contacts page and the ticket's menu link here) opens it for that contact. The list
 * loads page by page as its end comes into view, and changes arrive live (`schedule` events).
 *
 * This page is loaded on demand by the page registry, so the calendar stays out of every other page's
 * first load; the dialogs, and the form's zod and pickers, load once the page has shown, so the page's own
 * first load stays under the 300 KB the others keep (`npm run bench:web`).
 */
import { Button, makeStyles, Spinner, Title3, tokens } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { mayChangeSchedule } from '../../../shared/schedule-rules';
import { useContact } from '../api/contacts';
import { deleteSchedule, useScheduleList, type ScheduledMessage } from '../api/schedules';
import { useServices } from '../runtime/services';
import { LocalizedSearchBox } from '../components/LocalizedSearchBox';
import { LOAD_MORE_DISTANCE_PX } from '../components/timing';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useLoadMore } from '../components/use-load-more';
import { useOpenedOnce } from '../components/use-opened-once';
import { format, useTexts } from '../i18n/texts';
import { isAdmin } from '../sign-in/me';
import { useMe } from '../sign-in/me-context';
import { applyScheduleEvent, listedSchedules } from './schedule-cache';
import { ScheduleCalendar } from './ScheduleCalendar';
import type { ScheduleEventActions } from './ScheduleEventItem';
import type { ScheduleDialogState } from './ScheduleDialog';
import { schedulesTexts } from './texts';
import { useScheduleEvents } from './use-schedule-events';
import { LoadErrorBar } from '../components/LoadErrorBar';
import { lazyComponent, usePreload } from '../components/lazy-component';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS },
  title: { marginRight: 'auto' },
  search: { minWidth: '220px', flexGrow: 1, maxWidth: '360px' },
  marker: { height: `${LOAD_MORE_DISTANCE_PX}px`, marginTop: `-${LOAD_MORE_DISTANCE_PX}px`, pointerEvents: 'none' },
});

// The dialogs' code loads once the page has shown (usePreload), and they render from their first opening
// (use-opened-once.ts): Fluent's dialog, its motion and focus trap are about 15 KB gzipped the calendar
// does not need to show.
const ScheduleDialog = lazyComponent(() => import('./ScheduleDialog').then((m) => m.ScheduleDialog));
const ConfirmDeleteDialog = lazyComponent(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));

export function SchedulesPage() {
  usePreload(ScheduleDialog, ConfirmDeleteDialog);
  const styles = useStyles();
  const texts = useTexts(schedulesTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { user } = useMe();

  const { typed, setTyped, search } = useListSearch();
  const list = useScheduleList(search);
  useScheduleEvents();
  const schedules = useMemo(() => listedSchedules(list.data), [list.data]);
  const [dialog, setDialog] = useState<ScheduleDialogState>({ mode: 'closed' });

  // `?contactId=` (and the ticket it came from): the dialog shows for that contact once it is read, until closed.
  const linkedContactId = params.get('contactId');
  const linkedTicketId = params.get('ticketId');
  const linkedContact = useContact(linkedContactId ?? '', linkedContactId !== null);
  const linked: ScheduleDialogState | undefined =
    linkedContactId !== null && linkedContact.data !== undefined
      ? { mode: 'create', contact: { id: linkedContact.data.id, name: linkedContact.data.name }, ticketId: linkedTicketId }
      : undefined;
  const shownDialog = dialog.mode === 'closed' && linked !== undefined ? linked : dialog;
  const closeDialog = () => {
    setDialog({ mode: 'closed' });
    if (linkedContactId !== null) setParams({}, { replace: true });
  };

  const deletion = useConfirmedDelete({
    remove: (id: string) => deleteSchedule(api, id),
    onDeleted: (id) => applyScheduleEvent(queryClient, { action: 'delete', scheduleId: id }),
    deletedText: texts.page.deleted,
  });

  const scheduleDialogShown = useOpenedOnce(shownDialog.mode !== 'closed');
  const deleteDialogShown = useOpenedOnce(deletion.dialog.open);

  const loadMore = useLoadMore({ canLoad: list.hasNextPage && !list.isFetchingNextPage, load: () => void list.fetchNextPage() });

  const askDelete = deletion.ask;
  const viewerId = user.id;
  const viewerIsAdmin = isAdmin(user);
  const actions = useMemo<ScheduleEventActions>(
    () => ({
      edit: (id: string) => setDialog({ mode: 'edit', id }),
      remove: (id: string) => askDelete({ id }),
      mayChange: (schedule: ScheduledMessage) => mayChangeSchedule({ userId: viewerId, isAdmin: viewerIsAdmin }, schedule),
    }),
    [askDelete, viewerId, viewerIsAdmin],
  );

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Title3 as="h1" className={styles.title}>
          {format(texts.page.title, { count: schedules.length })}
        </Title3>
        <LocalizedSearchBox
          className={styles.search}
          placeholder={texts.page.searchPlaceholder}
          aria-label={texts.page.searchLabel}
          value={typed}
          onChange={(_, data) => setTyped(data.value)}
        />
        <Button appearance="primary" icon={<Add24Regular />} onClick={() => setDialog({ mode: 'create', contact: null, ticketId: null })}>
          {texts.page.add}
        </Button>
      </div>

      {list.isError && (
        <LoadErrorBar message={texts.page.loadError} retryLabel={texts.page.retry} onRetry={() => void list.refetch()} />
      )}
      {list.isPending ? (
        <Spinner label={texts.page.loading} />
      ) : (
        <ScheduleCalendar schedules={schedules} actions={actions} />
      )}
      <div ref={loadMore} className={styles.marker} aria-hidden />
      {list.isFetchingNextPage && <Spinner size="tiny" label={texts.page.loadingMore} />}

      <Suspense fallback={null}>
        {scheduleDialogShown && <ScheduleDialog state={shownDialog} onClose={closeDialog} />}
        {deleteDialogShown && <ConfirmDeleteDialog {...deletion.dialog} />}
      </Suspense>
    </div>
  );
}
