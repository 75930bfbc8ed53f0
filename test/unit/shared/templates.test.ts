/** Message templates and the company's clock: variables filled in, greetings by the hour of Brasília. */
import { addDays, companyClock, companyDay, companyHour, dayBounds, dayStart, daysFrom, isDay } from '../../../shared/company-time';
import { greetingOfHour, renderTemplate, ticketProtocol, usesTemplateVariable } from '../../../shared/templates';

/** 14:30 in São Paulo is 17:30 UTC (UTC-3, no daylight saving since 2019). */
const afternoon = new Date('2025-06-02T17:30:05.000Z');

describe('renderTemplate', () => {
  it('fills firstName, name, ms, protocol and hora in, with spaces inside the braces allowed', () => {
    const text = renderTemplate('{{ms}} {{firstName}}! ({{ name }}) protocolo {{protocol}} às {{hora}}', {
      contactName: '  Maria Clara Souza ',
      protocol: '20250602ABC123',
      now: afternoon,
    });

    expect(text).toBe('Boa tarde Maria! (Maria Clara Souza) protocolo 20250602ABC123 às 14:30:05');
  });

  it('leaves {{protocol}} as written when the protocol is not known where the text is filled', () => {
    expect(renderTemplate('{{name}}: {{protocol}}', { contactName: 'Ana', protocol: null, now: afternoon })).toBe('Ana: {{protocol}}');
  });

  it('leaves unknown variables as written and replaces every occurrence of known ones', () => {
    expect(renderTemplate('{{nome}} {{name}} {{name}}', { contactName: 'Ana', protocol: '', now: afternoon })).toBe('{{nome}} Ana Ana');
  });
});

describe('greetingOfHour', () => {
  it.each([
    ['04:59', '2025-06-02T07:59:00.000Z', 'Boa noite'],
    ['05:00', '2025-06-02T08:00:00.000Z', 'Bom dia'],
    ['11:59', '2025-06-02T14:59:00.000Z', 'Bom dia'],
    ['12:00', '2025-06-02T15:00:00.000Z', 'Boa tarde'],
    ['17:59', '2025-06-02T20:59:00.000Z', 'Boa tarde'],
    ['18:00', '2025-06-02T21:00:00.000Z', 'Boa noite'],
    ['23:30', '2025-06-03T02:30:00.000Z', 'Boa noite'],
  ])('greets at %s company time with the right words', (_time, instant, greeting) => {
    expect(greetingOfHour(new Date(instant))).toBe(greeting);
  });
});

describe('ticketProtocol', () => {
  it("is the ticket's number in its company, as a customer reads it out", () => {
    expect(ticketProtocol({ number: 123 })).toBe('123');
    expect(renderTemplate('Protocolo {{protocol}}', { contactName: 'Ana', protocol: ticketProtocol({ number: 7 }), now: afternoon })).toBe('Protocolo 7');
  });

  it('is empty for a ticket that has no number yet', () => {
    expect(ticketProtocol({ number: null })).toBe('');
    expect(ticketProtocol({})).toBe('');
  });
});

describe('usesTemplateVariable', () => {
  it('finds a variable only where it is written as one', () => {
    expect(usesTemplateVariable('Seu protocolo: {{ protocol }}', 'protocol')).toBe(true);
    expect(usesTemplateVariable('Seu protocolo chega por email {{name}}', 'protocol')).toBe(false);
  });
});

describe('the company clock', () => {
  it('reads days, hours and times in Brasília time', () => {
    const lateEvening = new Date('2025-06-03T02:30:00.000Z');

    expect(companyDay(lateEvening)).toBe('2025-06-02');
    expect(companyHour(lateEvening)).toBe(23);
    expect(companyClock(lateEvening)).toBe('23:30:00');
  });

  it('bounds a company day in UTC instants', () => {
    expect(dayStart('2025-06-02').toISOString()).toBe('2025-06-02T03:00:00.000Z');
    expect(dayBounds('2025-06-02')).toEqual({ first: '2025-06-02T03:00:00.000Z', last: '2025-06-03T02:59:59.999Z' });
  });

  it('walks days across month ends and checks calendar dates', () => {
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(daysFrom('2024-12-30', '2025-01-02')).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
    expect(daysFrom('2025-01-02', '2025-01-01')).toEqual([]);
    expect([isDay('2024-02-29'), isDay('2025-02-29'), isDay('2025-2-01'), isDay('x')]).toEqual([true, false, false, false]);
  });
});
