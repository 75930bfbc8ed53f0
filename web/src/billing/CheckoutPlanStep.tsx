/**
 * The checkout's Personalizar step (spec 3 §2, §4): the plans offered (GET /plans/list) as choices with
 * their name, value, users and connections. Choosing one moves on to Revisar by itself (spec 3 §4); the
 * plan chosen before (at first the invoice's) is marked, so going back and on keeps it.
 */
import { CompoundButton, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { CheckmarkCircle24Filled } from '@fluentui/react-icons/svg/checkmark-circle';
import { usePublicPlans } from '../api/plans';
import { payablePlans } from './checkout-flow';
import { format, useTexts } from '../i18n/texts';
import { formatReais } from './invoice-list';
import { billingTexts } from './texts';
import { LoadErrorBar } from '../components/LoadErrorBar';

const useStyles = makeStyles({
  plans: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  // The whole width, its lines wrapping on a phone rather than widening the dialog.
  plan: { width: '100%', maxWidth: 'none', minWidth: 0, justifyContent: 'flex-start', textAlign: 'start', whiteSpace: 'normal' },
});

export interface CheckoutPlanStepProps {
  /** The plan chosen so far; '' for none. */
  readonly planId: string;
  /** The invoice's plan, marked as the current one. */
  readonly currentPlanId: string;
  readonly onChoose: (planId: string) => void;
}

export function CheckoutPlanStep({ planId, currentPlanId, onChoose }: CheckoutPlanStepProps) {
  const styles = useStyles();
  const texts = useTexts(billingTexts).checkout;
  const plans = usePublicPlans();

  if (plans.isPending) return <Spinner label={texts.loading} />;
  if (plans.isError) {
    return (
      <LoadErrorBar message={texts.plansLoadError} retryLabel={texts.retry} onRetry={() => void plans.refetch()} />
    );
  }
  const offered = payablePlans(plans.data);
  if (offered.length === 0) return <p>{texts.noPlans}</p>;

  return (
    <ul className={styles.plans} aria-label={texts.plansTitle}>
      {offered.map((plan) => {
        const chosen = plan.id === planId;
        const details = [format(texts.users, { count: plan.users }), format(texts.connections, { count: plan.connections })];
        if (plan.id === currentPlanId) details.push(texts.currentPlan);
        return (
          <li key={plan.id}>
            <CompoundButton
              className={styles.plan}
              appearance={chosen ? 'primary' : 'secondary'}
              aria-pressed={chosen}
              icon={chosen ? <CheckmarkCircle24Filled /> : undefined}
              secondaryContent={details.join(' · ')}
              onClick={() => onChoose(plan.id)}
            >
              {`${plan.name} — ${formatReais(plan.value)}`}
            </CompoundButton>
          </li>
        );
      })}
    </ul>
  );
}
