/**
 * /signup (spec 2 §2 Sign-up, §5): name, email, phone (masked), password and a plan from the public plan
 * list. The server sets the trial, recurrence, status and campaigns itself (README "Sign-up"), so the
 * form sends only what the user typed. Success: toast, then /login with the email filled in. Failure:
 * a taken email is said at the email field; anything else is the catalogue's toast (spec 1 §8).
 * The optional `?companyId=` of the spec is accepted and has no effect: a sign-up always creates a new
 * company. `?plan=<name>` (the landing's plan buttons) preselects that plan when it exists.
 */
import { Button, Field, Input, makeStyles, Select, Spinner, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { signUpCompany } from '../api/auth';
import { ApiError } from '../api/client';
import { usePublicPlans } from '../api/plans';
import { LOGIN_PATH } from '../runtime/paths';
import { useServices } from '../runtime/services';
import { RouterLink } from '../components/RouterLink';
import { useToast } from '../feedback/toast';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { AuthPageLayout } from './AuthPageLayout';
import { PasswordInput } from './PasswordInput';
import type { SignedUpState } from './signed-up-state';
import { maskPhone } from './phone-mask';
import { planIdNamed, planOptionLabel } from './plan-options';
import { signUpTexts } from './signup-texts';
import { publicTexts } from './texts';
import { checkSignUp, hasProblems, signUpBody, type FieldProblem, type Problems, type SignUpForm } from './validation';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    // Long plan names must not widen the card past a phone's screen.
    '& > *': { minWidth: 0 },
  },
  plan: {
    width: '100%',
    minWidth: 0,
  },
  submit: {
    marginTop: tokens.spacingVerticalS,
  },
});

const EMPTY_FORM: SignUpForm = { name: '', email: '', phone: '', password: '', planId: '' };

export function SignUpPage() {
  const styles = useStyles();
  const { api } = useServices();
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { language } = useLanguage();
  const texts = useTexts(signUpTexts);
  const common = useTexts(publicTexts);

  const [entered, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [problems, setProblems] = useState<Problems<keyof SignUpForm>>({});
  const [checked, setChecked] = useState(false);
  const [emailTaken, setEmailTaken] = useState(false);

  const plans = usePublicPlans();

  // The plan the address names (?plan=), once the plans are loaded, until the user picks one.
  const wantedPlan = searchParams.get('plan')?.trim() ?? '';
  const wantedPlanId = plans.data === undefined ? '' : planIdNamed(plans.data, wantedPlan);
  // A landing button named a plan the platform does not offer (README, "Web app: public pages").
  const wantedUnavailable = plans.data !== undefined && plans.data.length > 0 && wantedPlan !== '' && wantedPlanId === '';
  const form = entered.planId === '' && wantedPlanId !== '' ? { ...entered, planId: wantedPlanId } : entered;

  const signUp = useMutation({
    mutationFn: (body: SignUpForm) => signUpCompany(api, body),
    onSuccess: (_, body) => {
      toast.success(texts.success);
      const state: SignedUpState = { email: body.email };
      void navigate(LOGIN_PATH, { state });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ERR_EMAIL_ALREADY_EXISTS') setEmailTaken(true);
      else toast.error(error);
    },
  });

  function change<K extends keyof SignUpForm>(field: K, value: SignUpForm[K]) {
    const next = { ...form, [field]: value };
    setForm(next);
    // Once the user has tried to send, the messages follow each keystroke; before that, they would nag.
    if (checked) setProblems(checkSignUp(next));
    if (field === 'email') setEmailTaken(false);
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkSignUp(form);
    setChecked(true);
    setProblems(found);
    if (hasProblems(found)) return;
    signUp.mutate(signUpBody(form));
  }

  const message = (problem: FieldProblem | undefined) => (problem === undefined ? undefined : common.problems[problem]);
  const busy = signUp.isPending || signUp.isSuccess;

  return (
    <AuthPageLayout title={texts.title} subtitle={texts.subtitle}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={texts.name} required validationMessage={message(problems.name)}>
          <Input name="name" autoComplete="organization" value={form.name} maxLength={50} disabled={busy} onChange={(_, data) => change('name', data.value)} />
        </Field>
        <Field
          label={texts.email}
          required
          hint={texts.emailHint}
          validationMessage={emailTaken ? texts.emailTaken : message(problems.email)}
        >
          <Input type="email" name="email" autoComplete="email" value={form.email} disabled={busy} onChange={(_, data) => change('email', data.value)} />
        </Field>
        <Field label={texts.phone} validationMessage={message(problems.phone)}>
          <Input
            type="tel"
            name="phone"
            autoComplete="tel-national"
            inputMode="numeric"
            placeholder="(99) 99999-9999"
            value={form.phone}
            disabled={busy}
            onChange={(_, data) => change('phone', maskPhone(data.value))}
          />
        </Field>
        <Field label={texts.password} required hint={common.passwordRule} validationMessage={message(problems.password)}>
          <PasswordInput name="password" autoComplete="new-password" value={form.password} disabled={busy} onChange={(_, data) => change('password', data.value)} />
        </Field>
        <Field
          label={texts.plan}
          required
          validationMessage={plans.isError ? texts.plansFailed : message(problems.planId)}
          {...(plans.isPending && { hint: texts.plansLoading })}
          {...(wantedUnavailable && entered.planId === '' && { hint: format(texts.planUnavailable, { plan: wantedPlan }) })}
        >
          <Select className={styles.plan} name="planId" value={form.planId} disabled={busy || plans.data === undefined} onChange={(_, data) => change('planId', data.value)}>
            <option value="" disabled>
              {plans.data?.length === 0 ? texts.noPlans : texts.planPlaceholder}
            </option>
            {plans.data?.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {planOptionLabel(plan, texts, language)}
              </option>
            ))}
          </Select>
        </Field>
        {plans.isError && (
          <Button appearance="secondary" onClick={() => void plans.refetch()}>
            {texts.retry}
          </Button>
        )}
        <Button
          className={styles.submit}
          type="submit"
          appearance="primary"
          disabled={busy}
          icon={signUp.isPending ? <Spinner size="tiny" /> : undefined}
        >
          {signUp.isPending ? texts.submitting : texts.submit}
        </Button>
        <RouterLink to={LOGIN_PATH}>{texts.haveAccount}</RouterLink>
      </form>
    </AuthPageLayout>
  );
}
