/**
 * WhatsApp connections and their sessions (spec 2 §2 Connections, §7). Everyone of the company reads
 * the connections (without any secret); writes and session buttons are the admin's
 * (connections-page:* permissions). The company is the session's: a `companyId` in a query or body is
 * never read. A Cloud API connection's templates are read by everyone of the company and synced by those
 * who edit connections.
 *
 * The Cloud API webhook (issue 32) is public: Meta calls it with no session, and each call proves itself
 * against the connection its path names (core/whatsapp-cloud/receive-webhook.ts).
 */
import { ConnectionParams, CreateConnectionBody, PairingCodeBody, UpdateConnectionBody } from '../../shared/connections';
import { z } from 'zod';
import { httpModule, callerRoute, publicRoute, rawBody, type Access } from '../core/http/http-module';
import { created, noContent, ok, plainText } from '../core/http/reply';
import { CloudWebhookHandshake, receiveCloudWebhook, verifyCloudWebhook } from '../core/whatsapp-cloud/receive-webhook';
import { SIGNATURE_HEADER } from '../core/whatsapp-cloud/webhook-signature';
import { rotateConnectionToken } from '../core/connections/connection-token';
import { deleteConnection } from '../core/connections/delete-connection';
import { requestPairingCode } from '../core/connections/request-pairing-code';
import { getConnectionDto, listConnectionDtos } from '../core/connections/present-connection';
import { createConnection, updateConnection } from '../core/connections/save-connection';
import { controlSession } from '../core/connections/session-control';
import { listTemplates, syncTemplates } from '../core/whatsapp-cloud/templates';

const ADD: Access = { permission: 'connections-page:addConnection' };
const EDIT: Access = { permission: 'connections-page:editOrDeleteConnection' };
const SESSION: Access = { permission: 'connections-page:actionButtons' };
/** Any id: one that names no cloud connection is refused as unknown (403 / 401), never as invalid input. */
const WebhookParams = z.object({ id: z.string().min(1).max(128) });

export const handler = httpModule('whatsapp', {
  'GET /whatsapp': callerRoute({}, async ({ caller }) => ok(await listConnectionDtos(caller))),
  'GET /whatsapp/{id}': callerRoute({ params: ConnectionParams }, async ({ caller, params }) => ok(await getConnectionDto(caller, params.id))),
  'POST /whatsapp': callerRoute({ body: CreateConnectionBody, access: ADD }, async ({ caller, body }) => created(await createConnection(caller, body))),
  'PUT /whatsapp/{id}': callerRoute({ params: ConnectionParams, body: UpdateConnectionBody, access: EDIT }, async ({ caller, params, body }) =>
    ok(await updateConnection(caller, params.id, body)),
  ),
  'DELETE /whatsapp/{id}': callerRoute({ params: ConnectionParams, access: EDIT }, async ({ caller, params }) => {
    await deleteConnection(caller, params.id);
    return noContent();
  }),
  'POST /whatsapp/{id}/token': callerRoute({ params: ConnectionParams, access: EDIT }, async ({ caller, params }) =>
    ok(await rotateConnectionToken(caller, params.id)),
  ),
  // Ours (issue 32): every user of the company reads a Cloud API connection's templates (agents pick them); admins sync them.
  'GET /whatsapp/{id}/templates': callerRoute({ params: ConnectionParams }, async ({ caller, params }) => ok(await listTemplates(caller, params.id))),
  'POST /whatsapp/{id}/templates/sync': callerRoute({ params: ConnectionParams, access: EDIT }, async ({ caller, params }) =>
    ok(await syncTemplates(caller, params.id)),
  ),
  'POST /whatsappsession/{id}': callerRoute({ params: ConnectionParams, access: SESSION }, async ({ caller, params }) =>
    ok(await controlSession(caller, params.id, 'start')),
  ),
  'PUT /whatsappsession/{id}': callerRoute({ params: ConnectionParams, access: SESSION }, async ({ caller, params }) =>
    ok(await controlSession(caller, params.id, 'requestQr')),
  ),
  'DELETE /whatsappsession/{id}': callerRoute({ params: ConnectionParams, access: SESSION }, async ({ caller, params }) =>
    ok(await controlSession(caller, params.id, 'logout')),
  ),
  // Ours: link by phone number instead of the QR code (core/connections/request-pairing-code.ts).
  'POST /whatsappsession/{id}/pairing-code': callerRoute({ params: ConnectionParams, body: PairingCodeBody, access: SESSION }, async ({ caller, params, body }) =>
    ok(await requestPairingCode(caller, params.id, body.number)),
  ),
  'GET /webhooks/whatsapp-cloud/{id}': publicRoute({ params: WebhookParams }, async ({ params, event }) =>
    plainText(await verifyCloudWebhook(params.id, CloudWebhookHandshake.catch({}).parse(event.queryStringParameters ?? {}))),
  ),
  'POST /webhooks/whatsapp-cloud/{id}': publicRoute({ params: WebhookParams }, async ({ params, headers, event }) =>
    ok({ received: true, ...(await receiveCloudWebhook(params.id, headers[SIGNATURE_HEADER], rawBody(event))) }),
  ),
});
