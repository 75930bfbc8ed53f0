/**
 * Transfer a ticket (spec 1 §2.8, §4.1, §5): a queue (required), optionally a user (the ticket goes
 * open to them; without one it waits as pending in the queue) and optionally another connection, all
 * in one PUT /tickets/{id}.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Option,
  tokens,
} from '@fluentui/react-components';
import { LocalizedDropdown } from '../../components/LocalizedDropdown';
import { useEffect, useEffectEvent, useState } from 'react';
import type { TicketDto } from '../../../../shared/tickets';
import { useToast } from '../../feedback/toast';
import { useTexts } from '../../i18n/texts';
import { useTicketActions } from '../ticket-actions';
import { useConnections } from '../../api/connections';
import { useQueues } from '../../api/queues';
import { useUserOptions } from '../../api/users';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export function TransferModal({ ticket, open, onClose }: { readonly ticket: TicketDto; readonly open: boolean; readonly onClose: () => void }) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).transfer;
  const toast = useToast();
  const actions = useTicketActions();
  const queues = useQueues(open);
  const users = useUserOptions(open);
  const connections = useConnections(open);
  const [queueId, setQueueId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [whatsappId, setWhatsappId] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  // Each opening starts afresh (React's "adjust state when a prop changes" pattern).
  const [openSeen, setOpenSeen] = useState(false);
  if (open !== openSeen) {
    setOpenSeen(open);
    if (open) {
      setQueueId(null);
      setUserId(null);
      setWhatsappId(null);
      setTried(false);
    }
  }

  // Once per failed fetch, not on every render while it stays failed.
  const queuesFailedAt = queues.isError ? queues.errorUpdatedAt : 0;
  const reportQueuesError = useEffectEvent(() => toast.error(texts.queuesLoadError));
  useEffect(() => {
    if (queuesFailedAt > 0) reportQueuesError();
  }, [queuesFailedAt]);

  const submit = async () => {
    setTried(true);
    if (queueId === null) return;
    setBusy(true);
    try {
      await actions.transfer(ticket, { queueId, userId, whatsappId: whatsappId === ticket.whatsappId ? null : whatsappId });
      onClose();
    } catch {
      // useTicketActions has already shown the error.
    } finally {
      setBusy(false);
    }
  };

  const queueName = queues.data?.find((queue) => queue.id === queueId)?.name ?? '';
  const userName = users.data?.find((user) => user.id === userId)?.name ?? texts.noUser;
  const connectionName = connections.data?.find((connection) => connection.id === whatsappId)?.name ?? texts.keepConnection;

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={texts.queue} required validationMessage={tried && queueId === null ? texts.queueRequired : undefined}>
              <LocalizedDropdown
                placeholder={texts.queuePlaceholder}
                value={queueName}
                selectedOptions={queueId === null ? [] : [queueId]}
                onOptionSelect={(_, data) => setQueueId(data.optionValue ?? null)}
              >
                {(queues.data ?? []).map((queue) => (
                  <Option key={queue.id} value={queue.id}>
                    {queue.name}
                  </Option>
                ))}
              </LocalizedDropdown>
            </Field>
            <Field label={texts.user}>
              <LocalizedDropdown
                value={userName}
                selectedOptions={[userId ?? '']}
                onOptionSelect={(_, data) => setUserId(data.optionValue ? data.optionValue : null)}
              >
                <Option value="">{texts.noUser}</Option>
                {(users.data ?? []).map((user) => (
                  <Option key={user.id} value={user.id}>
                    {user.name}
                  </Option>
                ))}
              </LocalizedDropdown>
            </Field>
            <Field label={texts.connection}>
              <LocalizedDropdown
                value={connectionName}
                selectedOptions={[whatsappId ?? '']}
                onOptionSelect={(_, data) => setWhatsappId(data.optionValue ? data.optionValue : null)}
              >
                <Option value="">{texts.keepConnection}</Option>
                {(connections.data ?? []).map((connection) => (
                  <Option key={connection.id} value={connection.id}>
                    {connection.name}
                  </Option>
                ))}
              </LocalizedDropdown>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button appearance="primary" disabled={busy || actions.busy} onClick={() => void submit()}>
              {texts.submit}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
