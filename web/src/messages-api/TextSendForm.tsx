/**
 * The text test form (spec 3 §2: a test form for sending text): a connection's token, a number and a
 * message, sent as JSON to POST /api/messages/send from the browser; the answer shows below. Nothing is
 * checked here: the point is to see what the API itself answers, refusals included.
 */
import { Button, Field, Input, Spinner, Subtitle2, Textarea } from '@fluentui/react-components';
import { useId, useState } from 'react';
import { sendExternalText } from '../api/external-api';
import { useTexts } from '../i18n/texts';
import { SendAnswer } from './SendAnswer';
import { useSendFormStyles } from './send-form-styles';
import { messagesApiTexts } from './texts';
import { useTestSend } from './use-test-send';

export function TextSendForm() {
  const styles = useSendFormStyles();
  const texts = useTexts(messagesApiTexts);
  const headingId = useId();
  const [token, setToken] = useState('');
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const test = useTestSend(sendExternalText);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {texts.form.textHeading}
      </Subtitle2>
      <span className={styles.intro}>{texts.form.intro}</span>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          test.send({ token, number, body });
        }}
      >
        <Field label={texts.form.token} required>
          <Input type="password" autoComplete="off" value={token} onChange={(_, data) => setToken(data.value)} />
        </Field>
        <Field label={texts.form.number} hint={texts.form.numberHint} required>
          <Input inputMode="tel" autoComplete="off" value={number} onChange={(_, data) => setNumber(data.value)} />
        </Field>
        <Field label={texts.form.body} required>
          <Textarea resize="vertical" value={body} onChange={(_, data) => setBody(data.value)} />
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" disabled={test.busy} icon={test.busy ? <Spinner size="tiny" /> : undefined}>
            {test.busy ? texts.form.sending : texts.form.send}
          </Button>
        </div>
      </form>
      <SendAnswer answer={test.answer} unreachable={test.unreachable} />
    </section>
  );
}
