/** The product name as a link to the landing page, the public pages' way home. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { ChatMultiple24Filled } from '@fluentui/react-icons/svg/chat-multiple';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

export const LANDING_PATH = '/landing';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  icon: {
    color: tokens.colorBrandForeground1,
  },
});

export function BrandLink({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  const styles = useStyles();
  const href = useHref(LANDING_PATH);
  const onClick = useLinkClickHandler(LANDING_PATH);
  return (
    <a className={styles.root} href={href} onClick={onClick} aria-label={label}>
      <ChatMultiple24Filled className={styles.icon} aria-hidden />
      {children}
    </a>
  );
}
