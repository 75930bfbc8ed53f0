/**
 * The popover of the notifications bell around the bell (spec 1 §2.7; checklist C-008): the tickets
 * with new customer messages, newest first, each with its list preview (the customer's last message:
 * the server's automatic answers never replace it); choosing one opens the ticket. Loaded on the bell's first
 * open.
 */
import {
  Avatar,
  Caption1,
  CounterBadge,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { TicketDto } from '../../../shared/tickets';
import type { PopupProps } from '../components/on-demand';
import { TitledPopover } from '../components/TitledPopover';
import { useLanguage } from '../i18n/language';
import { useCountText, useTexts } from '../i18n/texts';
import { ticketsTexts } from '../tickets/texts';
import { lastMessageKind } from '../tickets/ticket-format';
import { whenLabel } from './notification-list';
import { notificationsTexts } from './texts';

const useStyles = makeStyles({
  surface: {
    width: 'min(360px, calc(100vw - 32px))',
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

export interface NotificationsSurfaceProps extends PopupProps {
  readonly tickets: readonly TicketDto[];
  readonly onChoose: (ticket: TicketDto) => void;
}

export function NotificationsSurface({ open, onOpenChange, trigger, buttonRef, tickets, onChoose }: NotificationsSurfaceProps) {
  const styles = useStyles();
  const texts = useTexts(notificationsTexts);
  const { language } = useLanguage();
  const countText = useCountText();
  const labels = useTexts(ticketsTexts).item.lastMessage;
  const now = new Date();
  // The customer's words as the ticket list shows them: a label for what is not text (a location, a
  // file, a deleted message), never the raw marker.
  const previewOf = (lastMessage: string) => {
    if (lastMessage === '') return texts.noMessageText;
    const kind = lastMessageKind(lastMessage);
    return kind === 'text' ? lastMessage : labels[kind];
  };

  return (
    <TitledPopover open={open} onOpenChange={onOpenChange} trigger={trigger} buttonRef={buttonRef} title={texts.title} className={styles.surface}>
      {tickets.length === 0 ? (
        <Text className={styles.empty}>{texts.empty}</Text>
      ) : (
        <ul className={styles.list}>
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <button type="button" className={styles.item} onClick={() => onChoose(ticket)}>
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
                    <Caption1>{whenLabel(ticket.updatedAt, now, language)}</Caption1>
                  </span>
                  <span className={styles.line}>
                    <Caption1 className={styles.preview} truncate wrap={false}>
                      {previewOf(ticket.lastMessage)}
                    </Caption1>
                    {ticket.unreadMessages > 0 && (
                      <CounterBadge
                        count={ticket.unreadMessages}
                        size="small"
                        color="brand"
                        aria-label={countText(texts.unread, ticket.unreadMessages)}
                      />
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </TitledPopover>
  );
}
