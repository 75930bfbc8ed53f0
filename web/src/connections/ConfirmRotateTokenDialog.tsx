/**
 * Confirms a new API token for a connection (POST /whatsapp/{id}/token): the old token stops working
 * at once, so a system that sends through it fails until it is given the new one; one click on the
 * key icon must not do that by accident.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { format, useTexts } from '../i18n/texts';
import { connectionsTexts } from './texts';

export interface ConfirmRotateTokenDialogProps {
  /** The connection's name; the dialog is closed without one. */
  readonly name: string | undefined;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function ConfirmRotateTokenDialog({ name, busy, onConfirm, onCancel }: ConfirmRotateTokenDialogProps) {
  const texts = useTexts(connectionsTexts);
  return (
    <Dialog open={name !== undefined} modalType="alert" onOpenChange={(_, data) => !data.open && !busy && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{texts.rotate.title}</DialogTitle>
          <DialogContent>{format(texts.rotate.message, { name: name ?? '' })}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {texts.rotate.cancel}
            </Button>
            <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={onConfirm}>
              {texts.rotate.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
