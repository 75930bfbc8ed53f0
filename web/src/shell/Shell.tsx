/**
 * The layout of the private area: header on top, the current page below. It loads `/auth/me` once and
 * provides it to every page, so pages never ask who is signed in.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { MeContext } from '../session/me-context';
import { useMeLoader } from '../session/use-me-loader';
import { ShellHeader } from './ShellHeader';
import { ShellLoadError } from './ShellLoadError';

const useStyles = makeStyles({
  main: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

export function Shell() {
  const styles = useStyles();
  const { load, retry } = useMeLoader();
  const me = load.status === 'ready' ? load.me : undefined;

  return (
    <>
      <ShellHeader me={me} />
      <main className={styles.main}>
        {load.status === 'loading' && <FullPageSpinner />}
        {load.status === 'failed' && <ShellLoadError code={load.code} onRetry={retry} />}
        {me !== undefined && (
          <MeContext value={me}>
            <Suspense fallback={<FullPageSpinner />}>
              <Outlet />
            </Suspense>
          </MeContext>
        )}
      </main>
    </>
  );
}
