/**
 * Confirms a delete with the product's one wording (docs/architecture.md §8): 'Excluir Registro' / 'Deseja
 * realmente excluir este registro?' (and its English and Spanish forms), Cancel and Delete. It cannot
 * be dismissed while the delete is running. The spec's one exception brings its own words: a chat
 * (spec 3 §8: 'Excluir Conversa' / 'Esta ação não pode ser revertida, confirmar?').
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { commonTexts } from '../i18n/common';
import { useTexts } from '../i18n/texts';

export interface ConfirmDeleteDialogProps {
  readonly open: boolean;
  /** The delete is running: the buttons are disabled and Delete shows a spinner. */
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** Other words than the one wording, where the spec has its own (translated). */
  readonly wording?: { readonly title: string; readonly message: string } | undefined;
}

export function ConfirmDeleteDialog({ open, busy, onConfirm, onCancel, wording }: ConfirmDeleteDialogProps) {
  const common = useTexts(commonTexts);
  const { title, message } = wording ?? common.deleteConfirmation;
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && !busy && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {common.actions.cancel}
            </Button>
            <Button appearance="primary" disabled={busy || !open} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={onConfirm}>
              {common.actions.delete}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
