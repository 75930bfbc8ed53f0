/**
 * Deleting a row of a list page after the confirmation (spec 3 §8: one wording for every delete): the
 * row asked about, the request, then the page's own cache update and its success toast (the page's
 * words, or words the answer carries: a deleted prompt's message, spec 3 §7); a refusal shows its
 * catalogue toast. Either way the dialog closes. Spread `dialog` on ConfirmDeleteDialog.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../feedback/toast';
import type { ConfirmDeleteDialogProps } from './ConfirmDeleteDialog';

export interface ConfirmedDeleteOptions<R> {
  /** The request that deletes the row with this id. */
  readonly remove: (id: string) => Promise<R>;
  /** What the page does once it is deleted (drop it from the cached lists, refetch them). */
  readonly onDeleted: (id: string) => void;
  /** The success toast, or how to read it from the answer. */
  readonly deletedText: string | ((answer: R) => string);
}

export interface ConfirmedDelete {
  /** Asks about a row: opens the confirmation. */
  readonly ask: (row: { readonly id: string }) => void;
  readonly dialog: ConfirmDeleteDialogProps;
}

export function useConfirmedDelete<R>({ remove, onDeleted, deletedText }: ConfirmedDeleteOptions<R>): ConfirmedDelete {
  const toast = useToast();
  const [asked, setAsked] = useState<string>();
  const close = () => setAsked(undefined);
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: (answer, id) => {
      onDeleted(id);
      toast.success(typeof deletedText === 'string' ? deletedText : deletedText(answer));
      close();
    },
    onError: (error) => {
      toast.error(error);
      close();
    },
  });
  return {
    ask: (row) => setAsked(row.id),
    dialog: {
      open: asked !== undefined,
      busy: mutation.isPending,
      onConfirm: () => asked !== undefined && mutation.mutate(asked),
      onCancel: close,
    },
  };
}
