/**
 * Ticket notes (spec 1 §2.8, §3, §5, §8): the internal observations of the ticket, newest first, in a
 * list at most 200 px high, with add (at least 2 characters) and delete (author or admin).
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
  Spinner,
  Text,
  Textarea,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons/svg/delete';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NOTE_MAX, type TicketNote } from '../../../../shared/notes';
import type { TicketDto } from '../../../../shared/tickets';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../runtime/services';
import { useToast } from '../../feedback/toast';
import { useLanguage } from '../../i18n/language';
import { format, useTexts } from '../../i18n/texts';
import { isAdmin } from '../../sign-in/me';
import { useMe } from '../../sign-in/me-context';
import { ConfirmDialog } from './ConfirmDialog';
import { formatDate, formatTime } from './dates';
import { noteProblem } from './note-rules';
import { addTicketNote, deleteTicketNote, useTicketNotes } from '../../api/ticket-notes';
import { conversationTexts } from './texts';

/** Spec 1 §2.8, §9. */
const NOTES_MAX_HEIGHT = '200px';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-end' },
  field: { alignSelf: 'stretch' },
  list: { maxHeight: NOTES_MAX_HEIGHT, overflowY: 'auto', margin: 0, padding: 0, listStyleType: 'none' },
  note: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  noteText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3 },
});

export function NotesDialog({ ticket, open, onClose }: { readonly ticket: TicketDto; readonly open: boolean; readonly onClose: () => void }) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).notes;
  const { language } = useLanguage();
  const toast = useToast();
  const me = useMe();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const notes = useTicketNotes(ticket, open);
  const [draft, setDraft] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<TicketNote | null>(null);
  const key = queryKeys.ticketNotes.ofTicket(ticket.id);

  // Each opening starts with an empty note (React's "adjust state when a prop changes" pattern).
  const [openSeen, setOpenSeen] = useState(false);
  if (open !== openSeen) {
    setOpenSeen(open);
    if (open) {
      setDraft('');
      setTried(false);
    }
  }

  const problem = noteProblem(draft);
  const problemText = problem === 'required' ? texts.required : problem === 'tooShort' ? texts.tooShort : problem === 'tooLong' ? texts.tooLong : undefined;

  const add = async () => {
    setTried(true);
    if (problem !== null) return;
    setBusy(true);
    try {
      const note = await addTicketNote(api, ticket, draft.trim());
      queryClient.setQueryData<TicketNote[]>(key, (list) => [note, ...(list ?? []).filter((known) => known.id !== note.id)]);
      setDraft('');
      setTried(false);
      toast.success(texts.added);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (note: TicketNote) => {
    try {
      await deleteTicketNote(api, note.id);
      queryClient.setQueryData<TicketNote[]>(key, (list) => (list ?? []).filter((known) => known.id !== note.id));
      toast.success(texts.deleted);
    } catch (error) {
      toast.error(error);
    }
  };

  const mayDelete = (note: TicketNote) => note.userId === me.user.id || isAdmin(me.user);

  return (
    <>
      <Dialog open={open && deleting === null} onOpenChange={(_, data) => !data.open && !busy && onClose()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{texts.title}</DialogTitle>
            <DialogContent className={styles.content}>
              <div className={styles.add}>
                <Field className={styles.field} validationMessage={tried ? problemText : undefined}>
                  <Textarea
                    value={draft}
                    rows={3}
                    resize="vertical"
                    maxLength={NOTE_MAX}
                    placeholder={texts.placeholder}
                    aria-label={texts.placeholder}
                    onChange={(_, data) => setDraft(data.value)}
                  />
                </Field>
                <Button appearance="primary" disabled={busy} onClick={() => void add()}>
                  {texts.add}
                </Button>
              </div>
              {notes.isPending && <Spinner size="tiny" />}
              {notes.data?.length === 0 && <Text className={styles.meta}>{texts.empty}</Text>}
              {notes.data !== undefined && notes.data.length > 0 && (
                <ul className={styles.list} aria-label={texts.title}>
                  {notes.data.map((note) => (
                    <li key={note.id} className={styles.note}>
                      <div className={styles.noteText}>
                        <Text>{note.note}</Text>
                        <Text size={200} className={styles.meta}>
                          {format(texts.byOn, { name: note.user.name, date: `${formatDate(note.createdAt, language)} ${formatTime(note.createdAt)}` })}
                        </Text>
                      </div>
                      {mayDelete(note) && (
                        <Tooltip content={texts.delete} relationship="label">
                          <Button appearance="subtle" size="small" icon={<Delete20Regular />} onClick={() => setDeleting(note)} />
                        </Tooltip>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {texts.close}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onConfirm={async () => {
          if (deleting) await remove(deleting);
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
