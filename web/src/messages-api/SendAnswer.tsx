/**
 * What the API answered a test send: the HTTP status, the catalogue's text of an error code in the
 * user's language, and the body as the API sent it. Announced politely to screen readers when it
 * changes. Long lines wrap rather than scroll, so a phone shows it all without a scroll region (the
 * answer is one message or an error: short).
 */
import { makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import type { ExternalApiAnswer } from '../api/external-api';
import { useLanguage } from '../i18n/language';
import { errorText } from '../i18n/errors';
import { format, useTexts } from '../i18n/texts';
import { useCodeStyles } from './code-styles';
import { messagesApiTexts } from './texts';

const useStyles = makeStyles({
  answer: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
});

export interface SendAnswerProps {
  readonly answer: ExternalApiAnswer | undefined;
  /** The API could not be reached (no status to show). */
  readonly unreachable: boolean;
}

/** The error code of an error answer, if the body carries one. */
const errorCodeOf = (body: ExternalApiAnswer['body']): string | undefined =>
  typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : undefined;

export function SendAnswer({ answer, unreachable }: SendAnswerProps) {
  const styles = useStyles();
  const code = useCodeStyles();
  const texts = useTexts(messagesApiTexts);
  const { language } = useLanguage();
  const errorCode = answer === undefined ? undefined : errorCodeOf(answer.body);

  return (
    <div className={styles.answer} aria-live="polite">
      {unreachable && (
        <MessageBar intent="error">
          <MessageBarBody>{texts.answer.unreachable}</MessageBarBody>
        </MessageBar>
      )}
      {answer !== undefined && (
        <>
          <Text weight="semibold">{format(texts.answer.status, { status: answer.status })}</Text>
          {errorCode !== undefined && <Text>{errorText(errorCode, language)}</Text>}
          <pre className={code.block}>
            {typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2)}
          </pre>
        </>
      )}
    </div>
  );
}
