/** A public page of the route table (landing, sign-up, password reset) that later issues build. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { LOGIN_PATH, type PageId } from '../app/pages';
import { ComingSoon } from '../components/ComingSoon';
import { commonTexts } from '../i18n/common';
import { useTexts } from '../i18n/texts';

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

export function PublicComingSoonPage({ page }: { readonly page: PageId }) {
  const styles = useStyles();
  const texts = useTexts(commonTexts);
  return (
    <main className={styles.root}>
      <ComingSoon page={texts.pages[page]} link={{ to: LOGIN_PATH, label: texts.comingSoon.backToLogin }} />
    </main>
  );
}
