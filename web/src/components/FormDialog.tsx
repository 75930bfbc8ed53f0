/**
 * A modal dialog holding a form (FormFrame, or a loading state before it). Its content mounts only
 * while open, so every opening starts from the form's initial values.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export interface FormDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

export function FormDialog({ open, onClose, children }: FormDialogProps) {
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>{open && children}</DialogSurface>
    </Dialog>
  );
}

export interface FormDialogLoadingProps {
  readonly title: string;
  /** The read failed: the message instead of the spinner. */
  readonly failed: boolean;
  readonly labels: { readonly loading: string; readonly loadError: string; readonly close: string };
  readonly onClose: () => void;
}

/** An edit dialog's body while it reads what it edits: a spinner, or why it could not, and a way out. */
export function FormDialogLoading({ title, failed, labels, onClose }: FormDialogLoadingProps) {
  return (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{failed ? labels.loadError : <Spinner label={labels.loading} />}</DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={onClose}>
          {labels.close}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}
