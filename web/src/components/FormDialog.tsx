/**
 * A modal dialog holding a form (FormFrame, or a loading state before it). Its content mounts only
 * while open, so every opening starts from the form's initial values.
 */
import { Dialog, DialogSurface } from '@fluentui/react-components';
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
