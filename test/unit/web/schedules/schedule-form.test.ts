/** The schedule dialog's rules (spec 2 §2, §4, §5): its default time, title, read-only state, body and image checks. */
import {
  emptyScheduleForm,
  imageProblem,
  isReadOnly,
  localInputValue,
  scheduleBody,
  scheduleTitle,
  ticketHolderOf,
} from '../../../../web/src/schedules/schedule-form';
import { ApiError } from '../../../../web/src/api/client';

describe('the schedule dialog', () => {
  it('proposes one hour from now for a new schedule', () => {
    const now = new Date(2026, 4, 1, 9, 15);
    expect(emptyScheduleForm(now).sendAt).toBe(localInputValue(new Date(2026, 4, 1, 10, 15)));
  });

  it("is titled 'Erro de Envio' for ERRO and by its status otherwise", () => {
    expect(scheduleTitle(undefined)).toEqual({ kind: 'new' });
    expect(scheduleTitle({ status: 'ERRO' })).toEqual({ kind: 'error' });
    expect(scheduleTitle({ status: 'PENDENTE' })).toEqual({ kind: 'status', status: 'PENDENTE' });
  });

  it('hides the submit once sent or while being sent', () => {
    expect(isReadOnly(undefined)).toBe(false);
    expect(isReadOnly({ sentAt: null, status: 'ERRO' })).toBe(false);
    expect(isReadOnly({ sentAt: null, status: 'AGENDADA' })).toBe(true);
    expect(isReadOnly({ sentAt: '2026-05-01T13:00:00.000Z', status: 'ENVIADA' })).toBe(true);
  });

  it('sends the local time as an ISO instant and the picked contact', () => {
    const body = scheduleBody({ contact: { id: 'c1', name: 'Maria' }, body: 'Olá {{name}}', sendAt: '2026-05-01T10:00', whatsappId: null, ticketId: null });
    expect(body).toEqual({ body: 'Olá {{name}}', contactId: 'c1', sendAt: new Date(2026, 4, 1, 10, 0).toISOString(), whatsappId: null, ticketId: null });
  });

  it('takes png, jpg and jpeg images only, up to the size the server takes', () => {
    expect(imageProblem({ name: 'foto.PNG', size: 10 })).toBeNull();
    expect(imageProblem({ name: 'foto.jpeg', size: 10 })).toBeNull();
    expect(imageProblem({ name: 'nota.pdf', size: 10 })).toBe('wrongType');
    expect(imageProblem({ name: 'foto.jpg', size: 50 * 1024 * 1024 })).toBe('tooBig');
  });

  it('names who attends the ticket a save was refused for, and nobody for other refusals', () => {
    const held = new ApiError(403, 'ERR_NO_PERMISSION', { error: 'ERR_NO_PERMISSION', details: { user: { id: 'u9', name: 'Bruno' } } });
    expect(ticketHolderOf(held)).toBe('Bruno');
    expect(ticketHolderOf(new ApiError(403, 'ERR_NO_PERMISSION', { error: 'ERR_NO_PERMISSION', message: 'Acesso não permitido' }))).toBeUndefined();
    expect(ticketHolderOf(new ApiError(404, 'ERR_NO_TICKET_FOUND', { details: { user: { id: 'u9', name: 'Bruno' } } }))).toBeUndefined();
    expect(ticketHolderOf(new Error('offline'))).toBeUndefined();
  });
});
