/**
 * The volume popover's slider, loaded when the popover first opens: the slider's code is needed by no
 * other part of the first screen.
 */
import { Label, Slider } from '@fluentui/react-components';
import { useId } from 'react';
import { format, useTexts } from '../i18n/texts';
import { notificationsTexts } from './texts';
import { useVolume, volumeStore } from './use-volume';
import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from './volume';

export function VolumeSlider() {
  const texts = useTexts(notificationsTexts);
  const volume = useVolume();
  const sliderId = useId();
  const percent = Math.round(volume * 100);
  return (
    <>
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
    </>
  );
}
