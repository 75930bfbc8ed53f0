/**
 * The notifications area of the header (spec 1 §1, §2.7; checklist C-008): a bell with the number of
 * tickets that have new customer messages, opening a list of them; choosing one opens the ticket.
 * Opening it the first time also asks for the browser's permission to notify (a user gesture, which
 * browsers require for the question). The popover (NotificationsSurface) loads on the first open.
 */
import { Button, CounterBadge, makeStyles, Tooltip } from '@fluentui/react-components';
import { Alert24Regular } from '@fluentui/react-icons/svg/alert';
import { useNavigate } from 'react-router';
import { ticketRoutePath } from '../runtime/paths';
import { onDemand, popoverButtonAtRest, useOpenOnDemand, type ButtonAtRest } from '../components/on-demand';
import { useCountText, useTexts } from '../i18n/texts';
import { shownTicketState } from '../tickets/ticket-action-rules';
import { notificationsTexts } from './texts';
import { useNotifications } from './use-notifications';

const Popup = onDemand(() => import('./NotificationsSurface').then((m) => m.NotificationsSurface));

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
});

export function NotificationsPopover({ viewerId }: { readonly viewerId: string }) {
  const styles = useStyles();
  const texts = useTexts(notificationsTexts);
  const countText = useCountText();
  const navigate = useNavigate();
  const tickets = useNotifications(viewerId);
  const [open, setOpen, buttonRef] = useOpenOnDemand(Popup.load);

  const label = tickets.length > 0 ? countText(texts.buttonWithCount, tickets.length) : texts.button;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Asked here, inside the press, not once the list's code has loaded: browsers want a user gesture.
    if (next && typeof Notification !== 'undefined' && Notification.permission === 'default') {
      void Notification.requestPermission().catch(() => undefined);
    }
  };

  const button = (atRest?: ButtonAtRest) => (
    <Tooltip content={label} relationship="label">
      <Button ref={buttonRef} {...atRest} appearance="subtle" icon={<Alert24Regular />} />
    </Tooltip>
  );

  // The count sits beside the button, not in it: the button clips what overflows it.
  return (
    <span className={styles.anchor}>
      {Popup.isLoaded() ? (
        <Popup.Component
          open={open}
          onOpenChange={onOpenChange}
          trigger={button()}
          buttonRef={buttonRef}
          tickets={tickets}
          onChoose={(ticket) => {
            setOpen(false);
            // The address the ticket lists use (/tickets/{uuid}), so a ticket has one; the list shows
            // the tab of the ticket's status (a pending one under 'Aguardando').
            void navigate(ticketRoutePath(ticket.uuid), { state: shownTicketState(ticket.status) });
          }}
        />
      ) : (
        button(popoverButtonAtRest(onOpenChange))
      )}
      {tickets.length > 0 && <CounterBadge className={styles.count} count={tickets.length} size="small" color="danger" aria-hidden />}
    </span>
  );
}
