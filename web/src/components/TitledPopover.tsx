/**
 * The frame of a header popover with a list under a title (notifications, announcements): opened
 * around its button, below and to the end, focus kept inside while open, named by its title.
 */
import { makeStyles, mergeClasses, Popover, PopoverSurface, PopoverTrigger, Subtitle2, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { PopupProps } from './on-demand';

const useStyles = makeStyles({
  surface: {
    padding: 0,
  },
  title: {
    display: 'block',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

export interface TitledPopoverProps extends PopupProps {
  readonly title: string;
  /** The surface's own class: its width. */
  readonly className: string;
  readonly children: ReactNode;
}

export function TitledPopover({ open, onOpenChange, trigger, title, className, children }: TitledPopoverProps) {
  const styles = useStyles();
  return (
    <Popover open={open} onOpenChange={(_, data) => onOpenChange(data.open)} positioning="below-end" withArrow trapFocus>
      <PopoverTrigger disableButtonEnhancement>{trigger}</PopoverTrigger>
      <PopoverSurface className={mergeClasses(styles.surface, className)} aria-label={title}>
        <Subtitle2 as="h2" className={styles.title}>
          {title}
        </Subtitle2>
        {children}
      </PopoverSurface>
    </Popover>
  );
}
