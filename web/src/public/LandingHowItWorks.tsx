/** The "how it works" section: three numbered steps from sign-up to the first answered customer. */
import { Body1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useTexts } from '../i18n/texts';
import { landingTexts } from './landing-texts';
import { LandingSection } from './LandingSection';

const STEPS = ['signUp', 'connect', 'serve'] as const;

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  step: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalM,
  },
  number: {
    flexShrink: 0,
    width: '36px',
    height: '36px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
  },
  body: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
  },
});

export function LandingHowItWorks() {
  const styles = useStyles();
  const texts = useTexts(landingTexts).howItWorks;
  return (
    <LandingSection id="how-it-works" title={texts.title} alternate>
      <ol className={styles.list}>
        {STEPS.map((id, index) => (
          <li key={id} className={styles.step}>
            <span className={styles.number} aria-hidden>
              {index + 1}
            </span>
            <div className={styles.body}>
              <Subtitle2 as="h3">{texts.steps[id].title}</Subtitle2>
              <Body1 as="p">{texts.steps[id].text}</Body1>
            </div>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
