/** An address inside the private area that matches no route. */
import { Body1, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { RouterLink } from '../components/RouterLink';
import { pt } from '../i18n/pt';

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
  return (
    <Card className={styles.card}>
      <Subtitle1 as="h2">{pt.notFound.title}</Subtitle1>
      <Body1>{pt.notFound.description}</Body1>
      <RouterLink to="/">{pt.notFound.backToStart}</RouterLink>
    </Card>
  );
}
