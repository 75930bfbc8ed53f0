/**
 * /login (spec 1 §2.1, §4.4): email and password against Cognito, then GET /auth/me before the session
 * counts, so the server can refuse a company past its due date (402 ERR_SUBSCRIPTION_EXPIRED with the
 * date, shown in the card until the next try). When the refusal says the user may pay (`canPay`: the
 * company's admins), the notice offers 'Pagar fatura': the same sign-in again, tolerating exactly that
 * refusal, to /financeiro, where the shell shows the lapsed billing view. A successful sign-in shows the success toast and, fewer
 * than 5 days before the due date, the days left; the public-route guard then takes the user on.
 * Other refusals are catalogue errors, shown as toasts (spec 1 §8). After the user changed their own
 * password (which ends every sign-in of the account), the card says so until the next try.
 */
import { Button, Field, Input, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { useState, type SubmitEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchMe } from '../api/auth';
import { ApiError } from '../api/client';
import { useServices } from '../runtime/services';
import { SignInError } from '../auth/auth-store';
import { daysLeftToWarn, dueWarningWording, expiredCanPay, expiredSubscriptionMessage, isPayableExpiry, utcToday } from '../auth/subscription';
import { useAuthState } from '../auth/use-auth-state';
import { RouterLink } from '../components/RouterLink';
import { useToast } from '../feedback/toast';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { AuthPageLayout } from '../public/AuthPageLayout';
import { loginTexts } from '../public/login-texts';
import { PasswordInput } from '../public/PasswordInput';
import { signedUpEmail } from '../public/signed-up-state';
import { INVOICES_PAGE_PATH, type LoginRedirectState } from '../runtime/paths';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
  },
  links: {
    display: 'flex',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    rowGap: tokens.spacingVerticalS,
    columnGap: tokens.spacingHorizontalM,
  },
});

export function LoginPage() {
  const styles = useStyles();
  const { auth, api } = useServices();
  const authState = useAuthState();
  const toast = useToast();
  const texts = useTexts(loginTexts);
  const { language } = useLanguage();

  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => signedUpEmail(location.state));
  const [password, setPassword] = useState('');
  const [showRequired, setShowRequired] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  /** The answer that refused an expired subscription (it carries the due date), kept to say so in any language. */
  const [expired, setExpired] = useState<{ readonly body: unknown } | undefined>();
  const [refused, setRefused] = useState(false);

  const sessionExpired = authState.status === 'signedOut' && authState.reason === 'expired' && !refused;
  // The user's own new password ended the sign-in (the profile dialog): until the next try, say why.
  const passwordChanged = authState.status === 'signedOut' && authState.reason === 'passwordChanged' && !refused;
  const emailMissing = showRequired && email.trim() === '';
  const passwordMissing = showRequired && password === '';

  /** Runs with fresh tokens, before the guards see a session: a rejection undoes the sign-in. */
  async function confirmCompany(): Promise<void> {
    const me = await fetchMe(api);
    toast.success(texts.success);
    const days = daysLeftToWarn(me.company.dueDate, utcToday());
    if (days !== undefined) toast.warning(format(texts[dueWarningWording(days)], { days }));
  }

  /**
   * The sign-in of an admin whose company has lapsed, to pay: the server still refuses /auth/me, and
   * that one refusal (isPayableExpiry) is let through; any other ends the sign-in as usual.
   */
  async function confirmToPay(): Promise<void> {
    await fetchMe(api).then(
      () => undefined,
      (caught: unknown) => {
        if (!isPayableExpiry(caught)) throw caught;
      },
    );
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setShowRequired(true);
      return;
    }
    await signIn(confirmCompany);
  }

  /** 'Pagar fatura': signs in anyway and lands on the invoices (the public guard goes where `from` says). */
  async function signInToPay() {
    const here = { pathname: location.pathname, search: location.search, hash: location.hash };
    const before: unknown = location.state;
    const toInvoices: LoginRedirectState = { from: { pathname: INVOICES_PAGE_PATH, search: '', hash: '' } };
    await navigate(here, { replace: true, state: toInvoices });
    // A refused sign-in leaves the page as it was, with where the user was heading before.
    if (!(await signIn(confirmToPay))) await navigate(here, { replace: true, state: before });
  }

  /** Signs in with what is typed; false when refused (the refusal is shown). */
  async function signIn(confirm: () => Promise<void>): Promise<boolean> {
    setSubmitting(true);
    setExpired(undefined);
    try {
      await auth.signIn(email.trim(), password, confirm);
      return true;
    } catch (caught) {
      setRefused(true);
      setSubmitting(false);
      if (caught instanceof ApiError && caught.code === 'ERR_SUBSCRIPTION_EXPIRED') {
        setExpired({ body: caught.body });
      } else {
        toast.error(caught instanceof SignInError ? caught.code : caught);
      }
      return false;
    }
  }

  return (
    <AuthPageLayout title={texts.title} subtitle={texts.subtitle}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {sessionExpired && (
          <MessageBar intent="warning">
            <MessageBarBody>{texts.sessionExpired}</MessageBarBody>
          </MessageBar>
        )}
        {passwordChanged && (
          <MessageBar intent="info">
            <MessageBarBody>{texts.passwordChanged}</MessageBarBody>
          </MessageBar>
        )}
        {expired !== undefined && (
          <MessageBar intent="error" politeness="assertive" layout="multiline">
            <MessageBarBody>{expiredSubscriptionMessage(texts, expired.body, language)}</MessageBarBody>
            {expiredCanPay(expired.body) && (
              <MessageBarActions>
                <Button appearance="primary" disabled={submitting} onClick={() => void signInToPay()}>
                  {texts.payInvoice}
                </Button>
              </MessageBarActions>
            )}
          </MessageBar>
        )}
        <Field label={texts.email} required validationMessage={emailMissing ? texts.required : undefined}>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(_, data) => setEmail(data.value)}
            disabled={submitting}
          />
        </Field>
        <Field label={texts.password} required validationMessage={passwordMissing ? texts.required : undefined}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(_, data) => setPassword(data.value)}
            disabled={submitting}
          />
        </Field>
        <Button type="submit" appearance="primary" disabled={submitting} icon={submitting ? <Spinner size="tiny" /> : undefined}>
          {submitting ? texts.submitting : texts.submit}
        </Button>
        <div className={styles.links}>
          <RouterLink to="/forgetpsw">{texts.forgotPassword}</RouterLink>
          <RouterLink to="/signup">{texts.signUp}</RouterLink>
        </div>
      </form>
    </AuthPageLayout>
  );
}
