/**
 * The top bar of every public page: the product name (back to the landing page), the page's own
 * navigation when it has one, and the language and theme choices, which a visitor needs before
 * signing in as much as after.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../i18n/LanguageMenu';
import { useTexts } from '../i18n/texts';
import { ThemeToggle } from '../theme/ThemeToggle';
import { BrandLink } from './BrandLink';
import { publicTexts } from './texts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // On a narrow screen the navigation is one menu button (LandingNav), so it stays on the row, last.
  nav: {
    flexGrow: 1,
    display: 'flex',
    justifyContent: 'flex-end',
    '@media (max-width: 599px)': { order: 1, flexGrow: 0 },
  },
  tools: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXS,
    marginLeft: 'auto',
  },
});

export function PublicHeader({ navigation }: { readonly navigation?: ReactNode }) {
  const styles = useStyles();
  const texts = useTexts(publicTexts);
  return (
    <header className={styles.root}>
      <BrandLink label={texts.brandHome}>{texts.brand}</BrandLink>
      {navigation !== undefined && <div className={styles.nav}>{navigation}</div>}
      <div className={styles.tools}>
        <LanguageMenu />
        <ThemeToggle />
      </div>
    </header>
  );
}
