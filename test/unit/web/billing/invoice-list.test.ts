/**
 * The invoices as the screens show them (spec 3 §4, §9; checklist, C-245): the value in
 * reais, the status words in each language, which rows may be paid, and the open invoice the
 * subscription page pays.
 */
import type { Invoice } from '../../../../shared/billing';
import { canPayInvoice, formatPixAmount, formatReais, invoicesOf, openInvoiceOf, shownInvoiceStatus } from '../../../../web/src/billing/invoice-list';
import { billingTexts } from '../../../../web/src/billing/texts';
import { textsIn } from '../../../../web/src/i18n/texts';

/** Intl writes a no-break space after 'R$'; the tests read it as a space. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const invoice = (overrides: Partial<Invoice>): Invoice => ({
  id: '1',
  detail: 'Plano Team: 03/12/2026 a 03/01/2027',
  value: 249,
  dueDate: '2026-12-03',
  status: 'open',
  planId: 'P1',
  companyId: 'C1',
  createdAt: '2026-11-23T00:00:00.000Z',
  paidAt: null,
  ...overrides,
});

describe('the value of an invoice', () => {
  test('is written in reais as the spec writes it: R$ 249,00', () => {
    expect(plain(formatReais(249))).toBe('R$ 249,00');
    expect(plain(formatReais(1490.5))).toBe('R$ 1.490,50');
  });

  test('of a PIX charge is read from its two-decimal text', () => {
    expect(plain(formatPixAmount('249.00'))).toBe('R$ 249,00');
    expect(formatPixAmount('')).toBe('');
    expect(formatPixAmount('abc')).toBe('');
  });
});

describe('the status an invoice shows', () => {
  const today = '2026-12-03';

  test('is Pago for a paid invoice, even past its due date', () => {
    expect(shownInvoiceStatus(invoice({ status: 'paid', dueDate: '2026-11-01' }), today)).toBe('paid');
  });

  test('is Vencido for an unpaid invoice due before today', () => {
    expect(shownInvoiceStatus(invoice({ dueDate: '2026-12-02' }), today)).toBe('overdue');
  });

  test('is Em Aberto for an unpaid invoice due today or later', () => {
    expect(shownInvoiceStatus(invoice({ dueDate: today }), today)).toBe('open');
    expect(shownInvoiceStatus(invoice({ dueDate: '2026-12-04' }), today)).toBe('open');
  });

  test('reads in the spec’s words in Portuguese, and in English and Spanish', () => {
    expect(textsIn(billingTexts, 'pt').status).toEqual({ paid: 'Pago', overdue: 'Vencido', open: 'Em Aberto' });
    expect(textsIn(billingTexts, 'en').status).toEqual({ paid: 'Paid', overdue: 'Overdue', open: 'Open' });
    expect(textsIn(billingTexts, 'es').status).toEqual({ paid: 'Pagada', overdue: 'Vencida', open: 'Pendiente' });
  });

  test('heads a table titled Faturas with a Pagar button', () => {
    expect(textsIn(billingTexts, 'pt').page.title).toBe('Faturas');
    expect(textsIn(billingTexts, 'pt').table.pay).toBe('Pagar');
  });
});

describe('which invoices may be paid', () => {
  test('offers the pay action only for an invoice not paid', () => {
    expect(canPayInvoice(invoice({ status: 'open' }))).toBe(true);
    expect(canPayInvoice(invoice({ status: 'paid' }))).toBe(false);
  });

  test('pays from the subscription page the first unpaid invoice of the list (newest due date first)', () => {
    const pages = [
      { records: [invoice({ id: '3', status: 'paid' }), invoice({ id: '2' })], count: 3, hasMore: true },
      { records: [invoice({ id: '1' })], count: 3, hasMore: false },
    ];

    expect(invoicesOf(pages).map((each) => each.id)).toEqual(['3', '2', '1']);
    expect(openInvoiceOf(invoicesOf(pages))?.id).toBe('2');
  });

  test('finds no open invoice when every one is paid, or none is loaded', () => {
    expect(openInvoiceOf([invoice({ status: 'paid' })])).toBeUndefined();
    expect(invoicesOf(undefined)).toEqual([]);
  });
});
