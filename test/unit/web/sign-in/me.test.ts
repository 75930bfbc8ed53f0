/** The loaded /auth/me follows the signed-in user's own changes (their profile saved, an admin's edit of them). */
import type { MeUser } from '../../../../shared/sign-in';
import { withOwnUser, type Me } from '../../../../web/src/sign-in/me';

const me: Me = {
  user: { id: 'U1', name: 'Ana', email: 'ana@demo.test', profile: 'user', super: false, companyId: 'C1' },
  company: { id: 'C1', name: 'Demo', settings: [], plan: {} },
};

const answer = (overrides: Partial<MeUser> = {}): MeUser => ({
  id: 'U1',
  name: 'Ana Souza',
  email: 'ana.souza@demo.test',
  profile: 'supervisor',
  super: false,
  allTicket: 'enabled',
  whatsappId: 'W1',
  companyId: 'C1',
  queues: [{ id: 'Q1', name: 'Vendas', color: '#FF0000' }],
  ...overrides,
});

describe('withOwnUser', () => {
  it('takes the name, email, profile, queues, allTicket and default connection of the signed-in user', () => {
    const next = withOwnUser(me, answer());

    expect(next.user).toEqual({
      id: 'U1',
      name: 'Ana Souza',
      email: 'ana.souza@demo.test',
      profile: 'supervisor',
      super: false,
      companyId: 'C1',
      allTicket: 'enabled',
      whatsappId: 'W1',
      queues: [{ id: 'Q1', name: 'Vendas', color: '#FF0000' }],
    });
    expect(next.company).toBe(me.company);
  });

  it('leaves /auth/me as it was for another user', () => {
    expect(withOwnUser(me, answer({ id: 'U2' }))).toBe(me);
  });
});
