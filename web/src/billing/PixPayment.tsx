/**
 * The checkout's payment view (spec 3 §2 Checkout dialog, §4): the PIX charge as a QR image (drawn from
 * the copy-and-paste code with qrcode.react), the code itself read-only with a copy button, the value
 * and until when the code is payable; meanwhile it waits for the payment (use-payment-wait.ts). Once
 * paid it says that the license was renewed and its new due date, and RETURN_HOME_DELAY_MS later hands
 * over to `onRenewed` (to / by default). When the browser will not copy, the code is selected for the
 * user to copy by hand.
 */
import { Body1, Button, Field, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Textarea, tokens } from '@fluentui/react-components';
import { Copy24Regular } from '@fluentui/react-icons/svg/copy';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { billingKeys, type PixCharge } from '../api/billing';
import { formatDueDate } from '../auth/subscription';
import { dateTimeLabel } from '../i18n/dates';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { RETURN_HOME_DELAY_MS } from './checkout-flow';
import { formatPixAmount } from './invoice-list';
import { billingTexts } from './texts';
import { usePaymentWait } from './use-payment-wait';

/** Fits a 360 px screen with the dialog's padding and the code's quiet zone. */
const QR_SIZE_PX = 224;

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  // A QR code needs dark modules on a light ground whatever the theme, with a quiet zone around it.
  qr: { alignSelf: 'center', padding: tokens.spacingHorizontalL, backgroundColor: '#ffffff', borderRadius: tokens.borderRadiusMedium, lineHeight: 0 },
  amount: { alignSelf: 'center', fontVariantNumeric: 'tabular-nums' },
  muted: { alignSelf: 'center', color: tokens.colorNeutralForeground3 },
  code: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  copy: { alignSelf: 'flex-start' },
});

type CopyState = 'idle' | 'copied' | 'failed';

export interface PixPaymentProps {
  readonly charge: PixCharge;
  readonly onRenewed: () => void;
}

export function PixPayment({ charge, onRenewed }: PixPaymentProps) {
  const styles = useStyles();
  const texts = useTexts(billingTexts);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const code = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const renewal = usePaymentWait(charge.invoiceId);
  const renewed = renewal !== undefined;

  // The latest `onRenewed`, so a new function from the parent does not restart the delay.
  const leave = useRef(onRenewed);
  useEffect(() => {
    leave.current = onRenewed;
  });
  useEffect(() => {
    if (!renewed) return undefined;
    // What the screens show of the invoices and the due date changed with the payment.
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    const timer = setTimeout(() => leave.current(), RETURN_HOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [renewed, queryClient]);

  const amount = formatPixAmount(charge.valor.original);
  const pixCode = charge.qrcode.qrcode;
  const expiresAt = new Date(charge.expiresAt);

  const copyCode = async () => {
    try {
      // Outside a secure context `navigator.clipboard` is missing: the call throws, and the catch helps.
      await navigator.clipboard.writeText(pixCode);
      setCopy('copied');
    } catch {
      code.current?.select();
      setCopy('failed');
    }
  };

  if (renewed) {
    return (
      <div className={styles.view}>
        <MessageBar intent="success" politeness="assertive">
          <MessageBarBody>
            {renewal.dueDate === null ? texts.pix.renewedUndated : format(texts.pix.renewed, { date: formatDueDate(renewal.dueDate, language) })}
          </MessageBarBody>
        </MessageBar>
        <Spinner size="tiny" label={texts.pix.leaving} />
      </div>
    );
  }

  return (
    <div className={styles.view}>
      <Body1>{texts.pix.help}</Body1>
      <div className={styles.qr}>
        <QRCodeSVG value={pixCode} size={QR_SIZE_PX} bgColor="#ffffff" fgColor="#000000" role="img" aria-label={format(texts.pix.qrLabel, { value: amount })} />
      </div>
      <Text className={styles.amount} size={500} weight="semibold">
        {format(texts.pix.value, { value: amount })}
      </Text>
      {!Number.isNaN(expiresAt.getTime()) && (
        <Text className={styles.muted} size={200}>
          {format(texts.pix.expires, { date: dateTimeLabel(expiresAt, language) })}
        </Text>
      )}
      <Field
        label={texts.pix.code}
        {...(copy === 'failed' && { validationMessage: texts.pix.copyFailed, validationState: 'warning' as const })}
        {...(copy === 'copied' && { validationMessage: texts.pix.copied, validationState: 'success' as const })}
      >
        <Textarea ref={code} textarea={{ className: styles.code }} value={pixCode} readOnly rows={3} resize="none" onFocus={(event) => event.target.select()} />
      </Field>
      <Button className={styles.copy} icon={<Copy24Regular />} onClick={() => void copyCode()}>
        {texts.pix.copy}
      </Button>
      <Spinner size="tiny" label={texts.pix.waiting} />
    </div>
  );
}
