/**
 * Shown in the private area when `/auth/me` fails for a reason other than an ended session. The header
 * has no user menu yet, so the way out is here: try again, or sign out. A company past its due date
 * (a session kept from before, spec 1 §4.4) reads the login's words with the date: every call is
 * refused until the subscription is renewed, so signing out is what is left to do; except for the
 * company's admins (the refusal says `canPay`), who get the lapsed billing view instead: the same words,
 * the invoices and the checkout, to pay and come back.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Suspense, useState } from 'react';
import { useServices } from '../../runtime/services';
import { expiredCanPay, expiredSubscriptionMessage } from '../../auth/subscription';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useErrorText } from '../../i18n/errors';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { loginTexts } from '../../public/login-texts';
import { signOutEverywhere } from './sign-out';
import { shellTexts } from './texts';
import { lazyComponent } from '../../components/lazy-component';

// Only an admin of a lapsed company sees it: the invoices' code loads then.
const LapsedBillingView = lazyComponent(() => import('../../billing/LapsedBillingView').then((m) => m.LapsedBillingView));

export interface ShellLoadErrorProps {
  readonly code: string;
  /** The refusing answer's body (an expired subscription's carries its due date). */
  readonly body?: unknown;
  readonly onRetry: () => void;
}

export function ShellLoadError({ code, body, onRetry }: ShellLoadErrorProps) {
  const texts = useTexts(shellTexts);
  const login = useTexts(loginTexts);
  const { language } = useLanguage();
  const errorText = useErrorText();
  const { api, auth } = useServices();
  const [leaving, setLeaving] = useState(false);
  const expired = code === 'ERR_SUBSCRIPTION_EXPIRED';

  const signOut = () => {
    setLeaving(true);
    void signOutEverywhere(api, auth);
  };

  if (expired && expiredCanPay(body)) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LapsedBillingView message={expiredSubscriptionMessage(login, body, language)} leaving={leaving} onSignOut={signOut} />
      </Suspense>
    );
  }

  return (
    <MessageBar intent="error" layout="multiline" politeness="assertive">
      <MessageBarBody>
        <MessageBarTitle>{texts.loadError}</MessageBarTitle>
        {expired ? expiredSubscriptionMessage(login, body, language) : errorText(code)}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry} disabled={leaving}>
          {texts.retry}
        </Button>
        <Button appearance={expired ? 'primary' : 'secondary'} onClick={signOut} disabled={leaving}>
          {texts.logout}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
