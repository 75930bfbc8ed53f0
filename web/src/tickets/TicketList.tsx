/**
 * A scrolling ticket list: loads the next page when scrolled within 100 px of the bottom (spec 1 §2.3,
 * §9), and also while the loaded tickets do not fill the panel; an empty list shows a title and a
 * message.
 */
import { Button, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { TicketDto } from '../../../shared/tickets';
import { useTagOptions, type TagSummary } from '../api/tags';
import { useTexts } from '../i18n/texts';
import { TicketListItem } from './TicketListItem';
import { ticketsTexts } from './texts';
import { isRouteTicket, nearBottom } from './ticket-lists';

const useStyles = makeStyles({
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  state: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  more: {
    padding: tokens.spacingVerticalM,
  },
});

export interface TicketListProps {
  readonly tickets: readonly TicketDto[];
  readonly loading: boolean;
  readonly failed: boolean;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly onLoadMore: () => void;
  readonly onRetry: () => void;
  readonly routeTicket: string | undefined;
  readonly isAdmin: boolean;
  /** Whether the user may work a ticket (viewer.ts): not one another user attends, unless an admin. */
  readonly mayWork: (ticket: TicketDto) => boolean;
  readonly busy: boolean;
  readonly onOpen: (ticket: TicketDto) => void;
  readonly onAccept: (ticket: TicketDto) => void;
  readonly onFinish: (ticket: TicketDto) => void;
  readonly onReopen: (ticket: TicketDto) => void;
  readonly onSpy: (ticket: TicketDto) => void;
}

export function TicketList(props: TicketListProps) {
  const { tickets, loading, failed, hasMore, loadingMore, onLoadMore, onRetry, routeTicket } = props;
  const styles = useStyles();
  const texts = useTexts(ticketsTexts).list;
  const scroller = useRef<HTMLDivElement>(null);
  // Tickets name their tags by id (TicketDto.tags); the company's tag list gives their names and colours.
  const tagOptions = useTagOptions();
  const tagsById = useMemo(() => new Map((tagOptions.data ?? []).map((tag) => [tag.id, tag])), [tagOptions.data]);
  const tagsOf = (ticket: TicketDto): TagSummary[] => ticket.tags.flatMap((id) => tagsById.get(id) ?? []);

  const loadIfNear = useCallback(() => {
    const element = scroller.current;
    if (element === null || !hasMore || loadingMore || failed) return;
    if (nearBottom(element, 100)) onLoadMore();
  }, [hasMore, loadingMore, failed, onLoadMore]);

  // A first page shorter than the panel shows no scroll bar to reach the bottom with.
  useEffect(loadIfNear, [loadIfNear, tickets.length]);

  if (loading) {
    return (
      <div className={styles.state}>
        <Spinner size="small" label={texts.loading} />
      </div>
    );
  }
  if (failed && tickets.length === 0) {
    return (
      <div className={styles.state} role="alert">
        <Text>{texts.loadError}</Text>
        <Button onClick={onRetry}>{texts.retry}</Button>
      </div>
    );
  }
  if (tickets.length === 0) {
    return (
      <div className={styles.state}>
        <Subtitle2>{texts.emptyTitle}</Subtitle2>
        <Text>{texts.emptyText}</Text>
      </div>
    );
  }
  return (
    <div ref={scroller} className={styles.scroller} onScroll={loadIfNear}>
      <ul className={styles.list}>
        {tickets.map((ticket) => (
          <TicketListItem
            key={ticket.id}
            ticket={ticket}
            tags={tagsOf(ticket)}
            selected={isRouteTicket(routeTicket, ticket)}
            isAdmin={props.isAdmin}
            mayWork={props.mayWork(ticket)}
            busy={props.busy}
            onOpen={props.onOpen}
            onAccept={props.onAccept}
            onFinish={props.onFinish}
            onReopen={props.onReopen}
            onSpy={props.onSpy}
          />
        ))}
      </ul>
      {loadingMore && (
        <div className={styles.more}>
          <Spinner size="tiny" label={texts.loading} />
        </div>
      )}
      {failed && (
        <div className={styles.state} role="alert">
          <Button size="small" onClick={onLoadMore}>
            {texts.retry}
          </Button>
        </div>
      )}
    </div>
  );
}
