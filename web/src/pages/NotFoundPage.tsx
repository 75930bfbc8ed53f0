/** An address inside the private area that matches no route. */
import { Body1, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { useDocumentTitle } from '../runtime/DocumentTitle';
import { RouterLink } from '../components/RouterLink';
import { commonTexts } from '../i18n/common';
import { useTexts } from '../i18n/texts';

const useStyles = makeStyles({
  card: {
    maxWidth: '560px',
    margin: `${tokens.spacingVerticalXXL} auto`,
    padding: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
  },
});

export function NotFoundPage() {
  const styles = useStyles();
  const texts = useTexts(commonTexts);
  useDocumentTitle(texts.notFound.title);
  return (
    <Card className={styles.card}>
      <Subtitle1 as="h2">{texts.notFound.title}</Subtitle1>
      <Body1>{texts.notFound.description}</Body1>
      <RouterLink to="/">{texts.notFound.backToStart}</RouterLink>
    </Card>
  );
}
