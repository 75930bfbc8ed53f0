/**
 * One ticket of a list (spec 1 §2.4): contact (avatar, name), the ticket's number (`#123`, ours: what
 * people say on the phone, in place of the spec's id), last message (without WhatsApp's formatting
 * markers; a label instead of a location, a card or a call), time (hour today, date otherwise), unread
 * count, queue in its colour (or the no-queue label), connection, assigned user, tags, and the actions
 * the status allows: Accept for pending tickets (which cannot be opened), Finish for the others (not for
 * a non-admin on a ticket another user attends), Reopen for closed ones, and for admins the spy icon of
 * the read-only view.
 */
import {
  Avatar,
  Badge,
  Button,
  Caption1,
  CounterBadge,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons/svg/eye';
import type { TicketDto } from '../../../shared/tickets';
import type { TagSummary } from '../api/tags';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { lastMessageKind, previewText, readableTextColor, ticketTime } from './ticket-format';
import { ticketsTexts } from './texts';

const useStyles = makeStyles({
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderLeft: `${tokens.strokeWidthThickest} solid transparent`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  selected: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
  },
  open: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    padding: 0,
    border: 'none',
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    ':disabled': { cursor: 'default' },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusMedium },
  },
  body: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  line: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
  },
  name: {
    flex: '0 1 auto',
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  number: {
    color: tokens.colorNeutralForeground3,
    // The number gives way before the name does.
    flex: '1 1 0px',
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  time: {
    marginLeft: 'auto',
    flexShrink: 0,
    color: tokens.colorNeutralForeground3,
  },
  message: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground2,
  },
  label: {
    fontStyle: 'italic',
  },
  footer: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    // Under the texts, past the avatar (40 px) and the gap.
    paddingLeft: `calc(40px + ${tokens.spacingHorizontalS})`,
  },
  badges: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
  },
  actions: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    flexShrink: 0,
  },
});

export interface TicketListItemProps {
  readonly ticket: TicketDto;
  /** The ticket's tags that still exist, with their names and colours (the ticket carries only their ids). */
  readonly tags: readonly Pick<TagSummary, 'id' | 'name' | 'color'>[];
  readonly selected: boolean;
  readonly isAdmin: boolean;
  /** The user may work the ticket: it is not one another user attends, or the user is an admin. */
  readonly mayWork: boolean;
  readonly busy: boolean;
  readonly onOpen: (ticket: TicketDto) => void;
  readonly onAccept: (ticket: TicketDto) => void;
  readonly onFinish: (ticket: TicketDto) => void;
  readonly onReopen: (ticket: TicketDto) => void;
  readonly onSpy: (ticket: TicketDto) => void;
}

export function TicketListItem({ ticket, tags, selected, isAdmin, mayWork, busy, onOpen, onAccept, onFinish, onReopen, onSpy }: TicketListItemProps) {
  const styles = useStyles();
  const texts = useTexts(ticketsTexts).item;
  const { language } = useLanguage();
  const pending = ticket.status === 'pending';
  const kind = lastMessageKind(ticket.lastMessage);
  const queueColor = ticket.queue?.color ?? tokens.colorNeutralStroke1;
  const unread =
    ticket.unreadMessages === 1 ? texts.unreadOne : format(texts.unread, { count: ticket.unreadMessages });

  return (
    <li
      className={mergeClasses(styles.item, selected && styles.selected)}
      style={{ borderLeftColor: queueColor }}
      aria-current={selected ? 'true' : undefined}
    >
      <button
        type="button"
        className={styles.open}
        disabled={pending}
        title={pending ? texts.pendingHint : undefined}
        onClick={() => onOpen(ticket)}
      >
        {/* Hidden from the accessibility tree: it would name the button after the contact twice. */}
        <Avatar
          aria-hidden
          name={ticket.contact.name}
          image={ticket.contact.profilePicUrl ? { src: ticket.contact.profilePicUrl } : undefined}
          size={40}
        />
        <span className={styles.body}>
          <span className={styles.line}>
            <Text weight="semibold" className={styles.name}>
              {ticket.contact.name}
            </Text>
            {ticket.number !== null && (
              <Caption1 className={styles.number}>{format(texts.ticketNumber, { number: ticket.number })}</Caption1>
            )}
            <Caption1 className={styles.time}>{ticketTime(ticket.updatedAt, language)}</Caption1>
          </span>
          {(ticket.lastMessage !== '' || ticket.unreadMessages > 0) && (
            <span className={styles.line}>
              <Caption1 className={mergeClasses(styles.message, kind !== 'text' && styles.label)}>
                {kind === 'text' ? previewText(ticket.lastMessage) : texts.lastMessage[kind]}
              </Caption1>
              {ticket.unreadMessages > 0 && <CounterBadge count={ticket.unreadMessages} size="small" color="brand" aria-label={unread} />}
            </span>
          )}
        </span>
      </button>
      <div className={styles.footer}>
        <span className={styles.badges}>
          <Badge
            size="small"
            appearance={ticket.queue ? 'filled' : 'outline'}
            color={ticket.queue ? undefined : 'informative'}
            style={
              ticket.queue ? { backgroundColor: ticket.queue.color, color: readableTextColor(ticket.queue.color) } : undefined
            }
          >
            {ticket.queue?.name ?? texts.noQueue}
          </Badge>
          {ticket.whatsapp && (
            <Badge size="small" appearance="tint" color="informative" title={format(texts.connection, { name: ticket.whatsapp.name })}>
              {ticket.whatsapp.name}
            </Badge>
          )}
          {ticket.user && (
            <Badge size="small" appearance="tint" color="success" title={format(texts.user, { name: ticket.user.name })}>
              {ticket.user.name}
            </Badge>
          )}
          {tags.map((tag) => (
            <Badge
              key={tag.id}
              size="small"
              appearance="filled"
              style={{ backgroundColor: tag.color, color: readableTextColor(tag.color) }}
            >
              {tag.name}
            </Badge>
          ))}
        </span>
        <span className={styles.actions}>
          {pending && (
            <Button size="small" appearance="primary" disabled={busy} onClick={() => onAccept(ticket)}>
              {texts.accept}
            </Button>
          )}
          {ticket.status !== 'closed' && mayWork && (
            <Button size="small" disabled={busy} onClick={() => onFinish(ticket)}>
              {texts.finish}
            </Button>
          )}
          {ticket.status === 'closed' && (
            <Button size="small" disabled={busy} onClick={() => onReopen(ticket)}>
              {texts.reopen}
            </Button>
          )}
          {isAdmin && (
            <Tooltip content={texts.spy} relationship="label">
              <Button size="small" appearance="subtle" icon={<EyeRegular />} onClick={() => onSpy(ticket)} />
            </Tooltip>
          )}
        </span>
      </div>
    </li>
  );
}
