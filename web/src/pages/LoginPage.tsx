/**
 * /login: email and password against Cognito. A refusal shows the catalogue's meaning of the error
 * code in the card; success needs no navigation here, the public-route guard takes the user on.
 */
import {
  Body1,
  Button,
  Card,
  CardHeader,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useId, useState, type FormEvent } from 'react';
import { useServices } from '../app/services';
import { SignInError } from '../auth/auth-store';
import { useAuthState } from '../auth/use-auth-state';
import { RouterLink } from '../components/RouterLink';
import { errorMessage, pt, type ErrorCode } from '../i18n/pt';

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    width: '100%',
    maxWidth: '400px',
    padding: tokens.spacingHorizontalXXL,
  },
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
  const { auth } = useServices();
  const authState = useAuthState();
  const titleId = useId();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showRequired, setShowRequired] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<ErrorCode | undefined>();

  const sessionExpired = authState.status === 'signedOut' && authState.reason === 'expired' && error === undefined;
  const emailMissing = showRequired && email.trim() === '';
  const passwordMissing = showRequired && password === '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setShowRequired(true);
      return;
    }
    setSubmitting(true);
    setError(undefined);
    try {
      await auth.signIn(email.trim(), password);
    } catch (caught) {
      setError(caught instanceof SignInError ? caught.code : 'ERR_INTERNAL_SERVER_ERROR');
      setSubmitting(false);
    }
  }

  return (
    <main className={styles.root}>
      <Card className={styles.card} aria-labelledby={titleId}>
        <CardHeader
          header={
            <Title2 as="h1" id={titleId}>
              {pt.login.title}
            </Title2>
          }
          description={<Body1>{pt.login.subtitle}</Body1>}
        />
        <form className={styles.form} onSubmit={submit} noValidate>
          {sessionExpired && (
            <MessageBar intent="warning">
              <MessageBarBody>{pt.login.sessionExpired}</MessageBarBody>
            </MessageBar>
          )}
          {error !== undefined && (
            <MessageBar intent="error" politeness="assertive">
              <MessageBarBody>{errorMessage(error)}</MessageBarBody>
            </MessageBar>
          )}
          <Field
            label={pt.login.email}
            required
            validationMessage={emailMissing ? pt.login.required : undefined}
          >
            <Input
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(_, data) => setEmail(data.value)}
              disabled={submitting}
            />
          </Field>
          <Field
            label={pt.login.password}
            required
            validationMessage={passwordMissing ? pt.login.required : undefined}
          >
            <Input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(_, data) => setPassword(data.value)}
              disabled={submitting}
            />
          </Field>
          <Button
            type="submit"
            appearance="primary"
            disabled={submitting}
            icon={submitting ? <Spinner size="tiny" /> : undefined}
          >
            {submitting ? pt.login.submitting : pt.login.submit}
          </Button>
          <div className={styles.links}>
            <RouterLink to="/forgetpsw">{pt.login.forgotPassword}</RouterLink>
            <RouterLink to="/signup">{pt.login.signUp}</RouterLink>
          </div>
        </form>
      </Card>
    </main>
  );
}
