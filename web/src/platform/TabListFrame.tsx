/**
 * The frame of a super user's list tab (Empresas, Planos): its heading and add button, then the list's
 * loading, failure (with retry), empty or filled state. Like the kit's ListPage, without the page's title
 * and search: these lists are short and sit under the settings page's own heading.
 */
import { Button, makeStyles, Spinner, Subtitle2, tokens } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';
import { useTexts } from '../i18n/texts';
import { platformTexts } from './texts';
import { LoadErrorBar } from '../components/LoadErrorBar';

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS },
  title: { marginRight: 'auto' },
  list: { overflowX: 'auto' },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center' },
});

export interface TabListFrameProps {
  readonly title: string;
  readonly add: { readonly label: string; readonly icon: ReactElement; readonly onClick: () => void };
  readonly query: { readonly isPending: boolean; readonly isError: boolean; readonly refetch: () => unknown };
  readonly count: number;
  readonly empty: string;
  readonly children: ReactNode;
}

export function TabListFrame({ title, add, query, count, empty, children }: TabListFrameProps) {
  const styles = useStyles();
  const texts = useTexts(platformTexts);
  return (
    <div className={styles.frame}>
      <div className={styles.header}>
        <Subtitle2 as="h2" className={styles.title}>
          {title}
        </Subtitle2>
        <Button appearance="primary" icon={add.icon} onClick={add.onClick}>
          {add.label}
        </Button>
      </div>
      <div className={styles.list}>
        {query.isPending && <Spinner className={styles.state} label={texts.common.loading} />}
        {query.isError && (
          <LoadErrorBar message={texts.common.loadError} retryLabel={texts.common.retry} onRetry={() => void query.refetch()} />
        )}
        {!query.isPending && !query.isError && (count === 0 ? <p className={styles.state}>{empty}</p> : children)}
      </div>
    </div>
  );
}
