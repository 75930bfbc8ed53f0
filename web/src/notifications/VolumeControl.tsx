/**
 * The header's volume control (spec 1 §2.7, §9): a slider from 0 to 1 in steps of 0.1 for the
 * notification chime, stored locally, 1 by default. The popover (VolumeSurface) loads on the first open.
 */
import { Button, Tooltip } from '@fluentui/react-components';
import { Speaker024Regular, Speaker124Regular, Speaker224Regular } from '@fluentui/react-icons/svg/speaker';
import { SpeakerMute24Regular } from '@fluentui/react-icons/svg/speaker-mute';
import { onDemand, popoverButtonAtRest, useOpenOnDemand, type ButtonAtRest } from '../components/on-demand';
import { useTexts } from '../i18n/texts';
import { notificationsTexts } from './texts';
import { useVolume } from './use-volume';

const Popup = onDemand(() => import('./VolumeSurface').then((m) => m.VolumeSurface));

function VolumeIcon({ volume }: { readonly volume: number }) {
  if (volume === 0) return <SpeakerMute24Regular />;
  if (volume < 0.4) return <Speaker024Regular />;
  if (volume < 0.8) return <Speaker124Regular />;
  return <Speaker224Regular />;
}

export function VolumeControl() {
  const texts = useTexts(notificationsTexts);
  const volume = useVolume();
  const [open, setOpen, buttonRef] = useOpenOnDemand(Popup.load);

  const button = (atRest?: ButtonAtRest) => (
    <Tooltip content={texts.volume} relationship="label">
      <Button ref={buttonRef} {...atRest} appearance="subtle" icon={<VolumeIcon volume={volume} />} />
    </Tooltip>
  );

  return Popup.isLoaded() ? (
    <Popup.Component open={open} onOpenChange={setOpen} trigger={button()} buttonRef={buttonRef} />
  ) : (
    button(popoverButtonAtRest(setOpen))
  );
}
