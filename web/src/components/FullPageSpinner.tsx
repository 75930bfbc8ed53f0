/** What the user sees while the app starts or a page's code loads: never a blank screen. */
import { makeStyles, Spinner } from '@fluentui/react-components';
import { pt } from '../i18n/pt';

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
  return (
    <div className={styles.root}>
      <Spinner label={pt.app.loading} />
    </div>
  );
}
