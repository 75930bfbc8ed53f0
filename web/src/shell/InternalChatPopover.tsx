/**
 * The header's internal-chat popover (spec 1 §2.7); what it shows (InternalChatSurface) loads on the
 * first open.
 */
import { Button, Popover, PopoverTrigger, Tooltip } from '@fluentui/react-components';
import { PeopleChat24Regular } from '@fluentui/react-icons';
import { onDemand, useOpenOnDemand } from '../components/on-demand';
import { useTexts } from '../i18n/texts';
import { shellTexts } from './texts';

const Surface = onDemand(() => import('./InternalChatSurface').then((m) => m.InternalChatSurface));

export function InternalChatPopover() {
  const texts = useTexts(shellTexts);
  const [open, setOpen] = useOpenOnDemand(Surface.load);
  return (
    <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-end" withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={texts.internalChat} relationship="label">
          <Button appearance="subtle" icon={<PeopleChat24Regular />} />
        </Tooltip>
      </PopoverTrigger>
      <Surface.Component />
    </Popover>
  );
}
