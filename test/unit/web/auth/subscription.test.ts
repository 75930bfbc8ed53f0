import { daysLeftToWarn, expiredDueDate, expiredSubscriptionMessage, formatDueDate, utcToday } from '../../../../web/src/auth/subscription';
import { loginTexts } from '../../../../web/src/public/login-texts';

describe('daysLeftToWarn', () => {
  const today = '2025-03-10';

  test.each([
    ['2025-03-14', 4],
    ['2025-03-11', 1],
    ['2025-03-10', 0],
  ])('warns when the due date %s leaves %i days', (dueDate, days) => {
    expect(daysLeftToWarn(dueDate, today)).toBe(days);
  });

  test.each(['2025-03-15', '2025-03-20', '2025-03-09'])('says nothing for a due date of %s', (dueDate) => {
    expect(daysLeftToWarn(dueDate, today)).toBeUndefined();
  });

  test.each([null, undefined, '', '10/03/2025'])('says nothing without a usable due date (%p)', (dueDate) => {
    expect(daysLeftToWarn(dueDate, today)).toBeUndefined();
  });

  test('counts across a month end', () => {
    expect(daysLeftToWarn('2025-03-02', '2025-02-27')).toBe(3);
  });
});

describe('utcToday', () => {
  test('counts the day in UTC, like the server', () => {
    expect(utcToday(new Date('2025-03-10T23:30:00-03:00'))).toBe('2025-03-11');
  });
});

describe('expiredDueDate', () => {
  test('reads the due date of an ERR_SUBSCRIPTION_EXPIRED answer', () => {
    expect(expiredDueDate({ error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: '2025-03-09' } })).toBe('2025-03-09');
  });

  test.each([undefined, null, 'x', { error: 'ERR_SUBSCRIPTION_EXPIRED' }, { details: { dueDate: 42 } }, { details: { dueDate: 'yesterday' } }])(
    'answers nothing for a body without a due date (%p)',
    (body) => {
      expect(expiredDueDate(body)).toBeUndefined();
    },
  );
});

describe('formatDueDate', () => {
  test('writes DD/MM/YYYY, MM/DD/YYYY in the English interface (issue 27)', () => {
    expect(formatDueDate('2025-03-09', 'pt')).toBe('09/03/2025');
    expect(formatDueDate('2025-03-09', 'es')).toBe('09/03/2025');
    expect(formatDueDate('2025-03-09', 'en')).toBe('03/09/2025');
  });
});

describe('expiredSubscriptionMessage', () => {
  test("says spec 1 §4.4's words with the due date of the refusal as DD/MM/YYYY", () => {
    // Act
    const text = expiredSubscriptionMessage(loginTexts.pt, { error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: '2025-03-09' } }, 'pt');

    // Assess
    expect(text).toBe('Opss! Sua assinatura venceu 09/03/2025. Entre em contato com o Suporte para mais informações!');
  });

  test('says it without a date when the answer carries none', () => {
    expect(expiredSubscriptionMessage(loginTexts.en, { error: 'ERR_SUBSCRIPTION_EXPIRED' }, 'en')).toBe(loginTexts.en.subscriptionExpiredUndated);
  });
});
