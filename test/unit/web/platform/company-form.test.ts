/** The Empresas tab: the due-date row colour, the move by the recurrence, and the company form's body. */
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import {
  companyBody,
  companyFormOf,
  companyRowColour,
  companySchema,
  emptyCompanyForm,
  localToday,
  movedDueDate,
  recurrenceChoices,
  shownDate,
} from '../../../../web/src/platform/company-form';

const TODAY = '2026-03-10';

describe('the due-date row colour', () => {
  it.each([
    ['2026-03-06', 'red'],
    ['2026-03-07', 'orange'],
    ['2026-03-10', 'orange'],
    ['2026-03-14', 'orange'],
    ['2026-03-15', 'yellow'],
  ] as const)('colours a company due on %s %s', (dueDate, colour) => {
    expect(companyRowColour({ dueDate }, TODAY)).toBe(colour);
  });

  it.each(['2026-03-05', '2026-03-16', null])('leaves a company due on %s uncoloured', (dueDate) => {
    expect(companyRowColour({ dueDate }, TODAY)).toBeNull();
  });
});

describe('moving the due date by the recurrence', () => {
  it('adds one month for MENSAL, keeping the day', () => {
    expect(movedDueDate({ dueDate: '2026-01-10', recurrence: 'MENSAL' }, TODAY)).toBe('2026-02-10');
  });

  it('adds 2, 3, 6 and 12 months for the other recurrences', () => {
    expect(movedDueDate({ dueDate: '2026-01-10', recurrence: 'BIMESTRAL' }, TODAY)).toBe('2026-03-10');
    expect(movedDueDate({ dueDate: '2026-01-10', recurrence: 'TRIMESTRAL' }, TODAY)).toBe('2026-04-10');
    expect(movedDueDate({ dueDate: '2026-01-10', recurrence: 'SEMESTRAL' }, TODAY)).toBe('2026-07-10');
    expect(movedDueDate({ dueDate: '2026-01-10', recurrence: 'ANUAL' }, TODAY)).toBe('2027-01-10');
  });

  it('ends on the last day of a shorter month rather than spilling into the next', () => {
    expect(movedDueDate({ dueDate: '2026-01-31', recurrence: 'MENSAL' }, TODAY)).toBe('2026-02-28');
  });

  it('starts from today for a company without a due date', () => {
    expect(movedDueDate({ dueDate: null, recurrence: 'MENSAL' }, TODAY)).toBe('2026-04-10');
  });
});

describe('the company form', () => {
  const filled = { ...emptyCompanyForm('01J0000000000000000000PLAN'), name: 'Loja Nova', email: 'loja@nova.test', password: 'Secret@123' };

  it('sends an empty or invalid due date as null', () => {
    expect(companyBody({ ...filled, dueDate: '' }, true).dueDate).toBeNull();
    expect(companyBody({ ...filled, dueDate: '2026-02-30' }, true).dueDate).toBeNull();
    expect(companyBody({ ...filled, dueDate: '2026-02-28' }, true).dueDate).toBe('2026-02-28');
  });

  it('sends the admin password on creation only', () => {
    expect(companyBody(filled, true).password).toBe('Secret@123');
    expect(companyBody(filled, false)).not.toHaveProperty('password');
  });

  it('is taken by the server’s schema when filled, and refused without email or plan', () => {
    expect(schemaFieldMessages(companySchema(true), companyBody(filled, true))).toEqual({});
    const messages = schemaFieldMessages(companySchema(true), companyBody({ ...filled, email: '', planId: '' }, true));
    expect(Object.keys(messages)).toEqual(expect.arrayContaining(['email', 'planId']));
  });

  it('carries the billing address from the listed company into the body, empty fields as empty texts', () => {
    const values = companyFormOf({
      id: 'c1',
      name: 'Loja Nova',
      email: 'loja@nova.test',
      phone: '',
      planId: 'p1',
      planName: 'Basic',
      status: true,
      dueDate: null,
      recurrence: 'MENSAL',
      campaignsEnabled: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      billingName: 'Loja Nova Ltda',
      document: '',
      addressZipCode: '',
      addressStreet: '',
      addressDistrict: '',
      addressCity: 'Recife',
      addressState: 'PE',
    });
    expect(companyBody(values, false)).toMatchObject({ billingName: 'Loja Nova Ltda', document: '', addressCity: 'Recife', addressState: 'PE', addressZipCode: '', addressStreet: '', addressDistrict: '' });
    expect(schemaFieldMessages(companySchema(false), companyBody({ ...values, addressZipCode: '50<000>' }, false))).toEqual({ addressZipCode: 'Invalid zip code' });
    expect(schemaFieldMessages(companySchema(false), companyBody({ ...values, document: '123.456.789-00' }, false))).toEqual({ document: 'CPF ou CNPJ inválido' });
    expect(schemaFieldMessages(companySchema(false), companyBody({ ...values, document: '529.982.247-25' }, false))).toEqual({});
  });

  it('offers only MENSAL, and keeps another stored recurrence offered', () => {
    expect(recurrenceChoices('MENSAL')).toEqual(['MENSAL']);
    expect(recurrenceChoices('ANUAL')).toEqual(['MENSAL', 'ANUAL']);
  });

  it('writes dates as DD/MM/YYYY and today in the browser’s calendar', () => {
    expect(shownDate('2026-02-05', 'pt')).toBe('05/02/2026');
    expect(shownDate(null, 'pt')).toBe('');
    expect(localToday(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});
