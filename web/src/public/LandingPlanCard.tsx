/** One plan of the landing's price list: name, price for the chosen billing, limits and its button. */
import { Badge, Body1, Caption1, Card, makeStyles, mergeClasses, Subtitle1, Text, tokens } from '@fluentui/react-components';
import { Checkmark16Filled } from '@fluentui/react-icons/svg/checkmark';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { planActionPath, planFeatureLines, type LandingPlan } from './landing-plans';
import { landingTexts } from './landing-texts';
import { annualTotal, formatBrl, priceFor, type Billing } from './prices';
import { RouterButtonLink } from './RouterButtonLink';

const useStyles = makeStyles({
  card: {
    height: '100%',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
  },
  highlighted: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
  },
  heading: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
  },
  amount: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
  },
  price: {
    display: 'flex',
    alignItems: 'baseline',
    columnGap: tokens.spacingHorizontalXS,
    margin: 0,
  },
  yearly: {
    color: tokens.colorNeutralForeground2,
    minHeight: tokens.lineHeightBase200,
    margin: 0,
  },
  features: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  feature: {
    display: 'flex',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalXS,
  },
  check: {
    flexShrink: 0,
    marginTop: '2px',
    color: tokens.colorBrandForeground1,
  },
  // The card's whole width (a button stops at 280 px otherwise), so its words keep to one line on a phone.
  action: {
    width: '100%',
    maxWidth: 'none',
  },
});

export interface LandingPlanCardProps {
  readonly plan: LandingPlan;
  readonly billing: Billing;
}

export function LandingPlanCard({ plan, billing }: LandingPlanCardProps) {
  const styles = useStyles();
  const { language } = useLanguage();
  const texts = useTexts(landingTexts).pricing;
  const headingId = `plan-${plan.id}`;
  const priced = plan.monthlyPrice !== null;

  return (
    <Card className={mergeClasses(styles.card, plan.highlighted && styles.highlighted)} aria-labelledby={headingId}>
      <div className={styles.heading}>
        <Subtitle1 as="h3" id={headingId}>
          {plan.name}
        </Subtitle1>
        {plan.highlighted && (
          <Badge appearance="tint" color="brand">
            {texts.recommended}
          </Badge>
        )}
      </div>
      <div>
        <p className={styles.price}>
          {plan.monthlyPrice === null ? (
            <Text className={styles.amount}>{texts.onRequest}</Text>
          ) : (
            <>
              <Text className={styles.amount}>{formatBrl(priceFor(plan.monthlyPrice, billing), language)}</Text>
              <Body1>{texts.perMonth}</Body1>
            </>
          )}
        </p>
        {/* Always there, empty when monthly, so the cards' lists stay aligned across the row. */}
        <Caption1 as="p" className={styles.yearly}>
          {plan.monthlyPrice !== null && billing === 'annual' &&
            format(texts.billedYearly, { total: formatBrl(annualTotal(plan.monthlyPrice), language) })}
        </Caption1>
      </div>
      <ul className={styles.features}>
        {planFeatureLines(plan, texts, language).map((line) => (
          <li key={line} className={styles.feature}>
            <Checkmark16Filled className={styles.check} aria-hidden />
            <Body1>{line}</Body1>
          </li>
        ))}
      </ul>
      <RouterButtonLink className={styles.action} to={planActionPath(plan)} appearance={plan.highlighted ? 'primary' : 'secondary'}>
        {priced ? format(texts.choose, { plan: plan.name }) : texts.contact}
      </RouterButtonLink>
    </Card>
  );
}
