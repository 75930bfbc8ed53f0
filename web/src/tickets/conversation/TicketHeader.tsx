/**
 * The top of the conversation (spec 1 §2.5, §2.8, §4.1): the contact (opens the contact drawer), the
 * ticket's number (`#123`), status, queue and agent, the action of the status (Accept, Finish, Reopen),
 * notes, and the ticket options menu (return to pending, transfer, tags, delete for admins). A ticket
 * another user attends offers a non-admin none of the actions that move it (the server refuses them):
 * notes and tags stay. On a narrow panel the name is cut to one line (the whole name in its title and in the
 * button's name) and the actions move under the contact.
 */
import {
  Avatar,
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ArrowForward20Regular } from '@fluentui/react-icons/svg/arrow-forward';
import { ArrowLeft20Regular } from '@fluentui/react-icons/svg/arrow-left';
import { ArrowUndo20Regular } from '@fluentui/react-icons/svg/arrow-undo';
import { CalendarClock20Regular } from '@fluentui/react-icons/svg/calendar-clock';
import { Delete20Regular } from '@fluentui/react-icons/svg/delete';
import { Info20Regular } from '@fluentui/react-icons/svg/info';
import { MoreVertical20Regular } from '@fluentui/react-icons/svg/more-vertical';
import { Note20Regular } from '@fluentui/react-icons/svg/note';
import { Tag20Regular } from '@fluentui/react-icons/svg/tag';
import { can } from '../../../../shared/permissions';
import type { TicketDto } from '../../../../shared/tickets';
import { useNavigate } from 'react-router';
import { scheduleForContactPath } from '../../runtime/paths';
import { format, useTexts } from '../../i18n/texts';
import { useMe } from '../../sign-in/me-context';
import { useTicketActions } from '../ticket-actions';
import { mayWorkOn, useTicketUser } from '../viewer';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  // The actions wrap under the contact when both do not fit on one line (a phone): the contact keeps
  // room for its name and status instead of shrinking to a few letters.
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  contact: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    flexGrow: 1,
    // Beside the back button even on a 320 px phone.
    flexBasis: '200px',
    padding: 0,
    border: 'none',
    background: 'none',
    color: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
  },
  identity: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  details: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap', color: tokens.colorNeutralForeground3 },
  // The pill's height is fixed: its words must stay on one line, inside it.
  status: { flexShrink: 0, whiteSpace: 'nowrap' },
  // The number people read out on the phone: never cut or wrapped.
  number: { flexShrink: 0, whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  queue: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, minWidth: 0, maxWidth: '100%' },
  queueDot: {
    width: '10px',
    height: '10px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralForeground3,
  },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexShrink: 0, marginLeft: 'auto' },
});

export interface TicketHeaderProps {
  readonly ticket: TicketDto;
  readonly onBack?: () => void;
  readonly onOpenContact: () => void;
  readonly onOpenNotes: () => void;
  readonly onTransfer: () => void;
  readonly onTags: () => void;
  readonly onDelete: () => void;
}

export function TicketHeader({ ticket, onBack, onOpenContact, onOpenNotes, onTransfer, onTags, onDelete }: TicketHeaderProps) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).header;
  const optionTexts = useTexts(conversationTexts).options;
  const me = useMe();
  const actions = useTicketActions();
  const user = useTicketUser();
  const mayWork = mayWorkOn(user, ticket);
  const mayDelete = can(me.user.profile, 'ticket-options:deleteTicket');
  const maySchedule = me.company.plan.useSchedules === true;
  const navigate = useNavigate();
  const statusColor = ticket.status === 'open' ? 'success' : ticket.status === 'pending' ? 'warning' : 'informative';

  return (
    <header className={styles.root}>
      {onBack && (
        <Tooltip content={texts.back} relationship="label">
          <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={onBack} />
        </Tooltip>
      )}
      {/* Named by what it shows (the contact, status, queue and agent), so the spoken name contains the
          visible text; the title tells what a click does. The avatar repeats the name, so it is hidden. */}
      <button type="button" className={styles.contact} onClick={onOpenContact} title={texts.contactInfo}>
        <Avatar
          aria-hidden
          name={ticket.contact.name}
          image={ticket.contact.profilePicUrl ? { src: ticket.contact.profilePicUrl } : undefined}
        />
        <span className={styles.identity}>
          {/* Cut to one line on a narrow panel; the title shows the whole name on hover. */}
          <Text weight="semibold" truncate wrap={false} title={ticket.contact.name}>
            {ticket.contact.name}
          </Text>
          <span className={styles.details}>
            {ticket.number !== null && (
              <Text size={200} weight="semibold" className={styles.number}>
                {format(texts.ticketNumber, { number: ticket.number })}
              </Text>
            )}
            <Badge className={styles.status} appearance="tint" color={statusColor} size="small">
              {texts.status[ticket.status]}
            </Badge>
            <span className={styles.queue}>
              {/* The queue's own colour, as in the ticket list (spec 1 §2.4). */}
              <span className={styles.queueDot} style={ticket.queue ? { backgroundColor: ticket.queue.color } : undefined} />
              <Text size={200} truncate wrap={false}>
                {ticket.queue?.name ?? texts.noQueue}
              </Text>
            </span>
            {ticket.user && <Text size={200}>{format(texts.assignedTo, { name: ticket.user.name })}</Text>}
          </span>
        </span>
      </button>
      <div className={styles.actions}>
        {ticket.status === 'pending' && (
          <Button appearance="primary" disabled={actions.busy} onClick={() => void actions.accept(ticket)}>
            {texts.accept}
          </Button>
        )}
        {ticket.status === 'open' && mayWork && (
          <Button appearance="primary" disabled={actions.busy} onClick={() => void actions.finish(ticket)}>
            {texts.finish}
          </Button>
        )}
        {ticket.status === 'closed' && (
          <Button appearance="primary" disabled={actions.busy} onClick={() => void actions.reopen(ticket)}>
            {texts.reopen}
          </Button>
        )}
        <Tooltip content={texts.notes} relationship="label">
          <Button appearance="subtle" icon={<Note20Regular />} onClick={onOpenNotes} />
        </Tooltip>
        <Tooltip content={texts.contactInfo} relationship="label">
          <Button appearance="subtle" icon={<Info20Regular />} onClick={onOpenContact} />
        </Tooltip>
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <Tooltip content={texts.options} relationship="label">
              <Button appearance="subtle" icon={<MoreVertical20Regular />} />
            </Tooltip>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {ticket.status === 'open' && mayWork && (
                <MenuItem icon={<ArrowUndo20Regular />} disabled={actions.busy} onClick={() => void actions.returnToPending(ticket)}>
                  {texts.returnToPending}
                </MenuItem>
              )}
              {ticket.status !== 'closed' && mayWork && (
                <MenuItem icon={<ArrowForward20Regular />} onClick={onTransfer}>
                  {texts.transfer}
                </MenuItem>
              )}
              <MenuItem icon={<Tag20Regular />} onClick={onTags}>
                {optionTexts.tags}
              </MenuItem>
              {maySchedule && (
                <MenuItem icon={<CalendarClock20Regular />} onClick={() => void navigate(scheduleForContactPath(ticket.contact.id, ticket.id))}>
                  {optionTexts.schedule}
                </MenuItem>
              )}
              {mayDelete && (
                <MenuItem icon={<Delete20Regular />} onClick={onDelete}>
                  {optionTexts.deleteTicket}
                </MenuItem>
              )}
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
    </header>
  );
}
