/**
 * The QR code dialog (spec 2 §2, checklist O-007, C-211): the connection's current code drawn as an
 * image (qrcode.react), replaced live as the session host offers new ones (the page hands in the
 * connection from the cached list, which the `whatsappSession` events keep current); it closes itself
 * once the connection is CONNECTED. Below it, ours: link by phone number instead, for a phone that
 * cannot scan the screen; WhatsApp's 8-character pairing code arrives the same way as the QR code
 * (core/connections/request-pairing-code.ts) and is shown in large type.
 */
import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { requestPairingCode, type ConnectionDto } from '../api/connections';
import { useServices } from '../runtime/services';
import { useToast } from '../feedback/toast';
import { format, useTexts } from '../i18n/texts';
import { displayPairingCode, qrDialogDone } from './session-actions';
import { connectionsTexts } from './texts';

const QR_SIZE_PX = 256;

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  // A QR code needs dark modules on a light ground whatever the theme, with a quiet zone around it.
  qr: {
    alignSelf: 'center',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: `${QR_SIZE_PX + 32}px`,
    height: `${QR_SIZE_PX + 32}px`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  qrGround: { padding: tokens.spacingHorizontalL, backgroundColor: '#ffffff', borderRadius: tokens.borderRadiusMedium, lineHeight: 0 },
  pairing: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  numberRow: { display: 'flex', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  numberField: { flexGrow: 1, minWidth: '200px' },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    letterSpacing: '0.15em',
    textAlign: 'center',
  },
});

export interface QrCodeDialogProps {
  /** The connection as cached now; undefined once it is gone. */
  readonly connection: ConnectionDto | undefined;
  readonly onClose: () => void;
}

export function QrCodeDialog({ connection, onClose }: QrCodeDialogProps) {
  const styles = useStyles();
  const texts = useTexts(connectionsTexts);
  const { api } = useServices();
  const toast = useToast();
  const [number, setNumber] = useState('');
  const [asked, setAsked] = useState(false);

  const done = qrDialogDone(connection);
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  const pairing = useMutation({
    mutationFn: (typed: string) => requestPairingCode(api, connection?.id ?? '', typed),
    onSuccess: () => setAsked(true),
    onError: (error) => toast.error(error),
  });

  if (connection === undefined) return null;
  const qrcode = connection.status === 'qrcode' ? connection.qrcode : '';
  const pairingCode = connection.status === 'qrcode' ? connection.pairingCode : '';

  const ask = (event: SubmitEvent) => {
    event.preventDefault();
    if (number.trim() !== '' && !pairing.isPending) pairing.mutate(number);
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{texts.qr.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.qr} aria-live="polite">
              {qrcode === '' ? (
                <Spinner label={texts.qr.waiting} />
              ) : (
                <div className={styles.qrGround}>
                  <QRCodeSVG
                    value={qrcode}
                    size={QR_SIZE_PX}
                    bgColor="#ffffff"
                    fgColor="#000000"
                    role="img"
                    aria-label={format(texts.qr.imageLabel, { name: connection.name })}
                  />
                </div>
              )}
            </div>

            <section className={styles.pairing} aria-label={texts.qr.pairingTitle}>
              <Subtitle2 as="h3">{texts.qr.pairingTitle}</Subtitle2>
              <Body1>{texts.qr.pairingHelp}</Body1>
              <form className={styles.numberRow} onSubmit={ask} noValidate>
                <Field className={styles.numberField} label={texts.qr.number} hint={texts.qr.numberHint}>
                  <Input
                    value={number}
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    disabled={pairing.isPending}
                    onChange={(_, data) => setNumber(data.value)}
                  />
                </Field>
                <Button type="submit" disabled={pairing.isPending || number.trim() === ''} icon={pairing.isPending ? <Spinner size="tiny" /> : undefined}>
                  {pairing.isPending ? texts.qr.requesting : texts.qr.request}
                </Button>
              </form>
              {pairingCode !== '' ? (
                <div role="status" aria-label={texts.qr.codeLabel}>
                  <Text as="p" block className={styles.code}>
                    {displayPairingCode(pairingCode)}
                  </Text>
                  <Body1>{texts.qr.codeHelp}</Body1>
                </div>
              ) : (
                asked && <Spinner size="tiny" label={texts.qr.waitingCode} />
              )}
            </section>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {texts.qr.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
