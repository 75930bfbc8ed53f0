/**
 * The header overflow's popover around its button, loaded on the first open: the buttons in a row that
 * wraps. It keeps the focus inside while open (Tab cycles through its buttons, Escape closes it and
 * gives the focus back), and stays open while one of its buttons' own menus or popovers is open.
 */
import { makeStyles, Popover, PopoverSurface, PopoverTrigger, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { PopupProps } from '../../components/on-demand';

const useStyles = makeStyles({
  surface: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    maxWidth: 'calc(100vw - 32px)',
    padding: tokens.spacingHorizontalS,
  },
});

export interface HeaderOverflowSurfaceProps extends PopupProps {
  /** The popover's accessible name: what its button says. */
  readonly label: string;
  readonly children: ReactNode;
}

export function HeaderOverflowSurface({ open, onOpenChange, trigger, label, children }: HeaderOverflowSurfaceProps) {
  const styles = useStyles();
  return (
    <Popover open={open} onOpenChange={(_, data) => onOpenChange(data.open)} positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>{trigger}</PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={label}>
        {children}
      </PopoverSurface>
    </Popover>
  );
}
