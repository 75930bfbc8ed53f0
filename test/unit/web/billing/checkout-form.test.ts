/**
 * The checkout's Dados step without React (spec 3 §3, §5; checklist ): its values
 * prefilled from the company's billing data, the full name split in two, the body POST /subscription
 * takes (never a card field), the spec's messages from the server's own schema on the step's fields,
 * and their translations.
 */
import { CHECKOUT_COUNTRIES, CHECKOUT_MESSAGES, type BillingDetails } from '../../../../shared/billing';
import {
  addressLine,
  checkoutBody,
  checkoutBodyInput,
  checkoutFieldMessages,
  checkoutFieldOf,
  checkoutMessages,
  checkoutValuesOf,
  shownCheckoutMessage,
  splitFullName,
  type CheckoutValues,
} from '../../../../web/src/billing/checkout-form';
import { billingTexts } from '../../../../web/src/billing/texts';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import { textsIn } from '../../../../web/src/i18n/texts';

const details: BillingDetails = {
  billingName: 'Maria da Silva',
  email: 'financeiro@loja.test',
  document: '52998224725',
  addressStreet: 'Rua das Flores, 10',
  addressCity: 'Recife',
  addressState: 'PE',
  addressZipCode: '50000-000',
  dueDate: '2026-12-03',
  trialExpiration: null,
  planId: 'P1',
  provider: 'simulator',
};

const filled: CheckoutValues = { ...checkoutValuesOf(details), country: 'BR' };

describe('the Dados step as it opens', () => {
  test('starts from the company’s billing data, the document punctuated, the box to save them ticked', () => {
    expect(checkoutValuesOf(details)).toEqual({
      fullName: 'Maria da Silva',
      document: '529.982.247-25',
      address: 'Rua das Flores, 10',
      city: 'Recife',
      state: 'PE',
      zipcode: '50000-000',
      country: '',
      saveAsCompanyData: true,
    });
  });

  test('starts empty for a company without billing data', () => {
    expect(checkoutValuesOf(undefined)).toMatchObject({ fullName: '', document: '', address: '', city: '', zipcode: '', country: '' });
  });

  test('offers exactly Brasil and Estados Unidos', () => {
    expect(CHECKOUT_COUNTRIES).toEqual(['BR', 'US']);
    expect(textsIn(billingTexts, 'pt').checkout.countries).toEqual({ BR: 'Brasil', US: 'Estados Unidos' });
  });
});

describe('the full name', () => {
  test.each([
    ['Maria da Silva', 'Maria', 'da Silva'],
    ['  Maria   da  Silva ', 'Maria', 'da Silva'],
    ['Maria', 'Maria', ''],
    ['', '', ''],
  ])('%p is sent as first name %p and last name %p', (fullName, firstName, lastName) => {
    expect(splitFullName(fullName)).toEqual({ firstName, lastName });
  });
});

describe('the body of POST /subscription', () => {
  test('carries the step’s data, the plan and the invoice, the document as digits', () => {
    expect(checkoutBody(filled, 'P2', '7')).toEqual({
      firstName: 'Maria',
      lastName: 'da Silva',
      address2: 'Rua das Flores, 10',
      city: 'Recife',
      state: 'PE',
      zipcode: '50000-000',
      country: 'BR',
      document: '52998224725',
      useAddressForPaymentDetails: true,
      plan: 'P2',
      invoiceId: '7',
    });
  });

  test('says whether to save the data as the company’s', () => {
    expect(checkoutBody({ ...filled, saveAsCompanyData: false }, 'P2', '7')?.useAddressForPaymentDetails).toBe(false);
  });

  test('never carries a card field, nor the plan’s price, users or connections', () => {
    const body = checkoutBodyInput(filled, 'P2', '7');
    for (const field of ['nameOnCard', 'cardNumber', 'cvv', 'price', 'users', 'connections']) expect(body).not.toHaveProperty(field);
  });

  test('is not made while the schema refuses the values', () => {
    expect(checkoutBody(checkoutValuesOf(undefined), 'P2', '7')).toBeUndefined();
  });
});

describe('the Dados step’s messages', () => {
  test('are the spec’s five, and the document’s, for an empty step', () => {
    expect(checkoutMessages(checkoutValuesOf(undefined), 'P1', '7')).toEqual({
      fullName: 'O nome completo é obrigatório',
      address: 'O Endereço é obrigatório',
      city: 'Cidade é obrigatória',
      zipcode: 'CEP é obrigatório',
      country: 'País é obrigatório',
      document: 'CPF ou CNPJ inválido',
    });
  });

  test('are none for a filled step, whatever plan is chosen later', () => {
    expect(checkoutMessages(filled, 'P1', '7')).toEqual({});
  });

  test('refuse a CPF whose check digits are wrong', () => {
    expect(checkoutMessages({ ...filled, document: '529.982.247-26' }, 'P1', '7')).toEqual({ document: CHECKOUT_MESSAGES.document });
  });

  test('place the server’s refusals (an ERR_VALIDATION answer’s paths) on the step’s fields', () => {
    expect(checkoutFieldMessages({ firstName: CHECKOUT_MESSAGES.fullName, address2: CHECKOUT_MESSAGES.address, plan: 'Required' })).toEqual({
      fullName: CHECKOUT_MESSAGES.fullName,
      address: CHECKOUT_MESSAGES.address,
    });
    expect(checkoutFieldOf('lastName')).toBe('fullName');
    expect(checkoutFieldOf('invoiceId')).toBeUndefined();
  });

  test('read in every language, the spec’s words in Portuguese', () => {
    for (const language of LANGUAGES) {
      const dictionary = textsIn(billingTexts, language).fieldMessages;
      for (const message of Object.values(CHECKOUT_MESSAGES)) expect(shownCheckoutMessage(message, dictionary)).toMatch(/\S/);
    }
    const pt = textsIn(billingTexts, 'pt').fieldMessages;
    for (const message of Object.values(CHECKOUT_MESSAGES)) expect(shownCheckoutMessage(message, pt)).toBe(message);
    expect(shownCheckoutMessage(CHECKOUT_MESSAGES.city, textsIn(billingTexts, 'en').fieldMessages)).toBe('The city is required');
  });

  test('show an unknown message as it came, and nothing without one', () => {
    const dictionary = textsIn(billingTexts, 'en').fieldMessages;
    expect(shownCheckoutMessage('Algo novo', dictionary)).toBe('Algo novo');
    expect(shownCheckoutMessage(undefined, dictionary)).toBeUndefined();
  });
});

describe('the review’s address line', () => {
  test('joins the parts given', () => {
    expect(addressLine(filled, 'Brasil')).toBe('Rua das Flores, 10, Recife - PE, 50000-000, Brasil');
    expect(addressLine({ ...filled, state: '' }, '')).toBe('Rua das Flores, 10, Recife, 50000-000');
  });
});
