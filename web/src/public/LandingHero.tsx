/**
 * The landing's opening: what the product is, the trial, and the two ways on (sign up, see the plans).
 * One column, its title, lead, buttons and trial note starting at the same left edge (centred lines of
 * different widths started at different edges, issue 27).
 */
import { Body2, Caption1, Link, LargeTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useTexts } from '../i18n/texts';
import { landingTexts } from './landing-texts';
import { SIGNUP_PATH } from './LandingNav';
import { RouterButtonLink } from './RouterButtonLink';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  column: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    rowGap: tokens.spacingVerticalL,
    width: '100%',
    maxWidth: '760px',
  },
  title: {
    color: tokens.colorNeutralForeground1,
  },
  lead: {
    maxWidth: '640px',
    color: tokens.colorNeutralForeground1,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  trial: {
    color: tokens.colorNeutralForeground2,
  },
});

export function LandingHero() {
  const styles = useStyles();
  const texts = useTexts(landingTexts).hero;
  return (
    <section className={styles.root} aria-labelledby="landing-title">
      <div className={styles.column}>
        <LargeTitle as="h1" id="landing-title" className={styles.title}>
          {texts.title}
        </LargeTitle>
        <Body2 as="p" className={styles.lead}>
          {texts.lead}
        </Body2>
        <div className={styles.actions}>
          <RouterButtonLink to={SIGNUP_PATH} appearance="primary" size="large">
            {texts.start}
          </RouterButtonLink>
          <Link href="#pricing">{texts.plans}</Link>
        </div>
        <Caption1 className={styles.trial}>{texts.trial}</Caption1>
      </div>
    </section>
  );
}
