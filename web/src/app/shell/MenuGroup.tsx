/**
 * An expandable group of side-menu entries (the campaigns group, spec 1 §2.2; the Administration). An
 * alert of an entry inside (the connections badge) shows on the group while it is closed, so closing it
 * never hides what needs attention.
 */
import { Badge, makeStyles, mergeClasses, Tooltip, tokens } from '@fluentui/react-components';
import { ChevronDown20Regular } from '@fluentui/react-icons/svg/chevron-down';
import { ChevronRight20Regular } from '@fluentui/react-icons/svg/chevron-right';
import type { FluentIcon } from '@fluentui/react-icons';
import { useId, useState, type ReactNode } from 'react';

const useStyles = makeStyles({
  button: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    width: '100%',
    minHeight: '40px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    textAlign: 'start',
    cursor: 'pointer',
    ':hover': {
      backgroundColor: tokens.colorNeutralBackground1Hover,
      color: tokens.colorNeutralForeground2Hover,
    },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '-2px',
    },
  },
  holdsActive: {
    color: tokens.colorNeutralForeground2BrandSelected,
  },
  icon: {
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
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  label: {
    flexGrow: 1,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
});

export interface MenuGroupProps {
  readonly label: string;
  readonly icon: FluentIcon;
  readonly expanded: boolean;
  /** One of the group's entries is the current page: the group starts open and is marked. */
  readonly holdsActive: boolean;
  /** A translated notice of an entry inside, shown on the group while it is closed. */
  readonly alert?: string | undefined;
  readonly children: ReactNode;
}

export function MenuGroup({ label, icon: Icon, expanded, holdsActive, alert, children }: MenuGroupProps) {
  const styles = useStyles();
  const listId = useId();
  const [open, setOpen] = useState(holdsActive);
  const shownAlert = open ? undefined : alert;

  const button = (
    <button
      type="button"
      className={mergeClasses(styles.button, holdsActive && styles.holdsActive)}
      aria-expanded={open}
      aria-controls={listId}
      onClick={() => setOpen((was) => !was)}
    >
      <span className={styles.icon}>
        <Icon aria-hidden />
        {shownAlert !== undefined && <Badge className={styles.dot} size="extra-small" color="danger" aria-hidden />}
      </span>
      {expanded && <span className={styles.label}>{label}</span>}
      {shownAlert !== undefined && <span className={styles.hidden}>{`, ${shownAlert}`}</span>}
      {expanded && (open ? <ChevronDown20Regular aria-hidden /> : <ChevronRight20Regular aria-hidden />)}
    </button>
  );

  return (
    <li>
      {expanded ? (
        button
      ) : (
        <Tooltip content={shownAlert === undefined ? label : `${label}: ${shownAlert}`} relationship="label" positioning="after">
          {button}
        </Tooltip>
      )}
      {open && (
        <ul id={listId} className={styles.list}>
          {children}
        </ul>
      )}
    </li>
  );
}
