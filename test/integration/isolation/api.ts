/**
 * Tenant-isolation probe of the external messaging API: company A's connection token, with B's company
 * id and B's connection id in the query and the body, sends through A's connection to A's contact and
 * ticket; B gets no contact, no ticket and no message, and B's token still names B. The OpenAPI document
 * is the same for everyone.
 */
import type { RouteKeyOf } from '../../../infra/resources/http-routes';
import { findConnectionByToken } from '../../../functions/core/repositories/connections';
import { getContactByNumber } from '../../../functions/core/repositories/contacts';
import { getTicket } from '../../../functions/core/repositories/tickets';
import { markConnected } from '../../support/connections';
import type { TestCloud } from '../../support/local-cloud';
import type { Tenant } from '../../support/tenants';
import type { Probe } from './probe';

export interface ApiConnection {
  readonly id: string;
  readonly token: string;
}

/** A new connection of the tenant, made by its admin, with its token (answered once), its session running. */
export async function newApiConnection(cloud: TestCloud, tenant: Tenant, name = 'API'): Promise<ApiConnection> {
  const response = await cloud.api('/whatsapp', { method: 'POST', token: tenant.admin.token, body: { name } });
  if (response.status !== 201) throw new Error(`POST /whatsapp answered ${response.status}: ${JSON.stringify(response.body)}`);
  await markConnected(tenant.companyId, response.body.id);
  return { id: response.body.id, token: response.body.token };
}

export const apiProbes: Record<RouteKeyOf<'api'>, Probe> = {
  'POST /api/messages/send': async ({ cloud, a, b }) => {
    const mine = await newApiConnection(cloud, a, 'API probe');
    const theirs = await newApiConnection(cloud, b, 'API probe');
    const number = '5511988887777';
    const ticketsOfB = await cloud.api('/tickets?status=pending&showAll=true', { token: b.admin.token });

    const response = await cloud.api(`/api/messages/send?companyId=${b.companyId}&whatsappId=${theirs.id}`, {
      method: 'POST',
      token: mine.token,
      body: { number, body: 'Olá', companyId: b.companyId, whatsappId: theirs.id, connectionId: theirs.id },
    });

    expect(response.status).toBe(201);
    const ticket = await getTicket(a.companyId, response.body.ticketId, true);
    expect(ticket).toMatchObject({ companyId: a.companyId, whatsappId: mine.id });
    expect((await getContactByNumber(a.companyId, number))?.id).toBe(response.body.contactId);
    expect(await getContactByNumber(b.companyId, number)).toBeUndefined();
    expect(await getTicket(b.companyId, response.body.ticketId, true)).toBeUndefined();
    expect(await cloud.api('/tickets?status=pending&showAll=true', { token: b.admin.token })).toEqual(ticketsOfB);
    expect(await findConnectionByToken(theirs.token)).toEqual({ companyId: b.companyId, connectionId: theirs.id });
  },
  'GET /api/openapi.json': async ({ cloud, a, b }) => {
    // Public and tenant-free: a company's id in the query or a company's connection token changes nothing.
    const plain = await cloud.api('/api/openapi.json');
    const asB = await cloud.api(`/api/openapi.json?companyId=${b.companyId}`, { token: (await newApiConnection(cloud, a, 'OpenAPI probe')).token });

    expect(plain.status).toBe(200);
    expect(asB).toEqual(plain);
    expect(JSON.stringify(plain.body)).not.toContain(b.companyId);
  },
};
