/** How the calendar tells a schedule's status apart (issue 27, point 6: sent and pending looked the same). */
import { SCHEDULE_STATUSES } from '../../../../shared/schedule-rules';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import { statusLook } from '../../../../web/src/schedules/schedule-status';
import { schedulesTexts } from '../../../../web/src/schedules/texts';

describe("a schedule's status on the calendar", () => {
  test('gives a pending schedule and a sent one different colours and different icons', () => {
    expect(statusLook('PENDENTE')).not.toEqual(statusLook('ENVIADA'));
    expect(statusLook('PENDENTE').icon).not.toBe(statusLook('ENVIADA').icon);
    expect(statusLook('PENDENTE').tone).not.toBe(statusLook('ENVIADA').tone);
  });

  test('gives every status an icon of its own, so colour is never the only sign', () => {
    const icons = SCHEDULE_STATUSES.map((status) => statusLook(status).icon);
    const tones = SCHEDULE_STATUSES.map((status) => statusLook(status).tone);

    expect(new Set(icons).size).toBe(SCHEDULE_STATUSES.length);
    expect(new Set(tones).size).toBe(SCHEDULE_STATUSES.length);
  });

  test('shows a sent schedule as success and a failed one as danger', () => {
    expect(statusLook('ENVIADA')).toEqual({ tone: 'success', icon: 'checkmark' });
    expect(statusLook('ERRO')).toEqual({ tone: 'danger', icon: 'error' });
    expect(statusLook('PENDENTE')).toEqual({ tone: 'brand', icon: 'clock' });
  });

  test.each(LANGUAGES)('names every status, each differently, in %s', (language) => {
    const names = SCHEDULE_STATUSES.map((status) => schedulesTexts[language].status[status]);

    expect(names.every((name) => name.trim() !== '')).toBe(true);
    expect(new Set(names).size).toBe(SCHEDULE_STATUSES.length);
  });

  test('names the calendar views in the interface language, not in English in Portuguese and Spanish', () => {
    expect([schedulesTexts.pt.calendar.month, schedulesTexts.pt.calendar.week, schedulesTexts.pt.calendar.day]).toEqual(['Mês', 'Semana', 'Dia']);
    expect([schedulesTexts.es.calendar.month, schedulesTexts.es.calendar.week, schedulesTexts.es.calendar.day]).toEqual(['Mes', 'Semana', 'Día']);
  });
});
