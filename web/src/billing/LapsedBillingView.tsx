/**
 * What an admin of a company past its due date sees in the private area (the shell's load refused with
 * ERR_SUBSCRIPTION_EXPIRED and `canPay`): the expiry message, a way out (sign out), and the invoices
 * with the checkout, so the company can pay and come back. Nothing else of the app would load (every
 * other call is refused), so after the payment the page reloads at / and the whole app starts again.
 * No socket is open here (the shell opens it only for a loaded account): the checkout's look every few
 * seconds is what sees the payment (use-payment-wait.ts).
 */
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { useTexts } from '../i18n/texts';
import { InvoicesPage } from './InvoicesPage';
import { billingTexts } from './texts';

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, minWidth: 0 },
});

export interface LapsedBillingViewProps {
  /** The login's words for the refusal, with the due date. */
  readonly message: string;
  readonly leaving: boolean;
  readonly onSignOut: () => void;
}

/** The whole app again, from /, now that the company may use it. */
const reloadHome = () => window.location.assign('/');

export function LapsedBillingView({ message, leaving, onSignOut }: LapsedBillingViewProps) {
  const styles = useStyles();
  const texts = useTexts(billingTexts).lapsed;

  return (
    <div className={styles.view}>
      <MessageBar intent="warning" layout="multiline" politeness="assertive">
        <MessageBarBody>
          <MessageBarTitle>{texts.title}</MessageBarTitle>
          {message} {texts.help}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={onSignOut} disabled={leaving}>
            {texts.logout}
          </Button>
        </MessageBarActions>
      </MessageBar>
      <InvoicesPage onRenewed={reloadHome} />
    </div>
  );
}
