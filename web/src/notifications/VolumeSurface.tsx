/**
 * The volume button's popover around the button, loaded on its first open: the slider's code is needed
 * by no other part of the first screen. The slider is the browser's own range input in the theme's
 * colours: Fluent's Slider brings a fallback rule for vertical sliders (`-webkit-appearance:
 * slider-vertical`) that Chromium reports as deprecated in the console (issue 27).
 */
import { Label, makeStyles, Popover, PopoverSurface, PopoverTrigger, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useFocusBackOnClose, type PopupProps } from '../components/on-demand';
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
  slider: {
    width: '100%',
    margin: `${tokens.spacingVerticalXS} 0`,
    accentColor: tokens.colorCompoundBrandBackground,
    cursor: 'pointer',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
});

export function VolumeSurface({ open, onOpenChange, trigger, buttonRef }: PopupProps) {
  const styles = useStyles();
  const [surfaceRef, change] = useFocusBackOnClose(onOpenChange, buttonRef);
  const texts = useTexts(notificationsTexts);
  const volume = useVolume();
  const sliderId = useId();
  const percent = Math.round(volume * 100);
  return (
    <Popover open={open} onOpenChange={(_, data) => change(data.open)} positioning="below-end" withArrow trapFocus>
      <PopoverTrigger disableButtonEnhancement>{trigger}</PopoverTrigger>
      <PopoverSurface ref={surfaceRef} className={styles.surface}>
        <Label htmlFor={sliderId}>{format(texts.volumeValue, { percent })}</Label>
        <input
          id={sliderId}
          className={styles.slider}
          type="range"
          min={VOLUME_MIN}
          max={VOLUME_MAX}
          step={VOLUME_STEP}
          value={volume}
          onChange={(event) => volumeStore.set(Number(event.target.value))}
          aria-valuetext={format(texts.volumeValue, { percent })}
        />
      </PopoverSurface>
    </Popover>
  );
}
