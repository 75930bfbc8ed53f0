/**
 * The quick-message dialog (spec 2 §2): without `quickMessageId` it creates one, with one it loads it
 * (fresh: a cached copy may predate changes made elsewhere) and edits it.
 */
import { useQuickMessage } from '../api/quick-messages';
import { FormDialog, FormDialogLoading } from '../components/FormDialog';
import { useTexts } from '../i18n/texts';
import { emptyQuickMessageForm, quickMessageFormOf } from './quick-message-form';
import { QuickMessageForm } from './QuickMessageForm';
import { quickMessagesTexts } from './texts';

export interface QuickMessageDialogProps {
  readonly open: boolean;
  readonly quickMessageId?: string;
  readonly onClose: () => void;
}

export function QuickMessageDialog({ open, quickMessageId, onClose }: QuickMessageDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {quickMessageId === undefined ? (
        <QuickMessageForm initial={emptyQuickMessageForm()} onCancel={onClose} onSaved={onClose} />
      ) : (
        <EditQuickMessage quickMessageId={quickMessageId} onClose={onClose} />
      )}
    </FormDialog>
  );
}

function EditQuickMessage({ quickMessageId, onClose }: { readonly quickMessageId: string; readonly onClose: () => void }) {
  const texts = useTexts(quickMessagesTexts);
  const quickMessage = useQuickMessage(quickMessageId);

  // The form starts from the quick message as first loaded; a later realtime update must not wipe what is typed.
  if (quickMessage.data !== undefined && (quickMessage.isFetchedAfterMount || quickMessage.isError)) {
    return (
      <QuickMessageForm
        key={quickMessageId}
        initial={quickMessageFormOf(quickMessage.data)}
        editing={quickMessage.data}
        onCancel={onClose}
        onSaved={onClose}
      />
    );
  }

  return (
    <FormDialogLoading
      title={texts.dialog.editTitle}
      failed={quickMessage.isError}
      labels={{ loading: texts.dialog.loading, loadError: texts.dialog.loadError, close: texts.dialog.cancel }}
      onClose={onClose}
    />
  );
}
