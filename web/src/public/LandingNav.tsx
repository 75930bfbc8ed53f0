/** The landing header's links: the page's sections by anchor (spec 2 §2 Landing), then sign in and sign up. */
import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { LOGIN_PATH } from '../runtime/paths';
import { useTexts } from '../i18n/texts';
import { landingTexts } from './landing-texts';
import { RouterButtonLink } from './RouterButtonLink';

export const SIGNUP_PATH = '/signup';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
});

export function LandingNav() {
  const styles = useStyles();
  const texts = useTexts(landingTexts).nav;
  return (
    <nav aria-label={texts.label}>
      <ul className={styles.list}>
        <li>
          <Link href="#features">{texts.features}</Link>
        </li>
        <li>
          <Link href="#pricing">{texts.pricing}</Link>
        </li>
        <li>
          <Link href="#faq">{texts.faq}</Link>
        </li>
        <li>
          <RouterButtonLink to={LOGIN_PATH} appearance="subtle">
            {texts.login}
          </RouterButtonLink>
        </li>
        <li>
          <RouterButtonLink to={SIGNUP_PATH} appearance="primary">
            {texts.signup}
          </RouterButtonLink>
        </li>
      </ul>
    </nav>
  );
}
