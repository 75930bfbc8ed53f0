/**
 * The media test form (spec 3 §2: a test form for sending media): a connection's token, a number, a
 * file and an optional caption, sent as multipart/form-data to POST /api/messages/send from the
 * browser; the answer shows below. As with the text form, the API's own answer is the point: a send
 * without a file goes, and shows the API's refusal. The file is chosen with the kit's picker, as in
 * every other form (the browser's bare file input stood out unstyled, issue 27).
 */
import { Button, Field, Input, Spinner, Subtitle2 } from '@fluentui/react-components';
import { useId, useState } from 'react';
import { sendExternalMedia } from '../api/external-api';
import { AttachmentPicker } from '../components/AttachmentPicker';
import { format, useTexts } from '../i18n/texts';
import { SendAnswer } from './SendAnswer';
import { useSendFormStyles } from './send-form-styles';
import { messagesApiTexts } from './texts';
import { useTestSend } from './use-test-send';

export function MediaSendForm() {
  const styles = useSendFormStyles();
  const texts = useTexts(messagesApiTexts);
  const headingId = useId();
  const [token, setToken] = useState('');
  const [number, setNumber] = useState('');
  const [file, setFile] = useState<File>();
  const [caption, setCaption] = useState('');
  const test = useTestSend(sendExternalMedia);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {texts.form.mediaHeading}
      </Subtitle2>
      <span className={styles.intro}>{texts.form.intro}</span>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          test.send({ token, number, file, caption });
        }}
      >
        <Field label={texts.form.token} required>
          <Input type="password" autoComplete="off" value={token} onChange={(_, data) => setToken(data.value)} />
        </Field>
        <Field label={texts.form.number} hint={texts.form.numberHint} required>
          <Input inputMode="tel" autoComplete="off" value={number} onChange={(_, data) => setNumber(data.value)} />
        </Field>
        <AttachmentPicker
          labels={{
            title: texts.form.file,
            none: texts.form.noFile,
            choose: texts.form.chooseFile,
            replace: texts.form.replaceFile,
            remove: (name) => format(texts.form.removeFile, { name }),
          }}
          name={file?.name ?? null}
          onChange={(choice) => setFile(choice.kind === 'add' ? choice.file : undefined)}
          busy={test.busy}
        />
        <Field label={texts.form.caption}>
          <Input value={caption} onChange={(_, data) => setCaption(data.value)} />
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
