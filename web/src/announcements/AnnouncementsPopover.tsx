/**
 * The header's announcements (spec 1 §2.7, §9; spec 3 §3, §9): active platform notices, newest first,
 * coloured by priority (1 red, 2 orange, 3 grey), the next page loaded within 100 px of the bottom, and
 * kept live by the `company-announcement` event. A dot marks notices that arrived since the popover
 * was last opened. The popover (AnnouncementsSurface) loads on the first open.
 */
import { Badge, Button, makeStyles, Tooltip } from '@fluentui/react-components';
import { Megaphone24Regular } from '@fluentui/react-icons/svg/megaphone';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { announcementKeys, useAnnouncementPages, type AnnouncementPages } from '../api/announcements';
import { onDemand, popoverButtonAtRest, useOpenOnDemand, type ButtonAtRest } from '../components/on-demand';
import { useTexts } from '../i18n/texts';
import { useGlobalRealtimeEvent } from '../realtime';
import { applyAnnouncementEvent, nearBottom, visibleAnnouncements } from './announcement-list';
import { announcementsPopoverTexts } from './texts';

const Popup = onDemand(() => import('./AnnouncementsSurface').then((m) => m.AnnouncementsSurface));

const POPOVER_QUERY_KEY = announcementKeys.popover;

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
});

export function AnnouncementsPopover() {
  const styles = useStyles();
  const texts = useTexts(announcementsPopoverTexts);
  const queryClient = useQueryClient();
  const [open, setOpen, buttonRef] = useOpenOnDemand(Popup.load);
  const [hasNew, setHasNew] = useState(false);

  const query = useAnnouncementPages();

  useGlobalRealtimeEvent('company-announcement', (event) => {
    const current = queryClient.getQueryData<AnnouncementPages>(POPOVER_QUERY_KEY);
    if (current === undefined || current.pages.length === 0) {
      void queryClient.invalidateQueries({ queryKey: POPOVER_QUERY_KEY });
    } else {
      queryClient.setQueryData<AnnouncementPages>(POPOVER_QUERY_KEY, {
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

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setHasNew(false);
  };

  const button = (atRest?: ButtonAtRest) => (
    <Tooltip content={label} relationship="label">
      <Button ref={buttonRef} {...atRest} appearance="subtle" icon={<Megaphone24Regular />} />
    </Tooltip>
  );

  // The dot sits beside the button, not in it: the button clips what overflows it.
  return (
    <span className={styles.anchor}>
      {Popup.isLoaded() ? (
        <Popup.Component
          open={open}
          onOpenChange={onOpenChange}
          trigger={button()}
          buttonRef={buttonRef}
          announcements={announcements}
          pending={query.isPending}
          failed={query.isError}
          loaded={query.isSuccess}
          loadingMore={query.isFetchingNextPage}
          onRetry={() => void query.refetch()}
          onScroll={loadMoreNearBottom}
        />
      ) : (
        button(popoverButtonAtRest(onOpenChange))
      )}
      {hasNew && <Badge className={styles.dot} size="extra-small" color="danger" aria-hidden />}
    </span>
  );
}
