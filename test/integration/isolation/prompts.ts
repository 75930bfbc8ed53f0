/**
 * Tenant isolation of the AI prompt routes: A lists, reads, changes and deletes its own prompts only;
 * B's prompt answers as one that does not exist, whatever `companyId` A sends; A cannot point a prompt
 * at B's queue; B's prompt and its key stay as they were, and no answer carries a key.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import { getPrompt } from '../../../functions/core/repositories/prompts';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';

const TRAINING = 'Você é a assistente da loja B. Responda com cordialidade e sempre em português claro.';
const KEY_OF_B = 'sk-chave-secreta-da-empresa-b';

async function promptOfB(cloud: TestCloud, b: Tenant): Promise<string> {
  const created = await cloud.api('/prompt', {
    method: 'POST',
    token: b.admin.token,
    body: { name: 'Assistente B', prompt: TRAINING, apiKey: KEY_OF_B, queueId: b.queueId },
  });
  expect(created.status).toBe(201);
  expect(JSON.stringify(created.body)).not.toContain(KEY_OF_B);
  return String(created.body.id);
}

const noPrompt = { status: 404, body: { error: 'ERR_NO_PROMPT_FOUND' } };

async function bStillHas(b: Tenant, id: string): Promise<void> {
  expect(await getPrompt(b.companyId, id)).toMatchObject({ name: 'Assistente B', apiKey: KEY_OF_B, queueId: b.queueId });
}

export const promptsProbes: Record<RouteKeyOf<'prompts'>, Probe> = {
  'GET /prompt': async ({ cloud, a, b }) => {
    const id = await promptOfB(cloud, b);

    const response = await cloud.api(`/prompt?companyId=${b.companyId}`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.prompts.map((prompt: { id: string }) => prompt.id)).not.toContain(id);
    expect(JSON.stringify(response.body)).not.toContain(KEY_OF_B);
  },

  'POST /prompt': async ({ cloud, a, b }) => {
    const onQueueOfB = await cloud.api(`/prompt?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { name: 'Assistente A', prompt: TRAINING, apiKey: 'sk-a', queueId: b.queueId, companyId: b.companyId },
    });
    expect(onQueueOfB).toEqual({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });

    const own = await cloud.api('/prompt', {
      method: 'POST',
      token: a.admin.token,
      body: { name: 'Assistente A', prompt: TRAINING, apiKey: 'sk-a', queueId: a.queueId, companyId: b.companyId },
    });
    expect(own.status).toBe(201);
    expect(own.body.companyId).toBe(a.companyId);
    expect(await cloud.api(`/prompt/${own.body.id}`, { token: b.admin.token })).toEqual(noPrompt);
  },

  'GET /prompt/{id}': async ({ cloud, a, b }) => {
    const id = await promptOfB(cloud, b);

    expect(await cloud.api(`/prompt/${id}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(noPrompt);
  },

  'PUT /prompt/{id}': async ({ cloud, a, b }) => {
    const id = await promptOfB(cloud, b);

    const response = await cloud.api(`/prompt/${id}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { name: 'Tomado por A', prompt: TRAINING, apiKey: 'sk-de-a', queueId: a.queueId, companyId: b.companyId },
    });

    expect(response).toEqual(noPrompt);
    await bStillHas(b, id);
  },

  'DELETE /prompt/{id}': async ({ cloud, a, b }) => {
    const id = await promptOfB(cloud, b);

    expect(await cloud.api(`/prompt/${id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token })).toEqual(noPrompt);
    await bStillHas(b, id);
  },
};
