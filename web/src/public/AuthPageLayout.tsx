/**
 * The frame of the login, sign-up and password-reset pages: the public header, then one card with the
 * page's heading (the page's only h1) and its form.
 */
import { Body1, Card, CardHeader, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';
import { PublicHeader } from './PublicHeader';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  main: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    // On a phone the keyboard covers the lower half: keep the form at the top.
    '@media (max-width: 599px)': { alignItems: 'flex-start' },
  },
  card: {
    width: '100%',
    maxWidth: '440px',
    padding: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalL,
  },
});

export interface AuthPageLayoutProps {
  readonly title: string;
  readonly subtitle?: string;
  readonly children: ReactNode;
}

export function AuthPageLayout({ title, subtitle, children }: AuthPageLayoutProps) {
  const styles = useStyles();
  const titleId = useId();
  return (
    <div className={styles.page}>
      <PublicHeader />
      <main className={styles.main}>
        <Card className={styles.card} aria-labelledby={titleId}>
          <CardHeader
            header={
              <Title2 as="h1" id={titleId}>
                {title}
              </Title2>
            }
            {...(subtitle !== undefined && { description: <Body1>{subtitle}</Body1> })}
          />
          {children}
        </Card>
      </main>
    </div>
  );
}
