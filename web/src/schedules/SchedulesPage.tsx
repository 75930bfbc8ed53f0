/**
 * The schedules page (/schedules, plan flag useSchedules; spec 2 §2 Schedules, §4, §9): a calendar
 * (react-big-calendar with the date-fns localizer, in the interface language) with month, week, day and
 * agenda views; each event is the contact's name at the send time, with edit and delete for its author
 * and admins (shared/scheduled-messages.ts mayChangeSchedule; others open it to read). The title
 * counts the schedules loaded, a search box filters them, the add button opens the dialog, and
 * `?contactId=` (the contacts page and the ticket's menu link here) opens it for that contact. The list
 * loads page by page as its end comes into view, and changes arrive live (`schedule` events).
 *
 * This page is loaded on demand by the page registry, so the calendar and zod stay out of every other
 * page's first load.
 */
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, Title3, tokens, Tooltip } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Delete16Regular } from '@fluentui/react-icons/svg/delete';
import { Edit16Regular } from '@fluentui/react-icons/svg/edit';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { Calendar, Views, type EventProps, type View } from 'react-big-calendar';
import { useSearchParams } from 'react-router';
import { mayChangeSchedule } from '../../../shared/scheduled-messages';
import { useContact } from '../api/contacts';
import { deleteSchedule, useScheduleList, type ScheduledMessage } from '../api/schedules';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { LocalizedSearchBox } from '../components/LocalizedSearchBox';
import { LOAD_MORE_DISTANCE_PX } from '../components/timing';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useLoadMore } from '../components/use-load-more';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { isAdmin } from '../session/me';
import { useMe } from '../session/me-context';
import { CALENDAR_CULTURES, calendarLocalizer, calendarMessages } from './calendar-localizer';
import { applyScheduleEvent, listedSchedules } from './schedule-cache';
import { ScheduleDialog, type ScheduleDialogState } from './ScheduleDialog';
import { schedulesTexts } from './texts';
import { useScheduleEvents } from './use-schedule-events';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS },
  title: { marginRight: 'auto' },
  search: { minWidth: '220px', flexGrow: 1, maxWidth: '360px' },
  calendar: {
    position: 'relative',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalS,
    height: '70vh',
    minHeight: '480px',
  },
  event: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXXS, minWidth: 0 },
  eventName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flexGrow: 1 },
  eventButton: { minWidth: 'auto', color: 'inherit' },
  failed: { backgroundColor: tokens.colorPaletteRedBackground3 },
  sent: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  marker: { height: `${LOAD_MORE_DISTANCE_PX}px`, marginTop: `-${LOAD_MORE_DISTANCE_PX}px`, pointerEvents: 'none' },
});

interface ScheduleEvent {
  readonly id: string;
  readonly title: string;
  readonly start: Date;
  readonly end: Date;
  readonly schedule: ScheduledMessage;
}

/** How long an event lasts on the calendar: sends are instants, drawn as a short slot. */
const EVENT_MINUTES = 30;

function eventOf(schedule: ScheduledMessage): ScheduleEvent {
  const start = new Date(schedule.sendAt);
  return { id: schedule.id, title: schedule.contact.name, start, end: new Date(start.getTime() + EVENT_MINUTES * 60_000), schedule };
}

/** What an event's buttons do: the page's own handlers, handed down without remaking the calendar's components. */
const EventActions = createContext<{
  readonly edit: (id: string) => void;
  readonly remove: (id: string) => void;
  readonly mayChange: (schedule: ScheduledMessage) => boolean;
}>({ edit: () => {}, remove: () => {}, mayChange: () => false });

/** An event: the contact's name at the send time, with edit and delete (spec 2 §2). */
function EventLabel({ event }: EventProps<ScheduleEvent>) {
  const styles = useStyles();
  const texts = useTexts(schedulesTexts);
  const actions = useContext(EventActions);
  const name = event.schedule.contact.name;
  // Someone else's schedule: the server would refuse its edit and deletion, so it is only opened to read.
  if (!actions.mayChange(event.schedule)) {
    return (
      <span className={styles.event}>
        <span className={styles.eventName}>{name}</span>
      </span>
    );
  }
  return (
    <span className={styles.event}>
      <span className={styles.eventName}>{name}</span>
      <Tooltip content={format(texts.event.edit, { name })} relationship="label">
        <Button
          className={styles.eventButton}
          appearance="transparent"
          size="small"
          icon={<Edit16Regular />}
          onClick={(clicked) => {
            clicked.stopPropagation();
            actions.edit(event.id);
          }}
        />
      </Tooltip>
      <Tooltip content={format(texts.event.delete, { name })} relationship="label">
        <Button
          className={styles.eventButton}
          appearance="transparent"
          size="small"
          icon={<Delete16Regular />}
          onClick={(clicked) => {
            clicked.stopPropagation();
            actions.remove(event.id);
          }}
        />
      </Tooltip>
    </span>
  );
}

const CALENDAR_COMPONENTS = { event: EventLabel };

export function SchedulesPage() {
  const styles = useStyles();
  const texts = useTexts(schedulesTexts);
  const { language } = useLanguage();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { user } = useMe();

  // The calendar's stylesheet comes with the page's first render (Vite turns it into a stylesheet of this
  // chunk); loaded here rather than imported at the top so that tools reading the module without a
  // bundler (the unit tests load every page) never have to parse CSS.
  useEffect(() => {
    void import('react-big-calendar/lib/css/react-big-calendar.css');
  }, []);

  const { typed, setTyped, search } = useListSearch();
  const list = useScheduleList(search);
  useScheduleEvents();
  const schedules = listedSchedules(list.data);
  const events = useMemo(() => schedules.map(eventOf), [schedules]);

  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState(() => new Date());
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

  const loadMore = useLoadMore({ canLoad: list.hasNextPage && !list.isFetchingNextPage, load: () => void list.fetchNextPage() });

  const askDelete = deletion.ask;
  const viewerId = user.id;
  const viewerIsAdmin = isAdmin(user);
  const actions = useMemo(
    () => ({
      edit: (id: string) => setDialog({ mode: 'edit', id }),
      remove: (id: string) => askDelete({ id }),
      mayChange: (schedule: ScheduledMessage) => mayChangeSchedule({ userId: viewerId, isAdmin: viewerIsAdmin }, schedule),
    }),
    [askDelete, viewerId, viewerIsAdmin],
  );

  return (
    <EventActions.Provider value={actions}>
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
        <MessageBar intent="error">
          <MessageBarBody>{texts.page.loadError}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void list.refetch()}>{texts.page.retry}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {list.isPending ? (
        <Spinner label={texts.page.loading} />
      ) : (
        <div className={styles.calendar}>
          <Calendar<ScheduleEvent>
            localizer={calendarLocalizer}
            culture={CALENDAR_CULTURES[language]}
            messages={calendarMessages(texts.calendar)}
            events={events}
            views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
            view={view}
            onView={setView}
            date={date}
            onNavigate={setDate}
            popup
            components={CALENDAR_COMPONENTS}
            eventPropGetter={(event) => ({
              className: event.schedule.status === 'ERRO' ? styles.failed : event.schedule.status === 'ENVIADA' ? styles.sent : undefined,
            })}
            onSelectEvent={(event) => setDialog({ mode: 'edit', id: event.id })}
          />
        </div>
      )}
      <div ref={loadMore} className={styles.marker} aria-hidden />
      {list.isFetchingNextPage && <Spinner size="tiny" label={texts.page.loadingMore} />}

      <ScheduleDialog state={shownDialog} onClose={closeDialog} />
      <ConfirmDeleteDialog {...deletion.dialog} />
    </div>
    </EventActions.Provider>
  );
}
