/**
 * The checkout's course (spec 3 §2, §4, §9; checklist ): the steps, the plan it starts
 * on, and how it learns the payment: the `payment` event for this invoice, or the invoice found paid by
 * the look repeated every 5 s until then; 4 s later the user leaves.
 */
import { SUBSCRIPTION_CREATED } from '../../../../shared/billing';
import type { CompanyChannels } from '../../../../shared/realtime-events';
import {
  CHECKOUT_STEPS,
  initialPlanId,
  payablePlans,
  PAYMENT_POLL_MS,
  pollInterval,
  renewalFromCheck,
  renewalFromEvent,
  RETURN_HOME_DELAY_MS,
  stepIndexOf,
} from '../../../../web/src/billing/checkout-flow';
import { billingTexts } from '../../../../web/src/billing/texts';
import { textsIn } from '../../../../web/src/i18n/texts';

const paid = (invoiceId: string): CompanyChannels['payment'] => ({
  action: 'CONCLUIDA',
  invoiceId,
  company: { id: 'C1', dueDate: '2027-01-03', planId: 'P1' },
});

describe('the steps', () => {
  test('are Dados, Personalizar and Revisar, then the PIX view past all three', () => {
    expect(CHECKOUT_STEPS.map((step) => textsIn(billingTexts, 'pt').checkout.steps[step])).toEqual(['Dados', 'Personalizar', 'Revisar']);
    expect(stepIndexOf('dados')).toBe(0);
    expect(stepIndexOf('revisar')).toBe(2);
    expect(stepIndexOf('pix')).toBe(3);
  });

  test('end with the button PAGAR', () => {
    expect(textsIn(billingTexts, 'pt').checkout.pay).toBe('PAGAR');
  });
});

describe('the plan Personalizar starts on', () => {
  test('is the invoice’s own when it is offered', () => {
    expect(initialPlanId([{ id: 'P1' }, { id: 'P2' }], 'P2')).toBe('P2');
  });

  test('is none when the invoice’s plan is not offered', () => {
    expect(initialPlanId([{ id: 'P1' }], 'P9')).toBe('');
  });

  test('is chosen among the plans with a price: a free one is nothing to pay for', () => {
    expect(payablePlans([{ id: 'FREE', value: 0 }, { id: 'P1', value: 99 }]).map((plan) => plan.id)).toEqual(['P1']);
  });
});

describe('learning that the charge was paid', () => {
  test('takes the new due date from the payment event of this invoice', () => {
    expect(renewalFromEvent(paid('7'), '7')).toEqual({ dueDate: '2027-01-03' });
  });

  test('ignores the payment of another invoice', () => {
    expect(renewalFromEvent(paid('8'), '7')).toBeUndefined();
  });

  test('takes a look that found the invoice paid, and not one that found it open', () => {
    expect(renewalFromCheck({ paid: true, dueDate: '2027-01-03' })).toEqual({ dueDate: '2027-01-03' });
    expect(renewalFromCheck({ paid: false })).toBeUndefined();
    expect(renewalFromCheck(undefined)).toBeUndefined();
  });

  test('looks every 5 seconds while waiting, and no more once renewed', () => {
    expect(PAYMENT_POLL_MS).toBe(5000);
    expect(pollInterval(false)).toBe(5000);
    expect(pollInterval(true)).toBe(false);
  });

  test('leaves 4 seconds after saying the license was renewed, with the new date', () => {
    expect(RETURN_HOME_DELAY_MS).toBe(4000);
    expect(textsIn(billingTexts, 'pt').pix.renewed).toBe('Licença renovada com sucesso! Nova data de vencimento: {{date}}');
  });

  test('toasts the spec’s words once the charge exists', () => {
    expect(textsIn(billingTexts, 'pt').checkout.created).toBe(SUBSCRIPTION_CREATED);
  });
});
