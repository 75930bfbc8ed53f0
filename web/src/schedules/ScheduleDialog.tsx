/**
 * The schedule dialog (spec 2 §2): a new schedule (for a contact when one is given, e.g. from the
 * contacts page or a ticket), or an existing one loaded fresh (a cached copy may predate a send).
 */
import { useState } from 'react';
import { useSchedule } from '../api/schedules';
import { FormDialog, FormDialogLoading } from '../components/FormDialog';
import { useTexts } from '../i18n/texts';
import { emptyScheduleForm, scheduleFormOf, type ScheduleFormValues } from './schedule-form';
import { ScheduleForm } from './ScheduleForm';
import { schedulesTexts } from './texts';

export type ScheduleDialogState =
  | { readonly mode: 'closed' }
  | { readonly mode: 'create'; readonly contact: ScheduleFormValues['contact']; readonly ticketId: string | null }
  | { readonly mode: 'edit'; readonly id: string };

export interface ScheduleDialogProps {
  readonly state: ScheduleDialogState;
  readonly onClose: () => void;
}

export function ScheduleDialog({ state, onClose }: ScheduleDialogProps) {
  return (
    <FormDialog open={state.mode !== 'closed'} onClose={onClose}>
      {state.mode === 'create' && <NewSchedule contact={state.contact} ticketId={state.ticketId} onClose={onClose} />}
      {state.mode === 'edit' && <EditSchedule key={state.id} scheduleId={state.id} onClose={onClose} />}
    </FormDialog>
  );
}

function NewSchedule({ contact, ticketId, onClose }: { readonly contact: ScheduleFormValues['contact']; readonly ticketId: string | null; readonly onClose: () => void }) {
  // One hour from the moment the dialog opened (spec 2 §4).
  const [initial] = useState(() => emptyScheduleForm(new Date(), contact, ticketId));
  return <ScheduleForm initial={initial} onClose={onClose} />;
}

function EditSchedule({ scheduleId, onClose }: { readonly scheduleId: string; readonly onClose: () => void }) {
  const texts = useTexts(schedulesTexts);
  const schedule = useSchedule(scheduleId);
  // The form starts from the schedule as first loaded; a later realtime update must not wipe what is typed.
  if (schedule.data !== undefined && (schedule.isFetchedAfterMount || schedule.isError)) {
    return <ScheduleForm initial={scheduleFormOf(schedule.data)} editing={schedule.data} onClose={onClose} />;
  }
  return (
    <FormDialogLoading
      title={texts.dialog.loading}
      failed={schedule.isError}
      labels={{ loading: texts.dialog.loading, loadError: texts.dialog.loadError, close: texts.dialog.cancel }}
      onClose={onClose}
    />
  );
}
