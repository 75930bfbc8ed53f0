/**
 * How another system sends (spec 3 §2, the documentation part of the API page): the connection's token
 * is shown once on the Connections page (linked), the endpoint of this stage from the runtime config,
 * the Authorization header, and curl commands for a text and a media send.
 */
import { Body1, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { EXTERNAL_SEND_PATH, externalApiUrl, MEDIA_FIELD } from '../api/external-api';
import { CONNECTIONS_PATH } from '../runtime/paths';
import { useServices } from '../runtime/services';
import { RouterLink } from '../components/RouterLink';
import { useTexts } from '../i18n/texts';
import { curlMediaExample, curlTextExample } from './curl-examples';
import { useCodeStyles } from './code-styles';
import { messagesApiTexts } from './texts';

const EXAMPLE_NUMBER = '5511999990000';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  paragraph: { margin: 0 },
  heading: { margin: 0 },
  example: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, margin: 0, minWidth: 0 },
});

export function HowToSend() {
  const styles = useStyles();
  const code = useCodeStyles();
  const texts = useTexts(messagesApiTexts);
  const { config } = useServices();
  const headingId = useId();
  const endpoint = externalApiUrl(config.apiUrl, EXTERNAL_SEND_PATH);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {texts.how.heading}
      </Subtitle2>
      <Body1 as="p" className={styles.paragraph}>{texts.how.intro}</Body1>
      <Body1 as="p" className={styles.paragraph}>
        {texts.how.tokenBefore}
        <RouterLink to={CONNECTIONS_PATH}>{texts.how.tokenLink}</RouterLink>
        {texts.how.tokenAfter}
      </Body1>
      <Body1 as="p" className={styles.paragraph}>
        <Text weight="semibold">{texts.how.endpoint}: </Text>
        <code className={code.inline}>POST {endpoint}</code>
      </Body1>
      <Body1 as="p" className={styles.paragraph}>{texts.how.authorization}</Body1>
      <figure className={styles.example}>
        <figcaption>
          <Text weight="semibold">{texts.how.textExample}</Text>
        </figcaption>
        <pre className={code.block}>{curlTextExample(endpoint, { number: EXAMPLE_NUMBER, body: texts.how.exampleText })}</pre>
      </figure>
      <figure className={styles.example}>
        <figcaption>
          <Text weight="semibold">{texts.how.mediaExample}</Text>
        </figcaption>
        <pre className={code.block}>
          {curlMediaExample(endpoint, { number: EXAMPLE_NUMBER, body: texts.how.exampleCaption, fileName: texts.how.exampleFile, field: MEDIA_FIELD })}
        </pre>
      </figure>
    </section>
  );
}
