/**
 * Concurrent edits of one object through the HTTP API on the local cloud: whoever loses an
 * optimistic-concurrency race is either retried or answered 409 ERR_CONFLICT, never "not found" for an
 * object that exists, never a 5xx.
 */
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let a: Tenant;

beforeAll(async () => {
  cloud = await sharedTestCloud();
  a = await createTenant(cloud);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

const PARALLEL = 8;

/** Sends `PARALLEL` requests at once; answers the distinct status/error pairs seen. */
async function race(request: (index: number) => Promise<{ status: number; body: { error?: string } }>): Promise<string[]> {
  const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, index) => request(index)));
  return [...new Set(answers.map((answer) => `${answer.status}${answer.body.error ? ` ${answer.body.error}` : ''}`))].sort();
}

/** The answers of a race that are neither a success nor the conflict error. */
const unexpected = (answers: string[]) => answers.filter((answer) => !/^20\d$/.test(answer) && answer !== '409 ERR_CONFLICT');

describe('concurrent edits of one object', () => {
  it('answers parallel updates of one quick message with success or ERR_CONFLICT, never not found', async () => {
    const created = await cloud.api('/quick-messages', { method: 'POST', token: a.admin.token, body: { shortcode: 'race', message: 'Olá, tudo bem?' } });
    expect(created.status).toBe(201);

    const answers = await race((index) =>
      cloud.api(`/quick-messages/${created.body.id}`, { method: 'PUT', token: a.admin.token, body: { shortcode: `race${index}`, message: `Texto ${index}` } }),
    );

    expect(answers).toContain('200');
    expect(unexpected(answers)).toEqual([]);
  });

  it('answers parallel token rotations of one connection with success or ERR_CONFLICT, never not found', async () => {
    const created = await cloud.api('/whatsapp', { method: 'POST', token: a.admin.token, body: { name: 'Corrida' } });
    expect(created.status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => cloud.api(`/whatsapp/${created.body.id}/token`, { method: 'POST', token: a.admin.token })),
    );
    const seen = [...new Set(answers.map((answer) => `${answer.status}${answer.body?.error ? ` ${answer.body.error}` : ''}`))];

    expect(seen).toContain('200');
    expect(unexpected(seen)).toEqual([]);
  });

  it('answers parallel updates of one queue with success or ERR_CONFLICT', async () => {
    const answers = await race((index) =>
      cloud.api(`/queue/${a.queueId}`, { method: 'PUT', token: a.admin.token, body: { color: `#10${index}0${index}0` } }),
    );

    expect(answers).toContain('200');
    expect(unexpected(answers)).toEqual([]);
  });

  it('answers parallel updates of one connection with success or ERR_CONFLICT', async () => {
    const created = await cloud.api('/whatsapp', { method: 'POST', token: a.admin.token, body: { name: 'Paralela' } });
    expect(created.status).toBe(201);

    const answers = await race((index) =>
      cloud.api(`/whatsapp/${created.body.id}`, { method: 'PUT', token: a.admin.token, body: { name: `Paralela ${index}`, isDefault: true } }),
    );

    expect(answers).toContain('200');
    expect(unexpected(answers)).toEqual([]);
  });

  it('answers parallel updates of one tag with success or ERR_CONFLICT', async () => {
    const created = await cloud.api('/tags', { method: 'POST', token: a.admin.token, body: { name: 'Corrida', color: '#0f766e' } });
    expect(created.status).toBe(201);

    const answers = await race((index) =>
      cloud.api(`/tags/${created.body.id}`, { method: 'PUT', token: a.admin.token, body: { name: `Corrida ${index}`, color: '#0f766e' } }),
    );

    expect(answers).toContain('200');
    expect(unexpected(answers)).toEqual([]);
  });

  it('answers parallel updates of one contact with success or ERR_CONFLICT', async () => {
    const created = await cloud.api('/contacts', { method: 'POST', token: a.admin.token, body: { name: 'Corrida', number: '5511977776666' } });
    expect(created.status).toBe(201);

    const answers = await race((index) =>
      cloud.api(`/contacts/${created.body.id}`, { method: 'PUT', token: a.admin.token, body: { name: `Corrida ${index}`, number: '5511977776666' } }),
    );

    expect(answers).toContain('200');
    expect(unexpected(answers)).toEqual([]);
  });
});
