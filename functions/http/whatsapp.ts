/**
 * WhatsApp connections and their sessions (spec 2 §2 Connections, §7). Everyone of the company reads
 * the connections (without any secret); writes and session buttons are the admin's
 * (connections-page:* permissions). The company is the session's: a `companyId` in a query or body is
 * never read.
 */
import { ConnectionParams, CreateConnectionBody, UpdateConnectionBody } from '../../shared/connections';
import { httpModule, sessionRoute, type Access } from '../core/http/http-module';
import { created, noContent, ok } from '../core/http/reply';
import { rotateConnectionToken } from '../core/connections/connection-token';
import { deleteConnection } from '../core/connections/delete-connection';
import { getConnectionDto, listConnectionDtos } from '../core/connections/present-connection';
import { createConnection, updateConnection } from '../core/connections/save-connection';
import { controlSession } from '../core/connections/session-control';

const ADD: Access = { permission: 'connections-page:addConnection' };
const EDIT: Access = { permission: 'connections-page:editOrDeleteConnection' };
const SESSION: Access = { permission: 'connections-page:actionButtons' };

export const handler = httpModule('whatsapp', {
  'GET /whatsapp': sessionRoute({}, async ({ session }) => ok(await listConnectionDtos(session))),
  'GET /whatsapp/{id}': sessionRoute({ params: ConnectionParams }, async ({ session, params }) => ok(await getConnectionDto(session, params.id))),
  'POST /whatsapp': sessionRoute({ body: CreateConnectionBody, access: ADD }, async ({ session, body }) => created(await createConnection(session, body))),
  'PUT /whatsapp/{id}': sessionRoute({ params: ConnectionParams, body: UpdateConnectionBody, access: EDIT }, async ({ session, params, body }) =>
    ok(await updateConnection(session, params.id, body)),
  ),
  'DELETE /whatsapp/{id}': sessionRoute({ params: ConnectionParams, access: EDIT }, async ({ session, params }) => {
    await deleteConnection(session, params.id);
    return noContent();
  }),
  'POST /whatsapp/{id}/token': sessionRoute({ params: ConnectionParams, access: EDIT }, async ({ session, params }) =>
    ok(await rotateConnectionToken(session, params.id)),
  ),
  'POST /whatsappsession/{id}': sessionRoute({ params: ConnectionParams, access: SESSION }, async ({ session, params }) =>
    ok(await controlSession(session, params.id, 'start')),
  ),
  'PUT /whatsappsession/{id}': sessionRoute({ params: ConnectionParams, access: SESSION }, async ({ session, params }) =>
    ok(await controlSession(session, params.id, 'requestQr')),
  ),
  'DELETE /whatsappsession/{id}': sessionRoute({ params: ConnectionParams, access: SESSION }, async ({ session, params }) =>
    ok(await controlSession(session, params.id, 'logout')),
  ),
});
