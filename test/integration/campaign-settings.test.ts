/**
 * Campaign settings on the local cloud (spec 2 §2, §3, §5, §9; issue 28): the defaults of a new company,
 * saving some keys while keeping the others, the spec's options and the variables' rules, the campaigns
 * gate (plan flag or the company's campaignsEnabled setting), administrators only for saving, and the
 * live `campaignSettings` event.
 */
import { putSetting } from '../../functions/core/repositories/settings';
import { listen, type Listener } from '../support/listen';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { ifAssigned } from '../support/teardown';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';

let cloud: TestCloud;
let tenant: Tenant;
let agent: SignedInUser;
let listener: Listener;

const read = async (token = tenant.admin.token) => {
  const response = await cloud.api('/campaign-settings', { token });
  expect(response.status).toBe(200);
  return response.body as { key: string; value: string }[];
};
const save = (settings: Record<string, unknown>, token = tenant.admin.token) =>
  cloud.api('/campaign-settings', { method: 'POST', token, body: { settings } });

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  listener = await listen(cloud, agent.token);
}, 60_000);

afterAll(() => {
  ifAssigned(listener)?.close();
});

describe('campaign settings', () => {
  it('answers a new company the defaults as key/value pairs with JSON values, to any of its users', async () => {
    expect(await read(agent.token)).toEqual([
      { key: 'messageInterval', value: '20' },
      { key: 'longerIntervalAfter', value: '20' },
      { key: 'greaterInterval', value: '60' },
      { key: 'variables', value: '[]' },
      { key: 'optOutWords', value: '["SAIR","PARAR","STOP"]' },
    ]);
  });

  it('stores the keys saved, keeps the others, answers every key and tells the company live', async () => {
    const variables = [
      { key: 'loja', value: 'Loja Centro' },
      { key: 'cupom', value: 'BEMVINDO10' },
    ];
    const response = await save({ messageInterval: '5', greaterInterval: 120, variables });

    expect(response.status).toBe(200);
    const expected = [
      { key: 'messageInterval', value: '5' },
      { key: 'longerIntervalAfter', value: '20' },
      { key: 'greaterInterval', value: '120' },
      { key: 'variables', value: JSON.stringify(variables) },
      { key: 'optOutWords', value: '["SAIR","PARAR","STOP"]' },
    ];
    expect(response.body).toEqual(expected);
    expect(await read()).toEqual(expected);
    const event = await listener.waitFor((frame) => frame.event === `company-${tenant.companyId}-campaignSettings`);
    expect(event.data).toEqual({ action: 'update', settings: expected });

    expect((await save({ longerIntervalAfter: 0 })).status).toBe(200);
    expect(await read()).toContainEqual({ key: 'greaterInterval', value: '120' });
    expect(await read()).toContainEqual({ key: 'longerIntervalAfter', value: '0' });
  });

  it.each([
    ['a message interval outside its options', { messageInterval: 7 }, 'settings.messageInterval'],
    ['a longer interval outside its options', { greaterInterval: 45 }, 'settings.greaterInterval'],
    ['a count that is not a number', { longerIntervalAfter: 'dez' }, 'settings.longerIntervalAfter'],
    ['a variable key twice', { variables: [{ key: 'loja', value: 'a' }, { key: 'LOJA', value: 'b' }] }, 'settings.variables'],
    ['a variable named like a built-in one', { variables: [{ key: 'nome', value: 'x' }] }, 'settings.variables.0.key'],
    ['a variable key with braces or spaces', { variables: [{ key: 'minha loja', value: 'x' }] }, 'settings.variables.0.key'],
    ['no opt-out word', { optOutWords: [] }, 'settings.optOutWords'],
    ['an unknown key', { dailyLimit: 10 }, 'settings'],
  ])('refuses %s with ERR_VALIDATION and keeps what was stored', async (_case, settings, path) => {
    const before = await read();

    const response = await save(settings);

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields.map((field: { path: string }) => field.path)).toContain(path);
    expect(await read()).toEqual(before);
  });

  it.each([
    ['no settings at all', {}],
    ['settings that are not an object', { settings: 'rápido' }],
    ['variables that are not a list', { settings: { variables: 'loja' } }],
  ])('refuses a body with %s and keeps what was stored', async (_case, body) => {
    const before = await read();

    const response = await cloud.api('/campaign-settings', { method: 'POST', token: tenant.admin.token, body });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(await read()).toEqual(before);
  });

  it('compares opt-out words without case or accents, and keeps them as written', async () => {
    expect((await save({ optOutWords: ['Sair', 'SAÍR'] })).status).toBe(400);

    const response = await save({ optOutWords: ['Sair', 'Cancelar'] });

    expect(response.status).toBe(200);
    expect(await read()).toContainEqual({ key: 'optOutWords', value: '["Sair","Cancelar"]' });
  });

  it('lets only administrators save', async () => {
    const before = await read();

    expect(await save({ messageInterval: 0 }, agent.token)).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await read()).toEqual(before);
  });

  it('is refused to a company without campaigns, and open again when a super user enables them for it', async () => {
    const closed = await createTenant(cloud, { useCampaigns: false });
    await putSetting(closed.companyId, 'campaignsEnabled', 'false');

    expect(await cloud.api('/campaign-settings', { token: closed.admin.token })).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await cloud.api('/campaign-settings', { method: 'POST', token: closed.admin.token, body: { settings: {} } })).status).toBe(403);

    await putSetting(closed.companyId, 'campaignsEnabled', 'true');
    expect((await cloud.api('/campaign-settings', { token: closed.admin.token })).status).toBe(200);
  });
});
