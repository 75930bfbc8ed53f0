/**
 * Confirms and deletes a contact, with the product's one delete wording (DESIGN.md §8): 'Excluir
 * Registro' / 'Deseja realmente excluir este registro?'. The server refuses a contact with a live ticket
 * (ERR_OTHER_OPEN_TICKET), which shows as its catalogue toast.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactDto } from '../../../shared/contacts';
import { useServices } from '../app/services';
import { useToast } from '../feedback/toast';
import { commonTexts } from '../i18n/common';
import { useTexts } from '../i18n/texts';
import { applyContactEvent } from './contact-cache';
import { contactsTexts } from './texts';

export interface DeleteContactDialogProps {
  /** The contact to delete; the dialog is open while there is one. */
  readonly contact: ContactDto | undefined;
  readonly onClose: () => void;
}

export function DeleteContactDialog({ contact, onClose }: DeleteContactDialogProps) {
  const texts = useTexts(contactsTexts);
  const common = useTexts(commonTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: (contactId: string) => api.delete<void>(`/contacts/${encodeURIComponent(contactId)}`),
    onSuccess: (_, contactId) => {
      applyContactEvent(queryClient, { action: 'delete', contactId });
      toast.success(texts.page.deleted);
      onClose();
    },
    onError: (error) => {
      toast.error(error);
      onClose();
    },
  });

  return (
    <Dialog open={contact !== undefined} modalType="alert" onOpenChange={(_, data) => !data.open && !remove.isPending && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{common.deleteConfirmation.title}</DialogTitle>
          <DialogContent>{common.deleteConfirmation.message}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={remove.isPending} onClick={onClose}>
              {common.actions.cancel}
            </Button>
            <Button
              appearance="primary"
              disabled={remove.isPending || contact === undefined}
              icon={remove.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={() => contact !== undefined && remove.mutate(contact.id)}
            >
              {common.actions.delete}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
