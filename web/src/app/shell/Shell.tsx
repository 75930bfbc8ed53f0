/**
 * The layout of the private area. It loads `/auth/me` once and provides it to every page, so pages
 * never ask who is signed in, and opens the realtime connection for that user around everything the
 * shell and the pages show. Until the account is known the header shows what needs no account, above
 * a spinner or the load error.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense } from 'react';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { RealtimeProvider } from '../../realtime';
import { MeContext } from '../../sign-in/me-context';
import { useMeLoader } from '../../sign-in/use-me-loader';
import { ShellFrame } from './ShellFrame';
import { ShellHeader } from './ShellHeader';
import { lazyComponent } from '../../components/lazy-component';

// Shown only when /auth/me fails: its code loads then.
const ShellLoadError = lazyComponent(() => import('./ShellLoadError').then((m) => m.ShellLoadError));

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
  const { load, retry, update } = useMeLoader();

  if (load.status !== 'ready') {
    return (
      <>
        <ShellHeader />
        <main className={styles.main}>
          {load.status === 'loading' ? (
            <FullPageSpinner />
          ) : (
            <Suspense fallback={<FullPageSpinner />}>
              <ShellLoadError code={load.code} body={load.body} onRetry={retry} />
            </Suspense>
          )}
        </main>
      </>
    );
  }

  const { me } = load;
  return (
    <MeContext value={me}>
      <RealtimeProvider companyId={me.company.id} userId={me.user.id}>
        <ShellFrame me={me} onMeChange={update} />
      </RealtimeProvider>
    </MeContext>
  );
}
