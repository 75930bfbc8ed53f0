/** A quoted message inside a bubble or above the input: who wrote it and a one-line preview. */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { QuotedMessageDto } from '../../../../shared/messages';
import { useTexts } from '../../i18n/texts';
import { quotePreview, type QuoteKindLabel } from './quote-preview';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    marginBottom: tokens.spacingVerticalXS,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  author: { color: tokens.colorBrandForeground1 },
});

export function QuotedMessage({
  quoted,
  contactName,
  action,
}: {
  readonly quoted: Pick<QuotedMessageDto, 'body' | 'fromMe' | 'mediaType'>;
  readonly contactName: string;
  /** A control beside the preview (cancel a reply). */
  readonly action?: ReactNode;
}) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).messages;
  const preview = quotePreview(quoted);
  const kindLabels: Readonly<Record<QuoteKindLabel, string>> = {
    image: texts.image,
    audio: texts.audio,
    video: texts.video,
    document: texts.document,
    location: texts.location,
    contactCard: texts.contactCard,
    call: texts.voiceCall,
  };
  const text = [preview.kind ? kindLabels[preview.kind] : null, preview.text].filter((part) => part).join(': ');
  return (
    <div className={styles.root}>
      <Text size={200} weight="semibold" className={styles.author}>
        {quoted.fromMe ? texts.you : contactName}
      </Text>
      <Text size={200} truncate wrap={false}>
        {text}
      </Text>
      {action}
    </div>
  );
}
