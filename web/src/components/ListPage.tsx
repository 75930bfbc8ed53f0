/**
 * The frame of a list page of the administration (spec 1 §2.8, §9): the title, the search box (the
 * page searches once typing pauses, useListSearch), the page's buttons and its add button, the page's
 * summary of the list if it has one, then the list: a spinner while the first page loads, the load
 * error with a retry, the empty state, or the page's table (ListTable, which turns its rows into cards
 * on a narrow screen), whose next page loads when its end comes within LOAD_MORE_DISTANCE_PX.
 */
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, Title3, tokens } from '@fluentui/react-components';
import { LocalizedSearchBox } from './LocalizedSearchBox';
import type { ReactElement, ReactNode } from 'react';
import type { ListState } from './list-state';
import { LOAD_MORE_DISTANCE_PX } from './timing';
import { useLoadMore } from './use-load-more';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  title: { marginRight: 'auto' },
  search: { minWidth: '220px', flexGrow: 1, maxWidth: '360px', '@media (max-width: 599px)': { maxWidth: 'none' } },
  buttons: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalS },
  list: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalS,
    overflowX: 'auto',
  },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center' },
  rows: { position: 'relative' },
  loadMoreMarker: {
    position: 'absolute',
    left: 0,
    bottom: 0,
    width: '1px',
    height: `${LOAD_MORE_DISTANCE_PX}px`,
    pointerEvents: 'none',
  },
  loadingMore: { padding: tokens.spacingVerticalM },
});

export interface ListPageTexts {
  readonly title: string;
  readonly searchPlaceholder: string;
  readonly searchLabel: string;
  readonly loading: string;
  readonly loadingMore: string;
  readonly loadError: string;
  readonly retry: string;
  /** What an empty list says (with or without a search). */
  readonly empty: string;
}

export interface ListPageProps {
  readonly texts: ListPageTexts;
  /** What is typed in the search box. */
  readonly searchText: string;
  readonly onSearchTextChange: (typed: string) => void;
  readonly list: ListState;
  /** The page's own buttons, before the add button (import, export…). */
  readonly actions?: ReactNode;
  readonly add?: { readonly label: string; readonly icon?: ReactElement; readonly onClick: () => void };
  /** What the page says about its list as a whole, between the header and the list (the prompts' month usage). */
  readonly summary?: ReactNode;
  /** The table of the loaded items. */
  readonly children: ReactNode;
}

export function ListPage({ texts, searchText, onSearchTextChange, list, actions, add, summary, children }: ListPageProps) {
  const styles = useStyles();
  const markerRef = useLoadMore({ canLoad: list.hasMore && !list.loadingMore, load: list.loadMore });

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Title3 as="h1" className={styles.title}>
          {texts.title}
        </Title3>
        <LocalizedSearchBox
          className={styles.search}
          value={searchText}
          placeholder={texts.searchPlaceholder}
          aria-label={texts.searchLabel}
          onChange={(_, data) => onSearchTextChange(data.value)}
        />
        <div className={styles.buttons}>
          {actions}
          {add !== undefined && (
            <Button appearance="primary" icon={add.icon} onClick={add.onClick}>
              {add.label}
            </Button>
          )}
        </div>
      </div>

      {summary}

      <div className={styles.list}>
        {list.pending && <Spinner className={styles.state} label={texts.loading} />}
        {list.failed && (
          <MessageBar intent="error">
            <MessageBarBody>{texts.loadError}</MessageBarBody>
            <MessageBarActions>
              <Button onClick={list.retry}>{texts.retry}</Button>
            </MessageBarActions>
          </MessageBar>
        )}
        {list.empty && <p className={styles.state}>{texts.empty}</p>}
        {list.filled && (
          <div className={styles.rows}>
            {children}
            {list.hasMore && <div ref={markerRef} className={styles.loadMoreMarker} aria-hidden />}
            {list.loadingMore && <Spinner className={styles.loadingMore} size="small" label={texts.loadingMore} />}
          </div>
        )}
      </div>
    </div>
  );
}
