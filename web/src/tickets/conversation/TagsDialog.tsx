/** The ticket's tags (spec 1 §2.8 options menu; spec 2 §7 POST /tags/sync): pick any of the company's. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Option,
  Text,
} from '@fluentui/react-components';
import { LocalizedCombobox } from '../../components/LocalizedCombobox';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TicketDto } from '../../../../shared/tickets';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../runtime/services';
import { useToast } from '../../feedback/toast';
import { useTexts } from '../../i18n/texts';
import { syncTicketTags, useTagOptions } from '../../api/tags';
import { conversationTexts } from './texts';

export function TagsDialog({ ticket, open, onClose }: { readonly ticket: TicketDto; readonly open: boolean; readonly onClose: () => void }) {
  const texts = useTexts(conversationTexts).tags;
  const toast = useToast();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const tags = useTagOptions(open);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  // Starts from the ticket's tags each time it opens; live changes meanwhile do not undo the picking
  // (React's "adjust state when a prop changes" pattern).
  const [openSeen, setOpenSeen] = useState(false);
  if (open !== openSeen) {
    setOpenSeen(open);
    if (open) setSelected([...ticket.tags]);
  }

  const save = async () => {
    setBusy(true);
    try {
      const updated = await syncTicketTags(api, ticket.id, selected);
      queryClient.setQueryData(queryKeys.tickets.one(ticket.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets.lists });
      toast.success(texts.saved);
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const names = (tags.data ?? []).filter((tag) => selected.includes(tag.id)).map((tag) => tag.name);

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogContent>
            {tags.data?.length === 0 ? (
              <Text>{texts.empty}</Text>
            ) : (
              <Field label={texts.title}>
                <LocalizedCombobox
                  multiselect
                  placeholder={texts.placeholder}
                  value={names.join(', ')}
                  selectedOptions={selected}
                  onOptionSelect={(_, data) => setSelected([...data.selectedOptions])}
                >
                  {(tags.data ?? []).map((tag) => (
                    <Option key={tag.id} value={tag.id} text={tag.name}>
                      <span style={{ color: tag.color }} aria-hidden>
                        ●
                      </span>{' '}
                      {tag.name}
                    </Option>
                  ))}
                </LocalizedCombobox>
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button appearance="primary" disabled={busy || tags.data === undefined} onClick={() => void save()}>
              {texts.save}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
