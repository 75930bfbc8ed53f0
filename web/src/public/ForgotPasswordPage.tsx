/**
 * /forgetpsw (spec 3 §2 Password reset): step 1 sends a code to the email (POST /auth/forgot-password),
 * step 2 takes the email, the code, the new password and its confirmation (POST /auth/reset-password),
 * then the user signs in with the new password. The server answers step 1 the same whether or not the
 * email has an account (README "Password reset"), so the spec's 'Email não encontrado' never shows:
 * saying it would tell anyone which emails have accounts.
 */
import { Body1, Button, Caption1, Field, Input, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { requestPasswordCode, resetForgottenPassword } from '../api/auth';
import { LOGIN_PATH } from '../runtime/paths';
import { useServices } from '../runtime/services';
import { RouterLink } from '../components/RouterLink';
import { useToast } from '../feedback/toast';
import { format, useTexts } from '../i18n/texts';
import { AuthPageLayout } from './AuthPageLayout';
import { forgotPasswordTexts } from './forgot-password-texts';
import { PasswordInput } from './PasswordInput';
import type { SignedUpState } from './signed-up-state';
import { publicTexts } from './texts';
import { checkEmail, checkReset, hasProblems, type FieldProblem, type Problems, type ResetForm } from './validation';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
  },
  step: {
    color: tokens.colorNeutralForeground2,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    rowGap: tokens.spacingVerticalS,
    columnGap: tokens.spacingHorizontalM,
  },
});

type Step = 'request' | 'reset';

const EMPTY_FORM: ResetForm = { email: '', code: '', password: '', confirmation: '' };

export function ForgotPasswordPage() {
  const styles = useStyles();
  const { api } = useServices();
  const toast = useToast();
  const navigate = useNavigate();
  const texts = useTexts(forgotPasswordTexts);
  const common = useTexts(publicTexts);

  const [step, setStep] = useState<Step>('request');
  const [form, setForm] = useState<ResetForm>(EMPTY_FORM);
  const [problems, setProblems] = useState<Problems<keyof ResetForm>>({});
  const [checked, setChecked] = useState(false);

  const sendCode = useMutation({
    mutationFn: (email: string) => requestPasswordCode(api, email),
    onSuccess: () => {
      toast.success(texts.codeSent);
      goTo('reset');
    },
    onError: (error) => toast.error(error),
  });

  const reset = useMutation({
    mutationFn: ({ email, code, password }: ResetForm) => resetForgottenPassword(api, { email, code: code.trim(), password }),
    onSuccess: (_, { email }) => {
      toast.success(texts.done);
      const state: SignedUpState = { email };
      void navigate(LOGIN_PATH, { state });
    },
    onError: (error) => toast.error(error),
  });

  const busy = sendCode.isPending || reset.isPending || reset.isSuccess;

  function goTo(next: Step) {
    setStep(next);
    setChecked(false);
    setProblems({});
  }

  function change<K extends keyof ResetForm>(field: K, value: ResetForm[K]) {
    const next = { ...form, [field]: value };
    setForm(next);
    if (checked) setProblems(step === 'request' ? onlyEmail(next.email) : checkReset(next));
  }

  function requestCode(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    const found = onlyEmail(form.email);
    setChecked(true);
    setProblems(found);
    if (!hasProblems(found)) sendCode.mutate(form.email.trim().toLowerCase());
  }

  function resetPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkReset(form);
    setChecked(true);
    setProblems(found);
    if (!hasProblems(found)) reset.mutate({ ...form, email: form.email.trim().toLowerCase() });
  }

  function resendCode() {
    if (checkEmail(form.email) === undefined) sendCode.mutate(form.email.trim().toLowerCase());
    else goTo('request');
  }

  const message = (problem: FieldProblem | undefined) => (problem === undefined ? undefined : common.problems[problem]);

  const emailField = (
    <Field label={texts.email} required validationMessage={message(problems.email)}>
      <Input type="email" name="email" autoComplete="username" value={form.email} disabled={busy} onChange={(_, data) => change('email', data.value)} />
    </Field>
  );

  return (
    <AuthPageLayout title={texts.title}>
      {step === 'request' ? (
        <form key="request" className={styles.form} onSubmit={requestCode} noValidate>
          <Caption1 className={styles.step}>{format(texts.step, { step: 1 })}</Caption1>
          <Body1>{texts.requestIntro}</Body1>
          {emailField}
          <Button type="submit" appearance="primary" disabled={busy} icon={sendCode.isPending ? <Spinner size="tiny" /> : undefined}>
            {sendCode.isPending ? texts.sending : texts.sendCode}
          </Button>
          <div className={styles.actions}>
            <RouterLink to={LOGIN_PATH}>{common.backToLogin}</RouterLink>
            <Button appearance="transparent" size="small" disabled={busy} onClick={() => goTo('reset')}>
              {texts.haveCode}
            </Button>
          </div>
        </form>
      ) : (
        <form key="reset" className={styles.form} onSubmit={resetPassword} noValidate>
          <Caption1 className={styles.step}>{format(texts.step, { step: 2 })}</Caption1>
          <Body1>{texts.resetIntro}</Body1>
          {emailField}
          <Field label={texts.code} required validationMessage={message(problems.code)}>
            <Input
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={form.code}
              disabled={busy}
              onChange={(_, data) => change('code', data.value)}
            />
          </Field>
          <Field label={texts.password} required hint={common.passwordRule} validationMessage={message(problems.password)}>
            <PasswordInput name="password" autoComplete="new-password" value={form.password} disabled={busy} onChange={(_, data) => change('password', data.value)} />
          </Field>
          <Field label={texts.confirmation} required validationMessage={message(problems.confirmation)}>
            <PasswordInput
              name="confirmation"
              autoComplete="new-password"
              value={form.confirmation}
              disabled={busy}
              onChange={(_, data) => change('confirmation', data.value)}
            />
          </Field>
          <Button type="submit" appearance="primary" disabled={busy} icon={reset.isPending ? <Spinner size="tiny" /> : undefined}>
            {reset.isPending ? texts.resetting : texts.reset}
          </Button>
          <div className={styles.actions}>
            <RouterLink to={LOGIN_PATH}>{common.backToLogin}</RouterLink>
            <Button appearance="transparent" size="small" disabled={busy} onClick={resendCode}>
              {sendCode.isPending ? texts.sending : texts.resendCode}
            </Button>
          </div>
        </form>
      )}
    </AuthPageLayout>
  );
}

function onlyEmail(email: string): Problems<keyof ResetForm> {
  const problem = checkEmail(email);
  return problem === undefined ? {} : { email: problem };
}
