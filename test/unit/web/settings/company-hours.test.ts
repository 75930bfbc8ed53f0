/** The Horários tab: a new company's empty week, the body it sends, and the schema's messages. */
import { CompanySchedulesBody } from '../../../../shared/companies';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { companyHoursBody, companyHoursMessage, companyHoursOf } from '../../../../web/src/settings/company-hours';

describe('the company work hours form', () => {
  it('shows a company without hours as seven closed days, Monday first', () => {
    const { schedules } = companyHoursOf([]);
    expect(schedules.map((day) => day.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(schedules.every((day) => day.startTime === '00:00' && day.endTime === '00:00')).toBe(true);
  });

  it('shows a stored day with its hours and the others closed', () => {
    const { schedules } = companyHoursOf([{ weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' }]);
    expect(schedules[0]).toEqual({ weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' });
    expect(schedules[1]).toEqual({ weekdayEn: 'tuesday', startTime: '00:00', endTime: '00:00' });
  });

  it('sends every day, which the server’s schedule schema takes', () => {
    const body = companyHoursBody(companyHoursOf([{ weekdayEn: 'friday', startTime: '08:00', endTime: '12:00' }]));
    expect(body.schedules).toHaveLength(7);
    expect(schemaFieldMessages(CompanySchedulesBody, body)).toEqual({});
  });

  it('refuses a half-typed time and an end before the start, under the day’s field', () => {
    const values = companyHoursOf([]);
    const typed = { schedules: values.schedules.map((day, at) => (at === 0 ? { ...day, startTime: '09:3' } : at === 1 ? { ...day, startTime: '10:00', endTime: '09:00' } : day)) };
    const messages = schemaFieldMessages(CompanySchedulesBody, companyHoursBody(typed));
    expect(companyHoursMessage(messages['schedules.0.startTime'])).toEqual({ key: 'invalidTime' });
    expect(companyHoursMessage(messages['schedules.1.endTime'])).toEqual({ key: 'endBeforeStart' });
  });

  it('shows a message it has no words for as the server wrote it', () => {
    expect(companyHoursMessage('Something new')).toEqual({ text: 'Something new' });
    expect(companyHoursMessage(undefined)).toBeUndefined();
  });
});
