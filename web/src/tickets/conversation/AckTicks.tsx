/**
 * Delivery ticks of an outgoing message (spec 1 §2.5, §9): a clock, one tick, two ticks, two read ticks;
 * or, for a message WhatsApp refused (issue 32, `failureReason`), a red error mark whose tooltip (on
 * hover and on keyboard focus) says why.
 */
import { makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Checkmark16Regular } from '@fluentui/react-icons/svg/checkmark';
import { Clock12Regular } from '@fluentui/react-icons/svg/clock';
import { ErrorCircle16Filled } from '@fluentui/react-icons/svg/error-circle';
import type { Ack } from '../../../../shared/messages';
import { format, useTexts } from '../../i18n/texts';
import { deliveryState } from './ack';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', color: tokens.colorNeutralForeground3 },
  read: { color: tokens.colorPaletteBlueForeground2 },
  second: { marginLeft: '-10px' },
  failed: {
    display: 'inline-flex',
    alignItems: 'center',
    color: tokens.colorPaletteRedForeground1,
    borderRadius: tokens.borderRadiusCircular,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

export interface AckTicksProps {
  readonly ack: Ack;
  /** Why WhatsApp did not deliver the message; null when nothing failed. */
  readonly failureReason: string | null;
}

export function AckTicks({ ack, failureReason }: AckTicksProps) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).messages;
  const state = deliveryState(ack, failureReason);
  if (state === 'failed') {
    return (
      <Tooltip content={format(texts.failedReason, { reason: failureReason ?? '' })} relationship="description">
        {/* Focusable, so a keyboard reaches the reason as a pointer does. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a tooltip's trigger must take the focus */}
        <span className={styles.failed} role="img" aria-label={texts.failed} tabIndex={0} data-delivery="failed">
          <ErrorCircle16Filled />
        </span>
      </Tooltip>
    );
  }
  const label = texts.ack[state];
  const className = state === 'read' ? `${styles.root} ${styles.read}` : styles.root;
  return (
    <span className={className} role="img" aria-label={label} title={label} data-delivery={state}>
      {state === 'pending' ? <Clock12Regular /> : <Checkmark16Regular />}
      {(state === 'delivered' || state === 'read') && <Checkmark16Regular className={styles.second} />}
    </span>
  );
}
