/**
 * The header's announcements (spec 1 §2.7, §9; spec 3 §3, §9): active platform notices, newest first,
 * coloured by priority (1 red, 2 orange, 3 grey), the next page loaded within 100 px of the bottom, and
 * kept live by the `company-announcement` event. A dot marks notices that arrived since the popover
 * was last opened.
 */
import {
  Badge,
  Body1,
  Button,
  Caption1,
  makeStyles,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Subtitle2,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import { Megaphone24Regular } from '@fluentui/react-icons';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnnouncementPage, AnnouncementPriority } from '../../../shared/announcements';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../app/services';
import { format, useTexts } from '../i18n/texts';
import { useGlobalRealtimeEvent } from '../realtime';
import { applyAnnouncementEvent, nearBottom, priorityColour, visibleAnnouncements, type PriorityColour } from './announcement-list';
import { dateTimeLabel } from './date-time';
import { announcementsPopoverTexts } from './texts';

/** Under the announcements key, so the announcements page's changes refresh the popover too. */
const POPOVER_QUERY_KEY = [...queryKeys.announcements, 'popover'] as const;

const useStyles = makeStyles({
  anchor: {
    position: 'relative',
    display: 'inline-flex',
  },
  dot: {
    position: 'absolute',
    top: '4px',
    right: '4px',
    pointerEvents: 'none',
  },
  surface: {
    width: 'min(400px, calc(100vw - 32px))',
    padding: 0,
  },
  title: {
    display: 'block',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    maxHeight: '420px',
    overflowY: 'auto',
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderLeft: `${tokens.strokeWidthThickest} solid transparent`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  red: { borderLeftColor: tokens.colorPaletteRedBorderActive },
  orange: { borderLeftColor: tokens.colorPaletteDarkOrangeBorderActive },
  grey: { borderLeftColor: tokens.colorNeutralStroke1 },
  heading: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalS,
  },
  text: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  image: {
    maxWidth: '100%',
    maxHeight: '200px',
    objectFit: 'contain',
    alignSelf: 'flex-start',
    borderRadius: tokens.borderRadiusMedium,
  },
  when: {
    color: tokens.colorNeutralForeground3,
  },
  state: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground3,
  },
});

const BADGE_COLOURS: Readonly<Record<PriorityColour, 'danger' | 'warning' | 'informative'>> = {
  red: 'danger',
  orange: 'warning',
  grey: 'informative',
};

export function AnnouncementsPopover() {
  const styles = useStyles();
  const texts = useTexts(announcementsPopoverTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [hasNew, setHasNew] = useState(false);

  const query = useInfiniteQuery({
    queryKey: POPOVER_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => api.get<AnnouncementPage>('/announcements', { query: { pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

  useGlobalRealtimeEvent('company-announcement', (event) => {
    const current = queryClient.getQueryData<InfiniteData<AnnouncementPage, number>>(POPOVER_QUERY_KEY);
    if (current === undefined || current.pages.length === 0) {
      void queryClient.invalidateQueries({ queryKey: POPOVER_QUERY_KEY });
    } else {
      queryClient.setQueryData<InfiniteData<AnnouncementPage, number>>(POPOVER_QUERY_KEY, {
        ...current,
        pages: applyAnnouncementEvent(current.pages, event),
      });
    }
    if (event.action === 'create' && !open) setHasNew(true);
  });

  const announcements = visibleAnnouncements(query.data?.pages ?? []);
  const label = hasNew ? texts.buttonWithNew : texts.button;

  const loadMoreNearBottom = (element: HTMLElement) => {
    if (nearBottom(element) && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  // The dot sits beside the button, not in it: the button clips what overflows it.
  return (
    <span className={styles.anchor}>
      <Popover
        open={open}
        onOpenChange={(_, data) => {
          setOpen(data.open);
          if (data.open) setHasNew(false);
        }}
        positioning="below-end"
        withArrow
        trapFocus
      >
        <PopoverTrigger disableButtonEnhancement>
          <Tooltip content={label} relationship="label">
            <Button appearance="subtle" icon={<Megaphone24Regular />} />
          </Tooltip>
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} aria-label={texts.title}>
          <Subtitle2 as="h2" className={styles.title}>
            {texts.title}
          </Subtitle2>
          {query.isPending && (
            <div className={styles.state}>
              <Spinner size="tiny" label={texts.loading} />
            </div>
          )}
          {query.isError && announcements.length === 0 && (
            <div className={styles.state}>
              <Text>{texts.loadError}</Text>
              <Button size="small" onClick={() => void query.refetch()}>
                {texts.retry}
              </Button>
            </div>
          )}
          {query.isSuccess && announcements.length === 0 && <Text className={styles.state}>{texts.empty}</Text>}
          {announcements.length > 0 && (
            <ul className={styles.list} onScroll={(event) => loadMoreNearBottom(event.currentTarget)}>
              {announcements.map((announcement) => {
                const colour = priorityColour(announcement.priority);
                return (
                  <li key={announcement.id} className={mergeClasses(styles.item, styles[colour])}>
                    <div className={styles.heading}>
                      <Text weight="semibold">{announcement.title}</Text>
                      <Badge appearance="tint" color={BADGE_COLOURS[colour]} size="small">
                        {texts.priority[announcement.priority as AnnouncementPriority]}
                      </Badge>
                    </div>
                    <Caption1 className={styles.when}>{dateTimeLabel(announcement.createdAt)}</Caption1>
                    {announcement.mediaUrl !== null && (
                      <img
                        className={styles.image}
                        src={announcement.mediaUrl}
                        alt={format(texts.image, { title: announcement.title })}
                        loading="lazy"
                      />
                    )}
                    <Body1 className={styles.text}>{announcement.text}</Body1>
                  </li>
                );
              })}
              {query.isFetchingNextPage && (
                <li className={styles.state}>
                  <Spinner size="tiny" label={texts.loading} />
                </li>
              )}
            </ul>
          )}
        </PopoverSurface>
      </Popover>
      {hasNew && <Badge className={styles.dot} size="extra-small" color="danger" aria-hidden />}
    </span>
  );
}
