/** The conversation side with no ticket chosen (spec 1 §2.3): a welcome with the product's mark. */
import { Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChatMultipleRegular } from '@fluentui/react-icons/svg/chat-multiple';
import { useTexts } from '../i18n/texts';
import { ticketsTexts } from './texts';

const useStyles = makeStyles({
  welcome: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  mark: {
    fontSize: '64px',
    color: tokens.colorBrandForeground1,
  },
});

export function TicketsWelcome() {
  const styles = useStyles();
  const texts = useTexts(ticketsTexts).page;
  return (
    <div className={styles.welcome}>
      <ChatMultipleRegular className={styles.mark} aria-hidden />
      <Subtitle1>{texts.welcomeTitle}</Subtitle1>
      <Text>{texts.welcomeText}</Text>
    </div>
  );
}
