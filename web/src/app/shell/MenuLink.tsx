/**
 * One side-menu entry: icon and label, a link the router follows. Collapsed to an icon it keeps its
 * name as a tooltip, which also labels it (a "description" tooltip would stay mounted in a portal). An alert (the connections badge) shows as a dot on the icon
 * and is part of the entry's name, so screen readers hear it too.
 */
import { Badge, makeStyles, mergeClasses, Tooltip, tokens } from '@fluentui/react-components';
import type { FluentIcon } from '@fluentui/react-icons';
import { useHref, useLinkClickHandler } from 'react-router';

const useStyles = makeStyles({
  link: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    minHeight: '40px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    ':hover': {
      backgroundColor: tokens.colorNeutralBackground1Hover,
      color: tokens.colorNeutralForeground2Hover,
    },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  nested: {
    paddingLeft: tokens.spacingHorizontalXXL,
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    // The darker brand foreground: the usual one reads at 4.2:1 on the selected background of the
    // dark theme, under the 4.5:1 that text needs (WCAG 1.4.3); this one at 4.8:1, and 5.6:1 in light.
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
  },
  iconBox: {
    position: 'relative',
    display: 'inline-flex',
    flexShrink: 0,
    fontSize: '20px',
  },
  dot: {
    position: 'absolute',
    top: '-2px',
    right: '-4px',
  },
  label: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

export interface MenuLinkProps {
  readonly to: string;
  readonly label: string;
  readonly icon: FluentIcon;
  readonly active: boolean;
  /** Labels visible; otherwise the icon alone with a tooltip. */
  readonly expanded: boolean;
  /** Inside a group (indented when expanded). */
  readonly nested?: boolean;
  /** A translated notice shown as a dot on the icon (e.g. connections needing attention). */
  readonly alert?: string | undefined;
  readonly onNavigate?: (() => void) | undefined;
}

export function MenuLink({ to, label, icon: Icon, active, expanded, nested = false, alert, onNavigate }: MenuLinkProps) {
  const styles = useStyles();
  const href = useHref(to);
  const follow = useLinkClickHandler(to);

  const link = (
    <a
      href={href}
      className={mergeClasses(styles.link, nested && expanded && styles.nested, active && styles.active)}
      aria-current={active ? 'page' : undefined}
      onClick={(event) => {
        follow(event);
        onNavigate?.();
      }}
    >
      <span className={styles.iconBox}>
        <Icon aria-hidden />
        {alert !== undefined && <Badge className={styles.dot} size="extra-small" color="danger" aria-hidden />}
      </span>
      <span className={expanded ? styles.label : styles.hidden}>{label}</span>
      {alert !== undefined && <span className={styles.hidden}>{`, ${alert}`}</span>}
    </a>
  );

  if (expanded) return <li>{link}</li>;
  return (
    <li>
      <Tooltip content={alert === undefined ? label : `${label}: ${alert}`} relationship="label" positioning="after">
        {link}
      </Tooltip>
    </li>
  );
}
