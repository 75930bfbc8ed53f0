/** Send times of scheduled messages (spec 2 §7; issue: 'YYYY-MM-DD HH:mm:ss' on the company's clock, or ISO 8601 with an offset). */
import { CreateScheduleBody, isScheduleEditable, parseSendAt, SCHEDULE_BODY_WITH_TEMPLATE } from '../../../shared/scheduled-messages';

describe('parseSendAt', () => {
  it("reads 'YYYY-MM-DD HH:mm:ss' on Brasília's clock (UTC-3)", () => {
    expect(parseSendAt('2026-05-01 10:00:00')?.toISOString()).toBe('2026-05-01T13:00:00.000Z');
    expect(parseSendAt('2026-12-31 23:30')?.toISOString()).toBe('2027-01-01T02:30:00.000Z');
    // A zoneless ISO date-time (a `datetime-local` value) is read on the same clock.
    expect(parseSendAt('2026-05-01T10:00')?.toISOString()).toBe('2026-05-01T13:00:00.000Z');
  });

  it('reads ISO 8601 with its offset or Z', () => {
    expect(parseSendAt('2026-05-01T10:00:00-03:00')?.toISOString()).toBe('2026-05-01T13:00:00.000Z');
    expect(parseSendAt('2026-05-01T10:00:00.250Z')?.toISOString()).toBe('2026-05-01T10:00:00.250Z');
  });

  it('refuses impossible dates and times and other text', () => {
    expect(parseSendAt('2026-02-30 10:00:00')).toBeUndefined();
    expect(parseSendAt('2026-05-01 24:00:00')).toBeUndefined();
    expect(parseSendAt('amanhã')).toBeUndefined();
  });
});

describe('the schedule body', () => {
  it("answers the spec's messages", () => {
    const result = CreateScheduleBody.safeParse({ body: 'oi', contactId: '', sendAt: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ body: 'Mensagem muito curta', contactId: 'Obrigatório', sendAt: 'Obrigatório' });
  });

  it('takes a template instead of the text, which may then be absent or empty but not written', () => {
    const base = { contactId: 'c1', sendAt: '2026-05-01T10:00:00Z' };
    const template = { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria'] };
    expect(CreateScheduleBody.parse({ ...base, template })).toMatchObject({ body: '', template });
    expect(CreateScheduleBody.parse({ ...base, body: '  ', template })).toMatchObject({ body: '', template });
    const written = CreateScheduleBody.safeParse({ ...base, body: 'Olá, tudo bem?', template });
    expect(written.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['body', SCHEDULE_BODY_WITH_TEMPLATE]]);
    expect(CreateScheduleBody.parse({ ...base, body: 'Olá, tudo bem?' })).toMatchObject({ body: 'Olá, tudo bem?', template: null });
    expect(CreateScheduleBody.safeParse(base).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['body', 'Obrigatório']]);
  });

  it("refuses a template the server's template schema refuses, naming its field", () => {
    const base = { contactId: 'c1', sendAt: '2026-05-01T10:00:00Z' };
    for (const template of [{ name: 'Com Espaço', language: 'pt_BR' }, { name: 'ok', language: 'portugues' }, { name: 'ok', language: 'pt_BR', variables: [''] }, 'ok']) {
      const result = CreateScheduleBody.safeParse({ ...base, template });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe('template');
    }
  });

  it('is editable until it is sent or being sent', () => {
    expect(isScheduleEditable({ sentAt: null, status: 'PENDENTE' })).toBe(true);
    expect(isScheduleEditable({ sentAt: null, status: 'ERRO' })).toBe(true);
    expect(isScheduleEditable({ sentAt: null, status: 'AGENDADA' })).toBe(false);
    expect(isScheduleEditable({ sentAt: '2026-05-01T13:00:00.000Z', status: 'ENVIADA' })).toBe(false);
  });
});
