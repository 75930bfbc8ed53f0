/**
 * The notifications area of the header (spec 1 §1, §2.7; checklist C-008): a bell with the number of
 * tickets that have new customer messages, opening a list of them; choosing one opens the ticket.
 * Opening it the first time also asks for the browser's permission to notify (a user gesture, which
 * browsers require for the question).
 */
import {
  Avatar,
  Button,
  Caption1,
  CounterBadge,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Subtitle2,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import { Alert24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { format, useTexts } from '../i18n/texts';
import { whenLabel } from './notification-list';
import { notificationsTexts } from './texts';
import { ticketPath, useNotifications } from './use-notifications';

const useStyles = makeStyles({
  anchor: {
    position: 'relative',
    display: 'inline-flex',
  },
  count: {
    position: 'absolute',
    top: '0',
    right: '0',
    pointerEvents: 'none',
  },
  surface: {
    width: 'min(360px, calc(100vw - 32px))',
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
    maxHeight: '400px',
    overflowY: 'auto',
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    width: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    border: 'none',
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    textAlign: 'start',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  body: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minWidth: 0,
  },
  line: {
    display: 'flex',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalS,
  },
  preview: {
    color: tokens.colorNeutralForeground3,
  },
  empty: {
    display: 'block',
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground3,
  },
});

export function NotificationsPopover({ viewerId }: { readonly viewerId: string }) {
  const styles = useStyles();
  const texts = useTexts(notificationsTexts);
  const navigate = useNavigate();
  const tickets = useNotifications(viewerId);
  const [open, setOpen] = useState(false);
  const now = new Date();

  const label = tickets.length > 0 ? format(texts.buttonWithCount, { count: tickets.length }) : texts.button;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && typeof Notification !== 'undefined' && Notification.permission === 'default') {
      void Notification.requestPermission().catch(() => undefined);
    }
  };

  // The count sits beside the button, not in it: the button clips what overflows it.
  return (
    <span className={styles.anchor}>
      <Popover open={open} onOpenChange={(_, data) => onOpenChange(data.open)} positioning="below-end" withArrow trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          <Tooltip content={label} relationship="label">
            <Button appearance="subtle" icon={<Alert24Regular />} />
          </Tooltip>
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} aria-label={texts.title}>
          <Subtitle2 as="h2" className={styles.title}>
            {texts.title}
          </Subtitle2>
          {tickets.length === 0 ? (
            <Text className={styles.empty}>{texts.empty}</Text>
          ) : (
            <ul className={styles.list}>
              {tickets.map((ticket) => (
                <li key={ticket.id}>
                  <button
                    type="button"
                    className={styles.item}
                    onClick={() => {
                      setOpen(false);
                      void navigate(ticketPath(ticket.id));
                    }}
                  >
                    <Avatar
                      aria-hidden
                      name={ticket.contact.name}
                      image={ticket.contact.profilePicUrl === null ? undefined : { src: ticket.contact.profilePicUrl }}
                    />
                    <span className={styles.body}>
                      <span className={styles.line}>
                        <Text weight="semibold" truncate wrap={false}>
                          {ticket.contact.name}
                        </Text>
                        <Caption1>{whenLabel(ticket.updatedAt, now)}</Caption1>
                      </span>
                      <span className={styles.line}>
                        <Caption1 className={styles.preview} truncate wrap={false}>
                          {ticket.lastMessage !== '' ? ticket.lastMessage : texts.noMessageText}
                        </Caption1>
                        {ticket.unreadMessages > 0 && (
                          <CounterBadge
                            count={ticket.unreadMessages}
                            size="small"
                            color="brand"
                            aria-label={format(texts.unread, { count: ticket.unreadMessages })}
                          />
                        )}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </PopoverSurface>
      </Popover>
      {tickets.length > 0 && <CounterBadge className={styles.count} count={tickets.length} size="small" color="danger" aria-hidden />}
    </span>
  );
}
