/**
 * Tenant isolation of the queue-integration routes: A lists, reads, changes, deletes, tests and re-keys
 * its own integrations only; B's ids answer as ones that do not exist, whatever `companyId` A sends, and
 * B's integration (its signing secret included) stays as it was.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';

interface IntegrationOfB {
  readonly id: string;
  readonly updatedAt: string;
}

/** A webhook integration of B (it has a signing secret). */
async function integrationOfB(cloud: TestCloud, b: Tenant): Promise<IntegrationOfB> {
  const created = await cloud.api('/queueIntegration', {
    method: 'POST',
    token: b.admin.token,
    body: { type: 'webhook', name: 'Webhook de B', urlN8N: 'https://hooks.example.com/b' },
  });
  expect(created.status).toBe(201);
  return { id: String(created.body.id), updatedAt: String(created.body.updatedAt) };
}

const noIntegration = { status: 404, body: { error: 'ERR_NO_INTEGRATION_FOUND' } };

async function bStillHas(cloud: TestCloud, b: Tenant, integration: IntegrationOfB): Promise<void> {
  const response = await cloud.api(`/queueIntegration/${integration.id}`, { token: b.admin.token });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ name: 'Webhook de B', urlN8N: 'https://hooks.example.com/b', updatedAt: integration.updatedAt, hasSecret: true });
}

export const queueIntegrationsProbes: Record<RouteKeyOf<'queue-integrations'>, Probe> = {
  'GET /queueIntegration': async ({ cloud, a, b }) => {
    const integration = await integrationOfB(cloud, b);

    const response = await cloud.api(`/queueIntegration?companyId=${b.companyId}&searchParam=Webhook%20de%20B`, { token: a.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.queueIntegrations.map((item: { id: string }) => item.id)).not.toContain(integration.id);
  },

  'GET /queueIntegration/{id}': async ({ cloud, a, b }) => {
    const integration = await integrationOfB(cloud, b);

    expect(await cloud.api(`/queueIntegration/${integration.id}?companyId=${b.companyId}`, { token: a.admin.token })).toEqual(noIntegration);
  },

  'POST /queueIntegration': async ({ cloud, a, b }) => {
    const response = await cloud.api(`/queueIntegration?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { type: 'n8n', name: 'n8n de A', urlN8N: 'https://n8n.example.com/a', companyId: b.companyId },
    });

    expect(response.status).toBe(201);
    expect(response.body.companyId).toBe(a.companyId);
    expect(await cloud.api(`/queueIntegration/${response.body.id}`, { token: b.admin.token })).toEqual(noIntegration);
  },

  'POST /queueIntegration/testSession': async ({ cloud, a, b }) => {
    const integration = await integrationOfB(cloud, b);

    // Without a service account of its own, a test names a stored integration: never one of B's.
    const response = await cloud.api(`/queueIntegration/testSession?companyId=${b.companyId}`, {
      method: 'POST',
      token: a.admin.token,
      body: { id: integration.id, projectName: 'projeto-de-b', language: 'pt-BR', companyId: b.companyId },
    });

    expect(response).toEqual(noIntegration);
  },

  'PUT /queueIntegration/{id}': async ({ cloud, a, b }) => {
    const integration = await integrationOfB(cloud, b);

    const response = await cloud.api(`/queueIntegration/${integration.id}`, {
      method: 'PUT',
      token: a.admin.token,
      body: { type: 'webhook', name: 'Tomada', urlN8N: 'https://attacker.example.com/', companyId: b.companyId },
    });

    expect(response).toEqual(noIntegration);
    await bStillHas(cloud, b, integration);
  },

  'DELETE /queueIntegration/{id}': async ({ cloud, a, b }) => {
    const integration = await integrationOfB(cloud, b);

    expect(await cloud.api(`/queueIntegration/${integration.id}?companyId=${b.companyId}`, { method: 'DELETE', token: a.admin.token })).toEqual(noIntegration);
    await bStillHas(cloud, b, integration);
  },

  'POST /queueIntegration/{id}/secret': async ({ cloud, a, b }) => {
    const integration = await integrationOfB(cloud, b);

    const response = await cloud.api(`/queueIntegration/${integration.id}/secret?companyId=${b.companyId}`, { method: 'POST', token: a.admin.token, body: {} });

    expect(response).toEqual(noIntegration);
    await bStillHas(cloud, b, integration);
  },
};
