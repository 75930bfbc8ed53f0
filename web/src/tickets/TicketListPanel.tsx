/**
 * The list side of the workspace (spec 1 §2.3): tabs open (sub-tabs Assigned = status open, and
 * Pending, with their counts), closed and search; a queue filter on every tab; the show-all switch for
 * those allowed (admins start with it on); in the search tab the search text (500 ms debounce), the
 * tags filter and, for admins, the users filter. The closed and search lists always ask for show-all
 * (the server grants it to admins only).
 */
import {
  Badge,
  Button,
  Switch,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { can } from '../../../shared/permissions';
import type { TicketDto } from '../../../shared/tickets';
import { ticketRoutePath } from '../runtime/paths';
import { useToast } from '../feedback/toast';
import { format, useTexts } from '../i18n/texts';
import { isAdmin as isAdminProfile } from '../sign-in/me';
import { MultiSelectFilter, type FilterOption } from './MultiSelectFilter';
import { TicketList } from './TicketList';
import { ticketsTexts } from './texts';
import { listPlaceOf } from './ticket-action-rules';
import { useTicketActions } from './ticket-actions';
import { pickSummary, pickedQueues, queueSelectionOf } from './ticket-filters';
import { countLabel, hasMorePages, ticketsOf, type TicketListSpec } from './ticket-lists';
import { useDebouncedValue } from '../components/use-debounced-value';
import { useTicketListQuery } from './use-ticket-lists';
import { useQueues as useQueueList } from '../api/queues';
import { useTagOptions } from '../api/tags';
import { useUserOptions } from '../api/users';
import { mayWorkOn, useTicketUser } from './viewer';
import { lazyComponent, usePreload } from '../components/lazy-component';

// The dialogs' code loads once the list has shown (usePreload): the list shows sooner without it
// (combobox, conversation view), and a dialog opens at once.
const NewTicketModal = lazyComponent(() => import('./NewTicketModal').then((m) => m.NewTicketModal));
const SpyDialog = lazyComponent(() => import('./SpyDialog').then((m) => m.SpyDialog));
// The search box shows on the search tab only: its code loads once the list has shown.
const TicketSearchBox = lazyComponent(() => import('./TicketSearchBox').then((m) => m.TicketSearchBox));

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    height: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  tabs: {
    flexGrow: 1,
    minWidth: 0,
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  filter: {
    flexGrow: 1,
    flexBasis: '140px',
    minWidth: 0,
  },
  search: {
    flexGrow: 1,
    flexBasis: '100%',
    maxWidth: '100%',
  },
  subTabs: {
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  count: {
    marginLeft: tokens.spacingHorizontalXS,
  },
});

type ListTab = 'open' | 'closed' | 'search';
type OpenTab = 'assigned' | 'pending';

const SEARCH_DEBOUNCE_MS = 500;

export interface TicketListPanelProps {
  /** The ticket in the route (its id or uuid), highlighted in the lists. */
  readonly routeTicket: string | undefined;
}

export function TicketListPanel({ routeTicket }: TicketListPanelProps) {
  usePreload(NewTicketModal, SpyDialog, TicketSearchBox);
  const styles = useStyles();
  const texts = useTexts(ticketsTexts);
  const user = useTicketUser();
  const toast = useToast();
  const navigate = useNavigate();
  const actions = useTicketActions();
  const isAdmin = isAdminProfile(user);
  const mayShowAll = can(user.profile, 'tickets-manager:showall');

  const [tab, setTab] = useState<ListTab>('open');
  const [openTab, setOpenTab] = useState<OpenTab>('assigned');
  const [showAll, setShowAll] = useState(mayShowAll);
  const [queueSelection, setQueueSelection] = useState<string[] | null>(null);
  const [searchText, setSearchText] = useState('');
  const searchParam = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [tags, setTags] = useState<string[]>([]);
  const [users, setUsers] = useState<string[]>([]);
  const [spyTicket, setSpyTicket] = useState<TicketDto | null>(null);
  const [creating, setCreating] = useState(false);

  // An accept or a reopen (here or in the conversation) moved the ticket on screen to open, Assigned:
  // the list follows it there, so it stays selected (spec 1 §4.1); a ticket opened from a notification
  // shows in the tab of its status (listPlaceOf).
  // A new navigation is a new key; the state of the same one is read once (while rendering: React's
  // "adjust state when a prop changes" pattern).
  const location = useLocation();
  const [navigationSeen, setNavigationSeen] = useState<string | null>(null);
  if (location.key !== navigationSeen) {
    setNavigationSeen(location.key);
    const place = listPlaceOf(location.state);
    if (place !== undefined) {
      setTab(place.tab);
      if (place.tab === 'open') setOpenTab(place.openTab);
    }
  }

  // Admins pick among every queue of the company; the others among their own.
  const companyQueues = useQueueList(mayShowAll);
  useEffect(() => {
    if (companyQueues.isError) toast.error(texts.panel.queuesError);
  }, [companyQueues.isError, toast, texts.panel.queuesError]);
  const queueOptions: FilterOption[] = useMemo(
    () => (mayShowAll && companyQueues.data ? companyQueues.data : user.queues).map(({ id, name, color }) => ({ id, name, color })),
    [mayShowAll, companyQueues.data, user.queues],
  );
  const queueIds = useMemo(() => queueOptions.map((queue) => queue.id), [queueOptions]);
  const tagOptions = useTagOptions(tab === 'search');
  const userOptions = useUserOptions(tab === 'search' && isAdmin);

  const specs = useMemo(() => {
    const byStatus = (status: 'open' | 'pending' | 'closed', all: boolean): TicketListSpec => ({
      status,
      searchParam: '',
      queueIds: queueSelection,
      tags: [],
      users: [],
      showAll: all,
    });
    const search: TicketListSpec = { searchParam: searchParam.trim(), queueIds: queueSelection, tags, users, showAll: true };
    return { assigned: byStatus('open', showAll), pending: byStatus('pending', showAll), closed: byStatus('closed', true), search };
  }, [queueSelection, showAll, searchParam, tags, users]);

  const assigned = useTicketListQuery(specs.assigned, tab === 'open');
  const pending = useTicketListQuery(specs.pending, tab === 'open');
  const closed = useTicketListQuery(specs.closed, tab === 'closed');
  const search = useTicketListQuery(specs.search, tab === 'search');
  const current = tab === 'open' ? (openTab === 'assigned' ? assigned : pending) : tab === 'closed' ? closed : search;

  const open = (ticket: TicketDto) => {
    if (ticket.status !== 'pending') void navigate(ticketRoutePath(ticket.uuid));
  };

  const many = (count: number) => format(texts.panel.selectedCount, { count });
  const pickedQueueIds = pickedQueues(queueSelection, queueIds);

  return (
    <section className={styles.panel} aria-label={texts.page.title}>
      <div className={styles.header}>
        <TabList
          className={styles.tabs}
          size="small"
          aria-label={texts.panel.tabs}
          selectedValue={tab}
          onTabSelect={(_, data) => setTab(data.value as ListTab)}
        >
          <Tab value="open">{texts.panel.open}</Tab>
          <Tab value="closed">{texts.panel.closed}</Tab>
          <Tab value="search">{texts.panel.search}</Tab>
        </TabList>
        <Button size="small" appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
          {texts.panel.newTicket}
        </Button>
      </div>

      <div className={styles.toolbar}>
        {tab === 'search' && (
          <Suspense fallback={null}>
            <TicketSearchBox
              className={styles.search}
              size="small"
              placeholder={texts.panel.searchPlaceholder}
              aria-label={texts.panel.searchPlaceholder}
              value={searchText}
              onChange={(_, data) => setSearchText(data.value)}
            />
          </Suspense>
        )}
        <div className={styles.filter}>
          <MultiSelectFilter
            label={texts.panel.queues}
            placeholder={texts.panel.queues}
            options={queueOptions}
            selected={pickedQueueIds}
            summary={pickSummary(pickedQueueIds, queueOptions, { all: texts.panel.allSelected, many })}
            onChange={(picked) => setQueueSelection(queueSelectionOf(picked, queueIds))}
          />
        </div>
        {tab === 'search' && (
          <div className={styles.filter}>
            <MultiSelectFilter
              label={texts.panel.tags}
              placeholder={texts.panel.tags}
              options={tagOptions.data ?? []}
              selected={tags}
              summary={pickSummary(tags, tagOptions.data ?? [], { many })}
              onChange={setTags}
            />
          </div>
        )}
        {tab === 'search' && isAdmin && (
          <div className={styles.filter}>
            <MultiSelectFilter
              label={texts.panel.users}
              placeholder={texts.panel.users}
              options={userOptions.data ?? []}
              selected={users}
              summary={pickSummary(users, userOptions.data ?? [], { many })}
              onChange={setUsers}
            />
          </div>
        )}
        {tab === 'open' && mayShowAll && (
          <Switch label={texts.panel.showAll} checked={showAll} onChange={(_, data) => setShowAll(data.checked)} />
        )}
      </div>

      {tab === 'open' && (
        <TabList
          className={styles.subTabs}
          size="small"
          selectedValue={openTab}
          onTabSelect={(_, data) => setOpenTab(data.value as OpenTab)}
        >
          <Tab value="assigned">
            {texts.panel.assigned}
            <Badge className={styles.count} size="small" appearance="tint" color="informative">
              {countLabel(ticketsOf(assigned.data).length, hasMorePages(assigned.data))}
            </Badge>
          </Tab>
          <Tab value="pending">
            {texts.panel.pending}
            <Badge className={styles.count} size="small" appearance="tint" color="warning">
              {countLabel(ticketsOf(pending.data).length, hasMorePages(pending.data))}
            </Badge>
          </Tab>
        </TabList>
      )}

      <TicketList
        tickets={ticketsOf(current.data)}
        loading={current.isPending && current.fetchStatus !== 'idle'}
        failed={current.isError}
        hasMore={current.hasNextPage}
        loadingMore={current.isFetchingNextPage}
        onLoadMore={() => void current.fetchNextPage()}
        onRetry={() => void current.refetch()}
        routeTicket={routeTicket}
        isAdmin={isAdmin}
        mayWork={(ticket) => mayWorkOn(user, ticket)}
        busy={actions.busy}
        onOpen={open}
        onAccept={(ticket) => void actions.accept(ticket)}
        onFinish={(ticket) => void actions.finish(ticket)}
        onReopen={(ticket) => void actions.reopen(ticket)}
        onSpy={setSpyTicket}
      />

      <Suspense fallback={null}>
        {spyTicket !== null && <SpyDialog ticket={spyTicket} onClose={() => setSpyTicket(null)} />}
        {creating && <NewTicketModal open onClose={() => setCreating(false)} />}
      </Suspense>
    </section>
  );
}
