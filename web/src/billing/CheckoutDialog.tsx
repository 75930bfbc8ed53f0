/**
 * The checkout dialog (spec 3 §2 Checkout dialog, §3-§5, §8; checklist ):
 * the steps Dados, Personalizar and Revisar as headers, then the PIX payment view. Dados starts from the
 * company's billing data (GET /subscription) and is checked with the server's own schema; Personalizar
 * moves on as soon as a plan is chosen; Revisar sums up and PAGAR asks for the PIX charge
 * (POST /subscription, never a card field: docs/architecture.md §8). A refusal about a field takes the
 * user back to Dados with the message under it; any other shows as its catalogue toast. After the
 * payment the user leaves for / (`onRenewed`, PixPayment.tsx), loading the app again when the plan
 * changed.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Invoice, PixCharge, SubscriptionBody } from '../../../shared/billing';
import { subscribe, useBillingDetails, type BillingDetails } from '../api/billing';
import { usePublicPlans } from '../api/plans';
import { FORM_SUBMIT_DELAY_MS } from '../components/timing';
import { firstPerPath, pause, serverFieldErrors } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useServices } from '../runtime/services';
import { format, useTexts } from '../i18n/texts';
import { CheckoutDataStep } from './CheckoutDataStep';
import { CheckoutPlanStep } from './CheckoutPlanStep';
import {
  addressLine,
  CHECKOUT_FIELDS,
  checkoutBody,
  checkoutFieldMessages,
  checkoutMessages,
  checkoutValuesOf,
  shownCheckoutMessage,
  type CheckoutField,
  type CheckoutValues,
} from './checkout-form';
import { CHECKOUT_STEPS, initialPlanId, payablePlans, stepIndexOf, type CheckoutPhase } from './checkout-flow';
import { formatReais } from './invoice-list';
import { formatDocument } from './tax-id-format';
import { PixPayment } from './PixPayment';
import { billingTexts } from './texts';
import { LoadErrorBar } from '../components/LoadErrorBar';

const useStyles = makeStyles({
  // Full width on a phone: the form's fields and the QR code need all of a 360 px screen.
  surface: { '@media (max-width: 599px)': { maxWidth: '100vw', borderRadius: 0, padding: tokens.spacingHorizontalL } },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  steps: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  step: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground3 },
  stepCurrent: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  stepDone: { color: tokens.colorNeutralForeground1 },
  stepNumber: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '22px',
    height: '22px',
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid currentColor`,
    fontSize: tokens.fontSizeBase200,
  },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr', rowGap: tokens.spacingVerticalXS },
  },
  term: { margin: 0, color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, overflowWrap: 'anywhere' },
});

/** The invoice being paid, as the list has it. */
export type CheckoutInvoice = Pick<Invoice, 'id' | 'planId' | 'detail'>;

export interface CheckoutDialogProps {
  readonly open: boolean;
  readonly invoice: CheckoutInvoice;
  readonly onClose: () => void;
  /** After the renewal was shown for RETURN_HOME_DELAY_MS; by default the user goes to /. */
  readonly onRenewed?: () => void;
}

export function CheckoutDialog({ open, invoice, onClose, onRenewed }: CheckoutDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>{open && <CheckoutLoader invoice={invoice} onClose={onClose} onRenewed={onRenewed} />}</DialogSurface>
    </Dialog>
  );
}

interface CheckoutProps {
  readonly invoice: CheckoutInvoice;
  readonly onClose: () => void;
  readonly onRenewed: (() => void) | undefined;
}

/** Reads the billing data the Dados step starts from, then shows the checkout. */
function CheckoutLoader({ invoice, onClose, onRenewed }: CheckoutProps) {
  const texts = useTexts(billingTexts).checkout;
  const details = useBillingDetails();

  // The form starts from the data as first read; a later refetch must not wipe what is typed.
  if (details.data !== undefined && details.isFetchedAfterMount) {
    return <Checkout invoice={invoice} details={details.data} onClose={onClose} onRenewed={onRenewed} />;
  }
  return (
    <DialogBody>
      <DialogTitle>{format(texts.title, { id: invoice.id })}</DialogTitle>
      <DialogContent>
        {details.isError ? (
          <LoadErrorBar message={texts.loadError} retryLabel={texts.retry} onRetry={() => void details.refetch()} />
        ) : (
          <Spinner label={texts.loading} />
        )}
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={onClose}>
          {texts.cancel}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}

function Checkout({ invoice, details, onClose, onRenewed }: CheckoutProps & { readonly details: BillingDetails }) {
  const styles = useStyles();
  const allTexts = useTexts(billingTexts);
  const texts = allTexts.checkout;
  const { api } = useServices();
  const toast = useToast();
  const navigate = useNavigate();
  const formId = useId();
  const plans = payablePlans(usePublicPlans().data ?? []);

  const [phase, setPhase] = useState<CheckoutPhase>('dados');
  const [values, setValues] = useState<CheckoutValues>(() => checkoutValuesOf(details));
  // Chosen in Personalizar; until then the invoice's own plan once the plans show it is offered.
  const [chosenPlanId, setChosenPlanId] = useState<string | undefined>();
  const planId = chosenPlanId ?? initialPlanId(plans, invoice.planId);
  const plan = plans.find((each) => each.id === planId);
  // A field's message shows once it was changed and left, or once the step was tried; the server's until the next change.
  const [changed, setChanged] = useState<ReadonlySet<CheckoutField>>(new Set());
  const [left, setLeft] = useState<ReadonlySet<CheckoutField>>(new Set());
  const [tried, setTried] = useState(false);
  const [serverMessages, setServerMessages] = useState<Partial<Record<CheckoutField, string>>>({});
  const [charge, setCharge] = useState<PixCharge | undefined>();

  // The invoice's plan stands in for a plan not chosen yet, so only the step's own fields are judged here.
  const pending = checkoutMessages(values, planId === '' ? invoice.planId : planId, invoice.id);
  const shown = (field: CheckoutField): string | undefined =>
    shownCheckoutMessage(serverMessages[field] ?? (tried || left.has(field) ? pending[field] : undefined), allTexts.fieldMessages);
  const messages = Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, shown(field)]));

  const payment = useMutation({
    mutationFn: async (body: SubscriptionBody) => {
      // Spec 1 §9: a form is sent after a short pause, like every other.
      await pause(FORM_SUBMIT_DELAY_MS);
      return subscribe(api, body);
    },
    onSuccess: (answer) => {
      toast.success(texts.created);
      setCharge(answer);
      setPhase('pix');
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields === undefined) {
        toast.error(error);
        return;
      }
      const byField = checkoutFieldMessages(firstPerPath(fields));
      if (Object.keys(byField).length === 0) {
        toast.error(error);
        return;
      }
      setServerMessages(byField);
      setPhase('dados');
    },
  });
  const change = (next: Partial<CheckoutValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setChanged((current) => new Set([...current, ...(Object.keys(next) as CheckoutField[])]));
    setServerMessages({});
  };
  const leave = (field: CheckoutField) => {
    if (changed.has(field)) setLeft((current) => (current.has(field) ? current : new Set(current).add(field)));
  };
  const nextFromData = () => {
    setTried(true);
    if (Object.keys(pending).length === 0 && Object.keys(serverMessages).length === 0) setPhase('personalizar');
  };
  const choosePlan = (id: string) => {
    setChosenPlanId(id);
    setPhase('revisar');
  };
  const pay = () => {
    const body = checkoutBody(values, planId, invoice.id);
    if (body === undefined) {
      setTried(true);
      setPhase('dados');
      return;
    }
    if (!payment.isPending) payment.mutate(body);
  };
  // To / (spec 3 §4); with a new plan, by loading the app again, since its menu and pages follow the plan's flags.
  const renewed = onRenewed ?? (planId === invoice.planId ? () => void navigate('/') : () => window.location.assign('/'));

  const title = format(texts.title, { id: invoice.id });
  const current = stepIndexOf(phase);

  return (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={styles.content}>
        <ol className={styles.steps} aria-label={texts.stepsLabel}>
          {CHECKOUT_STEPS.map((step, index) => (
            <li
              key={step}
              className={mergeClasses(styles.step, index < current && styles.stepDone, index === current && styles.stepCurrent)}
              {...(index === current && { 'aria-current': 'step' as const })}
            >
              <span className={styles.stepNumber} aria-hidden>
                {index + 1}
              </span>
              {texts.steps[step]}
            </li>
          ))}
        </ol>

        {phase === 'dados' && <CheckoutDataStep formId={formId} values={values} messages={messages} onChange={change} onLeave={leave} onSubmit={nextFromData} />}
        {phase === 'personalizar' && <CheckoutPlanStep planId={planId} currentPlanId={invoice.planId} onChoose={choosePlan} />}
        {phase === 'revisar' && (
          <dl className={styles.summary}>
            <dt className={styles.term}>{texts.payer}</dt>
            <dd className={styles.detail}>{`${values.fullName.trim()} · ${formatDocument(values.document.trim())}`}</dd>
            <dt className={styles.term}>{texts.billingAddress}</dt>
            <dd className={styles.detail}>{addressLine(values, values.country === '' ? '' : texts.countries[values.country])}</dd>
            <dt className={styles.term}>{texts.invoice}</dt>
            <dd className={styles.detail}>{`${invoice.id} · ${invoice.detail}`}</dd>
            <dt className={styles.term}>{texts.plan}</dt>
            <dd className={styles.detail}>{plan?.name ?? ''}</dd>
            <dt className={styles.term}>{texts.value}</dt>
            <dd className={styles.detail}>
              <Text weight="semibold">{plan === undefined ? '' : formatReais(plan.value)}</Text>
            </dd>
          </dl>
        )}
        {phase === 'revisar' && values.saveAsCompanyData && <Text size={200}>{texts.willSave}</Text>}
        {phase === 'pix' && charge !== undefined && <PixPayment charge={charge} onRenewed={renewed} />}
      </DialogContent>
      <DialogActions>
        {phase === 'dados' && (
          <>
            <Button appearance="secondary" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button appearance="primary" type="submit" form={formId}>
              {texts.next}
            </Button>
          </>
        )}
        {phase === 'personalizar' && (
          <>
            <Button appearance="secondary" onClick={() => setPhase('dados')}>
              {texts.back}
            </Button>
            <Button appearance="primary" disabled={plan === undefined} onClick={() => setPhase('revisar')}>
              {texts.next}
            </Button>
          </>
        )}
        {phase === 'revisar' && (
          <>
            <Button appearance="secondary" disabled={payment.isPending} onClick={() => setPhase('personalizar')}>
              {texts.back}
            </Button>
            <Button
              appearance="primary"
              disabled={payment.isPending || plan === undefined}
              icon={payment.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={pay}
            >
              {payment.isPending ? texts.paying : texts.pay}
            </Button>
          </>
        )}
        {phase === 'pix' && (
          <Button appearance="secondary" onClick={onClose}>
            {texts.close}
          </Button>
        )}
      </DialogActions>
    </DialogBody>
  );
}
