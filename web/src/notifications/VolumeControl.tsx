/**
 * The header's volume control (spec 1 §2.7, §9): a slider from 0 to 1 in steps of 0.1 for the
 * notification chime, stored locally, 1 by default.
 */
import { Button, Label, makeStyles, Popover, PopoverSurface, PopoverTrigger, Slider, Tooltip, tokens } from '@fluentui/react-components';
import { Speaker024Regular, Speaker124Regular, Speaker224Regular, SpeakerMute24Regular } from '@fluentui/react-icons';
import { useId } from 'react';
import { format, useTexts } from '../i18n/texts';
import { notificationsTexts } from './texts';
import { useVolume, volumeStore } from './use-volume';
import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from './volume';

const useStyles = makeStyles({
  surface: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    width: '220px',
  },
});

function VolumeIcon({ volume }: { readonly volume: number }) {
  if (volume === 0) return <SpeakerMute24Regular />;
  if (volume < 0.4) return <Speaker024Regular />;
  if (volume < 0.8) return <Speaker124Regular />;
  return <Speaker224Regular />;
}

export function VolumeControl() {
  const styles = useStyles();
  const texts = useTexts(notificationsTexts);
  const volume = useVolume();
  const sliderId = useId();
  const percent = Math.round(volume * 100);

  return (
    <Popover positioning="below-end" withArrow trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={texts.volume} relationship="label">
          <Button appearance="subtle" icon={<VolumeIcon volume={volume} />} />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface}>
        <Label htmlFor={sliderId}>{format(texts.volumeValue, { percent })}</Label>
        <Slider
          id={sliderId}
          min={VOLUME_MIN}
          max={VOLUME_MAX}
          step={VOLUME_STEP}
          value={volume}
          onChange={(_, data) => volumeStore.set(data.value)}
          aria-valuetext={format(texts.volumeValue, { percent })}
        />
      </PopoverSurface>
    </Popover>
  );
}
