/**
 * Shown instead of the app when /config.json is missing or malformed: without it the app knows
 * neither its API nor its user pool, so nothing else can work.
 */
import { Body1, Button, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { ArrowClockwise24Regular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { Warning24Regular } from '@fluentui/react-icons/svg/warning';
import { commonTexts } from '../i18n/common';
import { useTexts } from '../i18n/texts';

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
  },
  card: {
    maxWidth: '560px',
    width: '100%',
    padding: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
  },
  heading: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    color: tokens.colorPaletteRedForeground1,
  },
  details: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    margin: 0,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  retry: {
    alignSelf: 'flex-start',
  },
});

export function ConfigErrorScreen({ error }: { readonly error: unknown }) {
  const styles = useStyles();
  const texts = useTexts(commonTexts);
  const details = error instanceof Error ? error.message : String(error);
  return (
    <main className={styles.root}>
      <Card className={styles.card} role="alert">
        <div className={styles.heading}>
          <Warning24Regular aria-hidden />
          <Subtitle1 as="h1">{texts.config.title}</Subtitle1>
        </div>
        <Body1>{texts.config.description}</Body1>
        <details>
          <summary>{texts.config.details}</summary>
          <pre className={styles.details}>{details}</pre>
        </details>
        <Button className={styles.retry} appearance="primary" icon={<ArrowClockwise24Regular />} onClick={() => window.location.reload()}>
          {texts.config.retry}
        </Button>
      </Card>
    </main>
  );
}
