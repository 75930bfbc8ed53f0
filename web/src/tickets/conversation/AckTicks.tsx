/** Delivery ticks of an outgoing message (spec 1 §2.5, §9): a clock, one tick, two ticks, two read ticks. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Checkmark16Regular } from '@fluentui/react-icons/svg/checkmark';
import { Clock12Regular } from '@fluentui/react-icons/svg/clock';
import type { Ack } from '../../../../shared/messages';
import { useTexts } from '../../i18n/texts';
import { ackState } from './ack';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', color: tokens.colorNeutralForeground3 },
  read: { color: tokens.colorPaletteBlueForeground2 },
  second: { marginLeft: '-10px' },
});

export function AckTicks({ ack }: { readonly ack: Ack }) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).messages.ack;
  const state = ackState(ack);
  const label = texts[state];
  const className = state === 'read' ? `${styles.root} ${styles.read}` : styles.root;
  return (
    <span className={className} role="img" aria-label={label} title={label}>
      {state === 'pending' ? <Clock12Regular /> : <Checkmark16Regular />}
      {(state === 'delivered' || state === 'read') && <Checkmark16Regular className={styles.second} />}
    </span>
  );
}
