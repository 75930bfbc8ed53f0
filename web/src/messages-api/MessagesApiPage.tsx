/**
 * The API page (/messages-api, plan flag useExternalApi; spec 3 §2 External messaging API): a
 * documentation screen with test forms for sending text and media. How to send with a connection's
 * token (HowToSend), the two test forms that call the real endpoint from the browser (TextSendForm,
 * MediaSendForm) and the OpenAPI document rendered (ApiReference). Nothing here imports zod: the page
 * reads the document the server generated from its schemas.
 */
import { makeStyles, Title3, tokens } from '@fluentui/react-components';
import { useTexts } from '../i18n/texts';
import { ApiReference } from './ApiReference';
import { HowToSend } from './HowToSend';
import { MediaSendForm } from './MediaSendForm';
import { messagesApiTexts } from './texts';
import { TextSendForm } from './TextSendForm';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXL, minWidth: 0, maxWidth: '1100px' },
  forms: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(340px, 100%), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
});

export function MessagesApiPage() {
  const styles = useStyles();
  const texts = useTexts(messagesApiTexts);
  return (
    <div className={styles.page}>
      <Title3 as="h1">{texts.title}</Title3>
      <HowToSend />
      <div className={styles.forms}>
        <TextSendForm />
        <MediaSendForm />
      </div>
      <ApiReference />
    </div>
  );
}
