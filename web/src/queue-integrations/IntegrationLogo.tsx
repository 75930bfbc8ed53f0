/**
 * An integration type's logo (spec 3 §2 Queue integrations: the table's type logo): a small lettered
 * badge of our own per type, not the vendors' marks, named for screen readers by the type's name. Its
 * colours are Fluent's palette tokens, so it reads in the light and the dark theme alike.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { QueueIntegrationType } from '../api/queue-integrations';
import { useTexts } from '../i18n/texts';
import { queueIntegrationsTexts } from './texts';

const useStyles = makeStyles({
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '-0.02em',
    lineHeight: 1,
    userSelect: 'none',
  },
  small: { width: '20px', height: '20px', fontSize: tokens.fontSizeBase100, borderRadius: tokens.borderRadiusSmall },
  typebot: { backgroundColor: tokens.colorPaletteBlueBackground2, color: tokens.colorPaletteBlueForeground2 },
  n8n: { backgroundColor: tokens.colorPaletteCranberryBackground2, color: tokens.colorPaletteCranberryForeground2 },
  webhook: { backgroundColor: tokens.colorPaletteGrapeBackground2, color: tokens.colorPaletteGrapeForeground2 },
  dialogflow: { backgroundColor: tokens.colorPalettePumpkinBackground2, color: tokens.colorPalettePumpkinForeground2 },
});

/** The badge's letters per type. */
export const LOGO_LETTERS: Readonly<Record<QueueIntegrationType, string>> = {
  typebot: 'TB',
  n8n: 'n8n',
  webhook: 'WH',
  dialogflow: 'DF',
};

export interface IntegrationLogoProps {
  readonly type: QueueIntegrationType;
  /** 20 px (a select's option) rather than 32 px (the table). */
  readonly small?: boolean;
  /** Beside the type's name already: hidden from screen readers rather than named twice. */
  readonly decorative?: boolean;
}

export function IntegrationLogo({ type, small = false, decorative = false }: IntegrationLogoProps) {
  const styles = useStyles();
  const texts = useTexts(queueIntegrationsTexts);
  return (
    <span
      className={mergeClasses(styles.badge, small && styles.small, styles[type])}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': texts.types[type] })}
    >
      {LOGO_LETTERS[type]}
    </span>
  );
}
