/**
 * What the header's internal-chat button opens, loaded on its first open. The internal chat has no
 * backend yet, so it says so plainly; it lists chats and unread counts once the chats API exists.
 */
import { Body1, makeStyles, PopoverSurface, Subtitle2, tokens } from '@fluentui/react-components';
import { useTexts } from '../i18n/texts';
import { shellTexts } from './texts';

const useStyles = makeStyles({
  surface: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    width: 'min(300px, calc(100vw - 32px))',
  },
});

export function InternalChatSurface() {
  const styles = useStyles();
  const texts = useTexts(shellTexts);
  return (
    <PopoverSurface className={styles.surface} aria-label={texts.internalChat}>
      <Subtitle2 as="h2">{texts.internalChat}</Subtitle2>
      <Body1 role="status">{texts.internalChatSoon}</Body1>
    </PopoverSurface>
  );
}
