/**
 * The header's overflow on a phone: a button ('More actions') opening a popover with the bar's buttons
 * that do not fit (layout.ts, headerPlacement). They are the same buttons as on a wide bar, each with
 * its own menu or popover, so they work and read alike wherever they show. The popover
 * (HeaderOverflowSurface) loads on the first open.
 */
import { Button, Tooltip } from '@fluentui/react-components';
import { MoreHorizontal24Regular } from '@fluentui/react-icons/svg/more-horizontal';
import type { ReactNode } from 'react';
import { onDemand, popoverButtonAtRest, useOpenOnDemand, type ButtonAtRest } from '../../components/on-demand';
import { useTexts } from '../../i18n/texts';
import { shellTexts } from './texts';

const Popup = onDemand(() => import('./HeaderOverflowSurface').then((m) => m.HeaderOverflowSurface));

export function HeaderOverflow({ children }: { readonly children: ReactNode }) {
  const texts = useTexts(shellTexts);
  const [open, setOpen, buttonRef] = useOpenOnDemand(Popup.load);

  const button = (atRest?: ButtonAtRest) => (
    <Tooltip content={texts.moreActions} relationship="label">
      <Button ref={buttonRef} {...atRest} appearance="subtle" icon={<MoreHorizontal24Regular />} />
    </Tooltip>
  );

  return Popup.isLoaded() ? (
    <Popup.Component open={open} onOpenChange={setOpen} trigger={button()} label={texts.moreActions}>
      {children}
    </Popup.Component>
  ) : (
    button(popoverButtonAtRest(setOpen))
  );
}
