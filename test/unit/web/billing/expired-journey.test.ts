/**
 * The expired journey's rules (spec 1 §4.4, checklist C-133): an ERR_SUBSCRIPTION_EXPIRED answer that
 * says `canPay` (the company's admins) lets the login offer 'Pagar fatura', and that one refusal, and
 * no other, is what the sign-in to pay lets through.
 */
import { expiredCanPay, isPayableExpiry } from '../../../../web/src/auth/subscription';
import { loginTexts } from '../../../../web/src/public/login-texts';
import { INVOICES_PAGE_PATH } from '../../../../web/src/runtime/paths';
import { textsIn } from '../../../../web/src/i18n/texts';

const refusal = (details: unknown, code = 'ERR_SUBSCRIPTION_EXPIRED') => ({ code, body: { error: code, details } });

describe('whether an expired subscription may be paid', () => {
  test('is yes when the answer says canPay', () => {
    expect(expiredCanPay({ error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: '2026-03-01', canPay: true } })).toBe(true);
  });

  test.each([
    ['canPay false', { details: { dueDate: '2026-03-01', canPay: false } }],
    ['no canPay', { details: { dueDate: '2026-03-01' } }],
    ['canPay not a boolean', { details: { canPay: 'true' } }],
    ['no details', { error: 'ERR_SUBSCRIPTION_EXPIRED' }],
    ['no body', undefined],
  ])('is no with %s', (_, body) => {
    expect(expiredCanPay(body)).toBe(false);
  });
});

describe('the refusal a sign-in to pay lets through', () => {
  test('is the expiry of a caller who may pay', () => {
    expect(isPayableExpiry(refusal({ dueDate: '2026-03-01', canPay: true }))).toBe(true);
  });

  test('is not the expiry of a caller who may not pay (a non-admin still only reads the refusal)', () => {
    expect(isPayableExpiry(refusal({ dueDate: '2026-03-01', canPay: false }))).toBe(false);
  });

  test('is no other error, even one carrying canPay', () => {
    expect(isPayableExpiry(refusal({ canPay: true }, 'ERR_SESSION_EXPIRED'))).toBe(false);
    expect(isPayableExpiry(new Error('ERR_SUBSCRIPTION_EXPIRED'))).toBe(false);
    expect(isPayableExpiry(undefined)).toBe(false);
  });

  test('leads to the invoices, offered as Pagar fatura', () => {
    expect(INVOICES_PAGE_PATH).toBe('/financeiro');
    expect(textsIn(loginTexts, 'pt').payInvoice).toBe('Pagar fatura');
  });
});
