/** The work-hours tab: the default week of a new queue, a stored week's rows, the HH:MM mask and which times the form takes. */
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { emptyQueueForm, queueFormBody, queueFormSchema } from '../../../../web/src/queues/queue-form';
import { defaultWeek, isClosed, isTime, maskTime, weekOf } from '../../../../web/src/components/work-hours';

describe('the week of a new queue', () => {
  it('is Monday to Friday 08:00-18:00, Saturday 08:00-12:00 and Sunday closed at 00:00-00:00 (spec 3 §9)', () => {
    expect(defaultWeek()).toEqual([
      { weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
      { weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
    ]);
    expect(defaultWeek().map(isClosed)).toEqual([false, false, false, false, false, false, true]);
  });

  it('is what the new-queue form starts with', () => {
    expect(emptyQueueForm([]).schedules).toEqual(defaultWeek());
  });
});

describe("a stored queue's week", () => {
  it('shows the seven weekdays Monday first, a day missing from it closed', () => {
    const week = weekOf([
      { weekdayEn: 'friday', startTime: '09:00', endTime: '17:00' },
      { weekdayEn: 'monday', startTime: '07:30', endTime: '12:00' },
    ]);

    expect(week.map((day) => day.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(week[0]).toEqual({ weekdayEn: 'monday', startTime: '07:30', endTime: '12:00' });
    expect(week[1]).toEqual({ weekdayEn: 'tuesday', startTime: '00:00', endTime: '00:00' });
    expect(week[4]).toEqual({ weekdayEn: 'friday', startTime: '09:00', endTime: '17:00' });
  });
});

describe('the HH:MM mask', () => {
  it.each([
    ['0', '0'],
    ['08', '08'],
    ['083', '08:3'],
    ['0830', '08:30'],
    ['08:30', '08:30'],
    ['08305', '08:30'],
    ['8h30', '83:0'],
    ['ab', ''],
  ])('turns %p into %p', (typed, shown) => {
    expect(maskTime(typed)).toBe(shown);
  });
});

describe('the times the work-hours tab takes', () => {
  it.each(['00:00', '08:30', '23:59'])('takes %s', (time) => {
    expect(isTime(time)).toBe(true);
  });

  it.each(['24:00', '12:60', '8:30', '08:3', '', '0830'])('refuses %p', (time) => {
    expect(isTime(time)).toBe(false);
  });

  it("shows the server's messages on the day's field: a malformed time, and an end before the start", () => {
    const form = emptyQueueForm([]);
    const schedules = form.schedules.map((day, index) =>
      index === 0 ? { ...day, startTime: '08:3' } : index === 1 ? { ...day, startTime: '18:00', endTime: '08:00' } : day,
    );

    const messages = schemaFieldMessages(queueFormSchema(false), queueFormBody({ ...form, name: 'Vendas', schedules }));

    expect(messages).toEqual({ 'schedules.0.startTime': 'Invalid time (HH:MM)', 'schedules.1.endTime': 'End time must not be before start time' });
  });
});
