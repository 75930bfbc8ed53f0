/**
 * The plans section (#pricing, spec 2 §2 Landing, §9): monthly or annual billing (15% off), one card per
 * plan, and the pro-rata statement.
 */
import { Body1, Field, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTexts } from '../i18n/texts';
import { LANDING_PLANS } from './landing-plans';
import { landingTexts } from './landing-texts';
import { LandingPlanCard } from './LandingPlanCard';
import { LandingSection } from './LandingSection';
import type { Billing } from './prices';

const useStyles = makeStyles({
  billing: {
    alignSelf: 'flex-start',
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'stretch',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  notes: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground2,
  },
});

export function LandingPricing() {
  const styles = useStyles();
  const texts = useTexts(landingTexts).pricing;
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <LandingSection id="pricing" title={texts.title} intro={texts.intro}>
      <Field className={styles.billing} label={texts.billing}>
        <RadioGroup layout="horizontal" value={billing} onChange={(_, data) => setBilling(data.value === 'annual' ? 'annual' : 'monthly')}>
          <Radio value="monthly" label={texts.monthly} />
          <Radio value="annual" label={texts.annual} />
        </RadioGroup>
      </Field>
      <ul className={styles.grid}>
        {LANDING_PLANS.map((plan) => (
          <li key={plan.id}>
            <LandingPlanCard plan={plan} billing={billing} />
          </li>
        ))}
      </ul>
      <div className={styles.notes}>
        <Body1 as="p">{texts.annualDiscount}</Body1>
        <Body1 as="p">{texts.proRata}</Body1>
      </div>
    </LandingSection>
  );
}
