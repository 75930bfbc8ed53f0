/**
 * A template's body as a preview: its text as written (line breaks kept) with each `{{n}}` placeholder
 * marked, so the reader sees where the variables go; the header above and the footer under it.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { templateBodyParts } from './template-display';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 0 },
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  header: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  footer: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  variable: {
    fontFamily: tokens.fontFamilyMonospace,
    color: tokens.colorBrandForeground2,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusSmall,
    padding: `0 ${tokens.spacingHorizontalXXS}`,
  },
});

export interface TemplateBodyProps {
  readonly body: string;
  readonly header?: string | null;
  readonly footer?: string | null;
}

export function TemplateBody({ body, header = null, footer = null }: TemplateBodyProps) {
  const styles = useStyles();
  return (
    <span className={styles.root}>
      {header !== null && <span className={styles.header}>{header}</span>}
      <span className={styles.body}>
        {templateBodyParts(body).map((part, index) =>
          part.kind === 'variable' ? (
            // Parts never move: their place is their key.
            <mark key={index} className={styles.variable}>
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )}
      </span>
      {footer !== null && <span className={styles.footer}>{footer}</span>}
    </span>
  );
}
