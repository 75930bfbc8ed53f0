/**
 * The header's volume control (spec 1 §2.7, §9): a slider from 0 to 1 in steps of 0.1 for the
 * notification chime, stored locally, 1 by default.
 */
import { Button, makeStyles, Popover, PopoverSurface, PopoverTrigger, Spinner, Tooltip, tokens } from '@fluentui/react-components';
import { Speaker024Regular, Speaker124Regular, Speaker224Regular, SpeakerMute24Regular } from '@fluentui/react-icons';
import { lazy, Suspense } from 'react';
import { useTexts } from '../i18n/texts';
import { notificationsTexts } from './texts';
import { useVolume } from './use-volume';

const VolumeSlider = lazy(() => import('./VolumeSlider').then((m) => ({ default: m.VolumeSlider })));

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

  return (
    <Popover positioning="below-end" withArrow trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={texts.volume} relationship="label">
          <Button appearance="subtle" icon={<VolumeIcon volume={volume} />} />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface}>
        <Suspense fallback={<Spinner size="tiny" />}>
          <VolumeSlider />
        </Suspense>
      </PopoverSurface>
    </Popover>
  );
}
