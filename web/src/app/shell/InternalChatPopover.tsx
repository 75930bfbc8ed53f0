/**
 * The header's internal-chat button (spec 1 §2.7); its popover (InternalChatSurface) loads on the first
 * open.
 */
import { Button, Tooltip } from '@fluentui/react-components';
import { PeopleChat24Regular } from '@fluentui/react-icons/svg/people-chat';
import { onDemand, popoverButtonAtRest, useOpenOnDemand, type ButtonAtRest } from '../../components/on-demand';
import { useTexts } from '../../i18n/texts';
import { shellTexts } from './texts';

const Popup = onDemand(() => import('./InternalChatSurface').then((m) => m.InternalChatSurface));

export function InternalChatPopover() {
  const texts = useTexts(shellTexts);
  const [open, setOpen, buttonRef] = useOpenOnDemand(Popup.load);

  const button = (atRest?: ButtonAtRest) => (
    <Tooltip content={texts.internalChat} relationship="label">
      <Button ref={buttonRef} {...atRest} appearance="subtle" icon={<PeopleChat24Regular />} />
    </Tooltip>
  );

  return Popup.isLoaded() ? (
    <Popup.Component open={open} onOpenChange={setOpen} trigger={button()} />
  ) : (
    button(popoverButtonAtRest(setOpen))
  );
}
