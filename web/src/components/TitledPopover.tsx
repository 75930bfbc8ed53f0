/**
 * The frame of a header popover with a list under a title (notifications, announcements): opened
 * around its button, below and to the end, focus kept inside while open, named by its title.
 *
 * The surface itself takes the focus on opening (tabIndex -1), as a dialog's container does, and Tab
 * goes on to what it holds. Left to Fluent, the focus goes to the first focusable element inside and,
 * with none (an empty list, announcements that are only text), stays on the button: outside the
 * focus trap, whose surface Fluent's focus manager (Tabster) then marks aria-hidden as an inactive
 * modal, so a screen reader heard nothing of what opened.
 * Closing gives the focus back to the button (useFocusBackOnClose).
 */
import { makeStyles, mergeClasses, Popover, PopoverSurface, PopoverTrigger, Subtitle2, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useFocusBackOnClose, type PopupProps } from './on-demand';

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

export function TitledPopover({ open, onOpenChange, trigger, buttonRef, title, className, children }: TitledPopoverProps) {
  const styles = useStyles();
  const [surfaceRef, change] = useFocusBackOnClose(onOpenChange, buttonRef);
  return (
    <Popover open={open} onOpenChange={(_, data) => change(data.open)} positioning="below-end" withArrow trapFocus>
      <PopoverTrigger disableButtonEnhancement>{trigger}</PopoverTrigger>
      <PopoverSurface ref={surfaceRef} className={mergeClasses(styles.surface, className)} aria-label={title} tabIndex={-1}>
        <Subtitle2 as="h2" className={styles.title}>
          {title}
        </Subtitle2>
        {children}
      </PopoverSurface>
    </Popover>
  );
}
