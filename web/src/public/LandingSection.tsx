/** One section of the landing page: an anchor target with its h2 and an optional introduction. */
import { Body1, makeStyles, mergeClasses, Title2, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    // The header stays in view; anchors must not land under it.
    scrollMarginTop: '72px',
  },
  alternate: {
    backgroundColor: tokens.colorNeutralBackground2,
  },
  inner: {
    width: '100%',
    maxWidth: '1200px',
    margin: '0 auto',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
  },
  intro: {
    color: tokens.colorNeutralForeground2,
  },
});

export interface LandingSectionProps {
  readonly id: string;
  readonly title: string;
  readonly intro?: string;
  readonly alternate?: boolean;
  readonly children: ReactNode;
}

export function LandingSection({ id, title, intro, alternate = false, children }: LandingSectionProps) {
  const styles = useStyles();
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={mergeClasses(styles.root, alternate && styles.alternate)}>
      <div className={styles.inner}>
        <Title2 as="h2" id={headingId}>
          {title}
        </Title2>
        {intro !== undefined && (
          <Body1 as="p" className={styles.intro}>
            {intro}
          </Body1>
        )}
        {children}
      </div>
    </section>
  );
}
