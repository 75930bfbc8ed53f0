/** What the user sees while the app starts or a page's code loads: never a blank screen. */
import { makeStyles, Spinner } from '@fluentui/react-components';
import { commonTexts } from '../i18n/common';
import { useTexts } from '../i18n/texts';

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '200px',
  },
});

export function FullPageSpinner() {
  const styles = useStyles();
  const texts = useTexts(commonTexts);
  return (
    <div className={styles.root}>
      <Spinner label={texts.app.loading} />
    </div>
  );
}
