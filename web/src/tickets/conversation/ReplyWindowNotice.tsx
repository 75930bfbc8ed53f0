/**
 * In the input's place once a Cloud API ticket's 24-hour window has closed (issue 32): when the
 * customer last wrote (or that they never did), that only an approved template can go now, and the
 * button that opens the template dialog.
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { MailTemplate24Regular } from '@fluentui/react-icons/svg/mail-template';
import { dateTimeLabel } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language';
import { format, useTexts } from '../../i18n/texts';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  text: { flexGrow: 1, flexBasis: '240px', minWidth: 0, color: tokens.colorNeutralForeground2 },
});

export interface ReplyWindowNoticeProps {
  /** When the customer last wrote; null: never. */
  readonly customerMessageAt: string | null;
  readonly onSendTemplate: () => void;
}

export function ReplyWindowNotice({ customerMessageAt, onSendTemplate }: ReplyWindowNoticeProps) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).replyWindow;
  const { language } = useLanguage();
  const text =
    customerMessageAt === null ? texts.never : format(texts.closed, { date: dateTimeLabel(new Date(customerMessageAt), language) });
  return (
    <div className={styles.root} role="status">
      <Text className={styles.text}>{text}</Text>
      <Button appearance="primary" icon={<MailTemplate24Regular />} onClick={onSendTemplate}>
        {texts.sendTemplate}
      </Button>
    </div>
  );
}
