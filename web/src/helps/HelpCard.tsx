/**
 * One help video as a card of the helps page (spec 3 §2 Helps): the host's thumbnail with a play mark,
 * the title and the description. The picture and the title are one button (Enter or Space opens the
 * popup player). Should the thumbnail not load (offline, the host blocked, an unknown video), the card
 * shows the title on a plain frame instead of a broken image, and a link to the video's page on the
 * host, so the card is never a dead end. The button is named by its own text ('Assistir:' for screen
 * readers, then the title), so what is read is what is shown.
 */
import { Body1, Caption1, Link, makeStyles, mergeClasses, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { Play24Filled } from '@fluentui/react-icons/svg/play';
import { Video24Regular } from '@fluentui/react-icons/svg/video';
import { useId, useState } from 'react';
import type { Help } from '../api/helps';
import { useTexts } from '../i18n/texts';
import { helpThumbnailUrl, helpVideoId, helpWatchUrl } from './help-video';
import { helpsTexts } from './texts';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    minWidth: 0,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  open: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    width: '100%',
    padding: 0,
    border: 'none',
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: tokens.strokeWidthThick },
    ':hover .help-title': { textDecorationLine: 'underline' },
  },
  frame: {
    position: 'relative',
    display: 'block',
    width: '100%',
    aspectRatio: '16 / 9',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  thumbnail: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  fallback: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalXS,
    height: '100%',
    padding: tokens.spacingHorizontalM,
    boxSizing: 'border-box',
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  fallbackTitle: { fontWeight: tokens.fontWeightSemibold },
  play: {
    position: 'absolute',
    right: tokens.spacingHorizontalS,
    bottom: tokens.spacingVerticalS,
    display: 'flex',
    padding: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted,
  },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  // Read by screen readers as the start of the button's name, not shown.
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  description: { color: tokens.colorNeutralForeground2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

export interface HelpCardProps {
  readonly help: Help;
  readonly onOpen: (help: Help) => void;
}

export function HelpCard({ help, onOpen }: HelpCardProps) {
  const styles = useStyles();
  const texts = useTexts(helpsTexts);
  const descriptionId = useId();
  const videoId = helpVideoId(help.video);
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const showsThumbnail = videoId !== null && !thumbnailFailed;
  // The popup opens from code, not from a DialogTrigger: this marks the button the focus returns to.
  const restoreFocusTarget = useRestoreFocusTarget();

  return (
    <li className={styles.card}>
      <button
        type="button"
        className={styles.open}
        {...restoreFocusTarget}
        {...(help.description !== '' && { 'aria-describedby': descriptionId })}
        onClick={() => onOpen(help)}
      >
        <span className={styles.frame}>
          {showsThumbnail ? (
            // Decorative: the button is named by the title.
            <img className={styles.thumbnail} src={helpThumbnailUrl(videoId)} alt="" loading="lazy" onError={() => setThumbnailFailed(true)} />
          ) : (
            // The title again on the frame, for the eye only: the button is named once, by its text below.
            <span className={styles.fallback} aria-hidden>
              <Video24Regular />
              <span className={styles.fallbackTitle}>{help.title}</span>
              <Caption1>{texts.noThumbnail}</Caption1>
            </span>
          )}
          <span className={styles.play} aria-hidden>
            <Play24Filled />
          </span>
        </span>
        <span className={mergeClasses('help-title', styles.title)}>
          <span className={styles.visuallyHidden}>{texts.watchPrefix} </span>
          {help.title}
        </span>
      </button>
      {help.description !== '' && (
        <Body1 id={descriptionId} className={styles.description}>
          {help.description}
        </Body1>
      )}
      {videoId !== null && thumbnailFailed && (
        <Link href={helpWatchUrl(videoId)} target="_blank" rel="noopener noreferrer">
          {texts.openOnHost}
        </Link>
      )}
    </li>
  );
}
