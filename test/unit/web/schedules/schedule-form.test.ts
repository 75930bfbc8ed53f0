/** The schedule dialog's rules (spec 2 §2, §4, §5): its default time, title, read-only state, body and image checks. */
import { SCHEDULE_BODY_WITH_TEMPLATE } from '../../../../shared/scheduled-messages';
import { schedulesTexts } from '../../../../web/src/schedules/texts';
import {
  chosenTemplate,
  emptyScheduleForm,
  offersTemplates,
  scheduleFieldMessage,
  scheduleSchema,
  withConnection,
  withTemplate,
  withTemplateVariable,
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
    const body = scheduleBody({ contact: { id: 'c1', name: 'Maria' }, body: 'Olá {{name}}', sendAt: '2026-05-01T10:00', whatsappId: null, ticketId: null, template: null });
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

describe("the schedule dialog's template (issue 32)", () => {
  const values = { ...emptyScheduleForm(new Date(2026, 4, 1, 9, 0), { id: 'c1', name: ' Maria ' }), body: 'Texto digitado antes', whatsappId: 'W1' };
  const approved = { id: '1', name: 'retomar_atendimento', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', header: null, body: 'Olá {{1}}, podemos continuar {{2}}?', footer: null, variables: 2 } as const;

  it('is offered only when the chosen connection is a Cloud API one', () => {
    const connections = [
      { id: 'W1', provider: 'cloud' },
      { id: 'W2', provider: 'beta' },
    ] as const;
    expect(offersTemplates('W1', connections)).toBe(true);
    expect(offersTemplates('W2', connections)).toBe(false);
    expect(offersTemplates(null, connections)).toBe(false);
    expect(offersTemplates('W1', undefined)).toBe(false);
  });

  it("starts a chosen template's variables with the contact's name first, and takes what is typed in each", () => {
    const chosen = { ...values, ...withTemplate(values, approved) };
    expect(chosen.template).toEqual({ name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria', ''] });
    expect(withTemplateVariable(chosen, 1, 'hoje').template).toEqual({ name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria', 'hoje'] });
    expect(withTemplate(chosen, null)).toEqual({ template: null });
  });

  it('sends the template without the text typed before, which the server would refuse beside it', () => {
    const chosen = { ...values, template: { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria', 'hoje'] } };
    const body = scheduleBody(chosen);
    expect(body).toMatchObject({ body: '', template: chosen.template, whatsappId: 'W1' });
    expect(scheduleSchema.safeParse(body).success).toBe(true);
    expect(scheduleBody(values)).not.toHaveProperty('template');
  });

  it('shows a missing variable on its own field, in the schema the server checks', () => {
    const missing = scheduleSchema.safeParse(scheduleBody({ ...values, template: { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria', ''] } }));
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['template.variables.1']);
  });

  it('drops the template when another connection is chosen, and keeps it on the same one', () => {
    const chosen = { ...values, template: { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria', 'hoje'] } };
    expect(withConnection(chosen, 'W2')).toEqual({ whatsappId: 'W2', template: null });
    expect(withConnection(chosen, 'W1')).toEqual({ whatsappId: 'W1', template: chosen.template });
  });

  it('finds the chosen template among those the connection has approved, or says it is gone', () => {
    expect(chosenTemplate({ name: 'retomar_atendimento', language: 'pt_BR', variables: [] }, [approved])).toBe(approved);
    expect(chosenTemplate({ name: 'retomar_atendimento', language: 'en_US', variables: [] }, [approved])).toBeUndefined();
    expect(chosenTemplate(null, [approved])).toBeUndefined();
  });

  it('names the text-beside-a-template message in every language', () => {
    expect(scheduleFieldMessage(SCHEDULE_BODY_WITH_TEMPLATE)).toEqual({ key: 'bodyWithTemplate' });
    for (const language of ['pt', 'en', 'es'] as const) expect(schedulesTexts[language].fieldMessages.bodyWithTemplate).not.toBe('');
  });
});
