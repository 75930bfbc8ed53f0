/**
 * The popover of the header's announcements button around the button (spec 1 §2.7, §9; spec 3 §3,
 * §9): the active platform notices, newest first, coloured by priority (1 red, 2 orange, 3 grey).
 * Loaded on the first open; the notices themselves are fetched and kept live by AnnouncementsPopover
 * from the first load on.
 */
import {
  Body1,
  Button,
  Caption1,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { Announcement } from '../../../shared/announcements';
import type { PopupProps } from '../components/on-demand';
import { TitledPopover } from '../components/TitledPopover';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { priorityColour } from './announcement-priority';
import { dateTimeLabel } from './date-time';
import { PriorityBadge } from './PriorityBadge';
import { announcementsPopoverTexts } from './texts';

const useStyles = makeStyles({
  surface: {
    width: 'min(400px, calc(100vw - 32px))',
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

export interface AnnouncementsSurfaceProps extends PopupProps {
  readonly announcements: readonly Announcement[];
  /** The first page is still loading. */
  readonly pending: boolean;
  /** The last load failed. */
  readonly failed: boolean;
  /** The first page has arrived. */
  readonly loaded: boolean;
  readonly loadingMore: boolean;
  readonly onRetry: () => void;
  readonly onScroll: (list: HTMLElement) => void;
}

export function AnnouncementsSurface(props: AnnouncementsSurfaceProps) {
  const { open, onOpenChange, trigger, buttonRef, announcements, pending, failed, loaded, loadingMore, onRetry, onScroll } = props;
  const styles = useStyles();
  const texts = useTexts(announcementsPopoverTexts);
  const { language } = useLanguage();

  return (
    <TitledPopover open={open} onOpenChange={onOpenChange} trigger={trigger} buttonRef={buttonRef} title={texts.title} className={styles.surface}>
      {pending && (
        <div className={styles.state}>
          <Spinner size="tiny" label={texts.loading} />
        </div>
      )}
      {failed && announcements.length === 0 && (
        <div className={styles.state}>
          <Text>{texts.loadError}</Text>
          <Button size="small" onClick={onRetry}>
            {texts.retry}
          </Button>
        </div>
      )}
      {loaded && announcements.length === 0 && <Text className={styles.state}>{texts.empty}</Text>}
      {announcements.length > 0 && (
        <ul className={styles.list} onScroll={(event) => onScroll(event.currentTarget)}>
          {announcements.map((announcement) => {
            const colour = priorityColour(announcement.priority);
            return (
              <li key={announcement.id} className={mergeClasses(styles.item, styles[colour])}>
                <div className={styles.heading}>
                  <Text weight="semibold">{announcement.title}</Text>
                  <PriorityBadge priority={announcement.priority} />
                </div>
                <Caption1 className={styles.when}>{dateTimeLabel(announcement.createdAt, language)}</Caption1>
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
          {loadingMore && (
            <li className={styles.state}>
              <Spinner size="tiny" label={texts.loading} />
            </li>
          )}
        </ul>
      )}
    </TitledPopover>
  );
}
