/** The Planos tab's form: the spec's defaults, the typed numbers and the body the server takes. */
import { PLAN_FLAGS } from '../../../../shared/plans';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { emptyPlanForm, numberOf, planBody, planFormOf, planSchema, shownPrice } from '../../../../web/src/platform/plan-form';

describe('the plan form', () => {
  it('starts a new plan at 0 users, connections, queues and value, with every feature on', () => {
    const body = planBody({ ...emptyPlanForm(), name: 'Básico' });
    expect(body).toMatchObject({ users: 0, connections: 0, queues: 0, value: 0 });
    for (const flag of PLAN_FLAGS) expect(body[flag]).toBe(true);
    expect(schemaFieldMessages(planSchema(true), body)).toEqual({});
  });

  it('reads a comma as the decimal mark and a blank as 0', () => {
    expect(numberOf('49,90')).toBe(49.9);
    expect(numberOf(' ')).toBe(0);
    expect(numberOf('dez')).toBeNaN();
  });

  it('refuses a limit that is not a whole number of 0 or more, and a plan without a name', () => {
    const messages = schemaFieldMessages(planSchema(true), planBody({ ...emptyPlanForm(), users: '2.5', queues: '-1', connections: 'x' }));
    expect(messages).toMatchObject({ users: 'Invalid number', queues: 'Invalid number', connections: 'Invalid number', name: 'Required' });
  });

  it('sends a flag turned off as false', () => {
    const values = emptyPlanForm();
    const body = planBody({ ...values, name: 'Sem IA', flags: { ...values.flags, useOpenAi: false } });
    expect(body.useOpenAi).toBe(false);
    expect(body.useKanban).toBe(true);
  });

  it('shows a stored plan’s value with a comma and reads it back unchanged', () => {
    const plan = { id: 'p', name: 'Pro', users: 5, connections: 2, queues: 3, value: 99.5, companiesCount: 0, ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flag !== 'useKanban'])) } as const;
    const values = planFormOf(plan as Parameters<typeof planFormOf>[0]);
    expect(values.value).toBe('99,5');
    expect(planBody(values)).toMatchObject({ users: 5, connections: 2, queues: 3, value: 99.5, useKanban: false, useOpenAi: true });
  });

  it('shows the value in Brazilian reais', () => {
    expect(shownPrice(49.9).replace(/\s/g, ' ')).toBe('R$ 49,90');
  });
});
