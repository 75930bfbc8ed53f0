/** The delete confirmation of the conversation, with the product's one wording (docs/architecture.md §8). */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts';
import { conversationTexts } from './texts';

export function ConfirmDialog({
  open,
  onConfirm,
  onClose,
}: {
  readonly open: boolean;
  /** Runs the deletion; the dialog stays open, busy, until it settles. */
  readonly onConfirm: () => Promise<void>;
  readonly onClose: () => void;
}) {
  const texts = useTexts(conversationTexts).confirm;
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogContent>{texts.text}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()}>
              {texts.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
