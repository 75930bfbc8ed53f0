/**
 * The header's internal-chat popover (spec 1 §2.7). The internal chat has no backend yet, so the
 * popover says so plainly; it lists chats and unread counts once the chats API exists.
 */
import { Body1, Button, makeStyles, Popover, PopoverSurface, PopoverTrigger, Subtitle2, Tooltip, tokens } from '@fluentui/react-components';
import { PeopleChat24Regular } from '@fluentui/react-icons';
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

export function InternalChatPopover() {
  const styles = useStyles();
  const texts = useTexts(shellTexts);
  return (
    <Popover positioning="below-end" withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={texts.internalChat} relationship="label">
          <Button appearance="subtle" icon={<PeopleChat24Regular />} />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={texts.internalChat}>
        <Subtitle2 as="h2">{texts.internalChat}</Subtitle2>
        <Body1 role="status">{texts.internalChatSoon}</Body1>
      </PopoverSurface>
    </Popover>
  );
}
