/** The landing's footer: rights line and the privacy and terms pages (spec 2 §2 Landing). */
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { RouterLink } from '../components/RouterLink';
import { format, useTexts } from '../i18n/texts';
import { landingTexts } from './landing-texts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    rowGap: tokens.spacingVerticalS,
    columnGap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  links: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  rights: {
    color: tokens.colorNeutralForeground2,
  },
});

export function LandingFooter() {
  const styles = useStyles();
  const texts = useTexts(landingTexts).footer;
  return (
    <footer className={styles.root}>
      <Caption1 className={styles.rights}>{format(texts.rights, { year: new Date().getFullYear() })}</Caption1>
      <nav aria-label={texts.label}>
        <ul className={styles.links}>
          <li>
            <RouterLink to="/privacidade">{texts.privacy}</RouterLink>
          </li>
          <li>
            <RouterLink to="/termos">{texts.terms}</RouterLink>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
