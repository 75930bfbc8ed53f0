/**
 * The popup player of a help video (spec 3 §2 Helps: closed with Escape, as every Fluent dialog is):
 * the host's player in a 16:9 frame, nothing playing until the user presses play, and beside it a link
 * to the video's page on the host. A browser cannot tell whether a cross-origin frame loaded, so the
 * link is always there: offline or with the host blocked, the popup still leads somewhere. The focus
 * starts on the close button, outside the frame, so Escape closes the popup until the user enters the
 * player, and goes back to the card when it closes.
 */
import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Link,
  makeStyles,
  Text,
  tokens,
  useRestoreFocusSource,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons/svg/dismiss';
import type { Help } from '../api/helps';
import { useTexts } from '../i18n/texts';
import { helpEmbedUrl, helpVideoId, helpWatchUrl } from './help-video';
import { helpsTexts } from './texts';

const useStyles = makeStyles({
  surface: { width: 'min(880px, calc(100vw - 32px))', maxWidth: 'none' },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  frame: {
    display: 'block',
    width: '100%',
    aspectRatio: '16 / 9',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  hint: { color: tokens.colorNeutralForeground2 },
  description: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

export interface HelpPlayerDialogProps {
  /** The help playing; none when the popup is closed. */
  readonly help: Help | undefined;
  readonly onClose: () => void;
}

export function HelpPlayerDialog({ help, onClose }: HelpPlayerDialogProps) {
  const styles = useStyles();
  const texts = useTexts(helpsTexts);
  const videoId = help === undefined ? null : helpVideoId(help.video);
  // Back to the card that opened the popup once it closes (HelpCard marks it as the target).
  const restoreFocusSource = useRestoreFocusSource();

  return (
    <Dialog open={help !== undefined} modalType="modal" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} {...restoreFocusSource}>
        {help !== undefined && (
          <DialogBody>
            <DialogTitle
              action={
                <DialogTrigger action="close">
                  <Button appearance="subtle" aria-label={texts.close} icon={<Dismiss24Regular />} />
                </DialogTrigger>
              }
            >
              {help.title}
            </DialogTitle>
            <DialogContent className={styles.content}>
              {videoId === null ? (
                <Text>{texts.noVideo}</Text>
              ) : (
                <>
                  <iframe
                    className={styles.frame}
                    src={helpEmbedUrl(videoId)}
                    title={help.title}
                    allow="encrypted-media; picture-in-picture; fullscreen"
                    allowFullScreen
                    referrerPolicy="strict-origin-when-cross-origin"
                    sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
                  />
                  <Text className={styles.hint}>
                    {texts.playerHint}{' '}
                    <Link href={helpWatchUrl(videoId)} target="_blank" rel="noopener noreferrer">
                      {texts.openOnHost}
                    </Link>
                  </Text>
                </>
              )}
              {help.description !== '' && <Body1 className={styles.description}>{help.description}</Body1>}
            </DialogContent>
            <DialogActions>
              <DialogTrigger action="close">
                <Button appearance="secondary">{texts.close}</Button>
              </DialogTrigger>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
