/**
 * The header's internal-chat popover around its button, loaded on the first open. The internal chat
 * has no backend yet, so it says so plainly; it lists chats and unread counts once the chats API exists.
 */
import { Body1, makeStyles, Popover, PopoverSurface, PopoverTrigger, Subtitle2, tokens } from '@fluentui/react-components';
import type { PopupProps } from '../../components/on-demand';
import { useTexts } from '../../i18n/texts';
import { shellTexts } from './texts';

const useStyles = makeStyles({
  surface: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    width: 'min(300px, calc(100vw - 32px))',
  },
});

export function InternalChatSurface({ open, onOpenChange, trigger }: PopupProps) {
  const styles = useStyles();
  const texts = useTexts(shellTexts);
  return (
    <Popover open={open} onOpenChange={(_, data) => onOpenChange(data.open)} positioning="below-end" withArrow>
      <PopoverTrigger disableButtonEnhancement>{trigger}</PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={texts.internalChat}>
        <Subtitle2 as="h2">{texts.internalChat}</Subtitle2>
        <Body1 role="status">{texts.internalChatSoon}</Body1>
      </PopoverSurface>
    </Popover>
  );
}
