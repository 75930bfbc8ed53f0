/**
 * The ticket workspace, /tickets/:ticketId? (spec 1 §2.3): the list panel and the conversation of the
 * ticket in the route (a welcome placeholder without one). Wide and medium screens show both side by
 * side; narrow ones (< 600 px) two tabs, 'Ticket' and 'Atendimentos', one panel at a time, the
 * conversation with a way back to the list. The list rooms are joined while the page is open, so every
 * list stays current (spec 1 §4.2). Both panels stay mounted on narrow screens, so switching keeps the
 * list's scroll position.
 */
import { Tab, TabList, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Suspense, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useTexts } from '../i18n/texts';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { NARROW_SCREEN, useMediaQuery } from '../components/use-media-query';
import { TicketListPanel } from './TicketListPanel';
import { TicketsWelcome } from './TicketsWelcome';
import { ticketsTexts } from './texts';
import { narrowViewAfter, type NarrowView } from './ticket-action-rules';
import { useRouteTicketId } from './use-route-ticket';
import { useTicketLiveUpdates } from './use-ticket-lists';
import { useTicketUser } from './viewer';
import { lazyComponent, usePreload } from '../components/lazy-component';

// The conversation's code loads once the list has shown (usePreload): /tickets alone shows the list
// sooner, and a ticket opened from it shows at once.
const Conversation = lazyComponent(() => import('./conversation/Conversation').then((m) => m.Conversation));

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    minHeight: 0,
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  columns: {
    flexGrow: 1,
    minHeight: 0,
    display: 'flex',
  },
  list: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    width: 'clamp(320px, 34%, 460px)',
    flexShrink: 0,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  conversation: {
    flexGrow: 1,
    minWidth: 0,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
  },
  narrowPanel: {
    width: '100%',
    borderRight: 'none',
  },
  hidden: {
    display: 'none',
  },
  narrowTabs: {
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

export function TicketsPage() {
  usePreload(Conversation);
  const styles = useStyles();
  const texts = useTexts(ticketsTexts).page;
  const { ticketId: reference } = useParams();
  const user = useTicketUser();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const ticketId = useRouteTicketId(reference);
  const [view, setView] = useState<NarrowView>(reference === undefined ? 'list' : 'ticket');

  useTicketLiveUpdates(user);

  // Opening a ticket shows it, also when an accept or a reopen opens the one the route already named;
  // leaving it (finish, transfer, back to /tickets) shows the list. Each navigation is a new key, read
  // once while rendering (React's "adjust state when a prop changes" pattern: no render of the old view).
  const location = useLocation();
  const [navigationSeen, setNavigationSeen] = useState({ key: location.key, reference });
  if (location.key !== navigationSeen.key) {
    setNavigationSeen({ key: location.key, reference });
    setView(narrowViewAfter(view, { before: navigationSeen.reference, reference, state: location.state }));
  }

  const showList = !narrow || view === 'list';
  const showConversation = !narrow || view === 'ticket';

  return (
    <div className={styles.page}>
      {narrow && (
        <TabList
          className={styles.narrowTabs}
          selectedValue={view}
          onTabSelect={(_, data) => setView(data.value as NarrowView)}
        >
          <Tab value="ticket">{texts.narrowTicket}</Tab>
          <Tab value="list">{texts.narrowList}</Tab>
        </TabList>
      )}
      <div className={styles.columns}>
        <div className={mergeClasses(styles.list, narrow && styles.narrowPanel, !showList && styles.hidden)}>
          <TicketListPanel routeTicket={reference} />
        </div>
        <div className={mergeClasses(styles.conversation, !showConversation && styles.hidden)}>
          {ticketId === undefined ? (
            <TicketsWelcome />
          ) : (
            <Suspense fallback={<FullPageSpinner />}>
              <Conversation key={ticketId} ticketId={ticketId} {...(narrow && { onBack: () => setView('list') })} />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}
