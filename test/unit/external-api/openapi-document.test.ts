/**
 * The public API's OpenAPI document (GET /api/openapi.json), without a cloud: it describes exactly the
 * route table's `/api/` routes, the request bodies are the zod schemas that validate them (the same
 * required fields), the error responses are the catalogue's, and it is structurally valid 3.1.
 */
import { z } from 'zod';
import {
  buildOpenApiDocument,
  routeTableMismatches,
  type OpenApiDocument,
} from '../../../functions/core/external-api/openapi-document';
import { HTTP_ROUTES, routeKey } from '../../../infra/resources/http-routes';
import { ERROR_STATUS, isErrorCode } from '../../../shared/errors';
import { ExternalMediaFields, ExternalSendBody } from '../../../shared/external-api';
import { openApiStructureProblems, resolvePointer } from '../../support/openapi-structure';

const document = buildOpenApiDocument();

/** The table's public-API routes, filtered here (not through the module under test). */
const tableApiRoutes = HTTP_ROUTES.filter((route) => route.path.startsWith('/api/'));

type Json = Record<string, unknown>;
const at = (value: unknown, ...path: string[]): Json => {
  let current = value;
  for (const part of path) current = (current as Json)[part];
  return current as Json;
};
/** A schema with its `$ref` followed. */
const deref = (schema: Json): Json => (typeof schema.$ref === 'string' ? (resolvePointer(document, schema.$ref) as Json) : schema);
const requestSchema = (path: string, method: string, mediaType: string) =>
  deref(at(document.paths, path, method, 'requestBody', 'content', mediaType, 'schema'));

/** The fields a zod object needs: those whose schema refuses a missing value. */
const requiredOf = (schema: z.ZodObject) =>
  Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name)
    .sort();

const documentedOperations = (doc: OpenApiDocument) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item as object)
      .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('the OpenAPI document of the public API', () => {
  it('is OpenAPI 3.1 and structurally valid: required fields present, every $ref resolving, schemes declared', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(openApiStructureProblems(document)).toEqual([]);
  });

  it('is checked by a structural check that does catch a broken document', () => {
    const broken = {
      ...document,
      openapi: '3.0.3',
      info: { title: 'x' },
      paths: { ...document.paths, '/api/x/{id}': { get: { security: [{ apiKey: [] }], responses: { 200: { $ref: '#/components/responses/Nope' } } } } },
    };
    expect(openApiStructureProblems(broken)).toEqual([
      'openapi is 3.0.3, not 3.1.x',
      'info needs a title and a version',
      'GET /api/x/{id}: security scheme apiKey is not declared',
      'GET /api/x/{id}: path variable {id} is not a required path parameter',
      'GET /api/x/{id} 200: a response needs a description',
      '#/paths/~1api~1x~1{id}/get/responses/200: $ref #/components/responses/Nope does not resolve',
    ]);
  });

  it('describes every /api/ route of the route table with its method, and no other', () => {
    expect(tableApiRoutes.length).toBeGreaterThan(0);
    expect(documentedOperations(document).sort()).toEqual(tableApiRoutes.map(routeKey).sort());
    expect(routeTableMismatches(document)).toEqual([]);
  });

  it('reports a disagreement between a document and a route list, both ways', () => {
    const extra = { method: 'DELETE', path: '/api/messages/{id}' } as const;
    const withoutSend = tableApiRoutes.filter((route) => routeKey(route) !== 'POST /api/messages/send');

    expect(routeTableMismatches(document, [...tableApiRoutes, extra])).toEqual([
      'DELETE /api/messages/{id}: in the route table, not in the document',
    ]);
    expect(routeTableMismatches(document, withoutSend)).toEqual(['POST /api/messages/send: in the document, not in the route table']);
  });

  it('refuses to build when a public route of the table has no operation described', () => {
    const undescribed = { method: 'POST', path: '/api/messages/schedule', module: 'api', auth: 'public' } as const;
    expect(() => buildOpenApiDocument({ routes: [...tableApiRoutes, undescribed] })).toThrow('No OpenAPI operation for POST /api/messages/schedule');
  });

  it("gives the JSON text send the zod schema's fields, required exactly where the schema requires them", () => {
    const schema = requestSchema('/api/messages/send', 'post', 'application/json');

    expect(Object.keys(at(schema, 'properties')).sort()).toEqual(Object.keys(ExternalSendBody.shape).sort());
    expect([...(schema.required as string[])].sort()).toEqual(requiredOf(ExternalSendBody));
    // The text or a template (issue 32): neither field is required alone; the descriptions say which goes when.
    expect(requiredOf(ExternalSendBody)).toEqual(['number']);
    expect(String(at(at(schema, 'properties'), 'body').description)).toContain('unless `template` is given');
    expect(at(at(schema, 'properties'), 'template')).toMatchObject({ type: 'object', required: ['name', 'language'] });
    expect(String(at(at(schema, 'properties'), 'template').description)).toContain('Cloud API connections only');
  });

  it('gives the multipart media send the zod fields plus the required files field', () => {
    const schema = requestSchema('/api/messages/send', 'post', 'multipart/form-data');

    expect(Object.keys(at(schema, 'properties')).sort()).toEqual([...Object.keys(ExternalMediaFields.shape), 'medias'].sort());
    expect([...(schema.required as string[])].sort()).toEqual([...requiredOf(ExternalMediaFields), 'medias'].sort());
    expect(at(schema, 'properties', 'medias')).toMatchObject({ type: 'array', minItems: 1, maxItems: 5 });
  });

  it('documents the optional Idempotency-Key header with its pattern', () => {
    const parameters = at(document.paths, '/api/messages/send', 'post').parameters as Json[];
    expect(parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false, schema: expect.objectContaining({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) }),
    ]);
  });

  it("secures the send with a connection's bearer token and leaves the document itself public", () => {
    expect(at(document.components, 'securitySchemes', 'connectionToken')).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(at(document.paths, '/api/messages/send', 'post').security).toEqual([{ connectionToken: [] }]);
    expect(at(document.paths, '/api/openapi.json', 'get').security).toEqual([]);
  });

  it('answers the send with 201 and the catalogue errors it may give, each under its catalogue status', () => {
    const responses = at(document.paths, '/api/messages/send', 'post', 'responses');
    const codesOf = (status: string) => {
      const allOf = at(responses, status, 'content', 'application/json', 'schema').allOf as Json[];
      expect(allOf[0]).toEqual({ $ref: '#/components/schemas/ErrorBody' });
      return at(allOf[1], 'properties', 'error').enum as string[];
    };

    expect(deref(at(responses, '201', 'content', 'application/json', 'schema')).required).toEqual(
      expect.arrayContaining(['message', 'messages', 'ticketId', 'contactId', 'ticketStatus']),
    );
    expect(codesOf('401')).toEqual(['ERR_INVALID_API_TOKEN']);
    expect(codesOf('400')).toEqual(expect.arrayContaining(['ERR_VALIDATION', 'ERR_WAPP_NOT_INITIALIZED']));
    expect(codesOf('429')).toEqual(['ERR_TOO_MANY_REQUESTS']);
    for (const status of Object.keys(responses).filter((key) => key !== '201')) {
      for (const code of codesOf(status)) expect([code, isErrorCode(code) && ERROR_STATUS[code]]).toEqual([code, Number(status)]);
    }
  });

  it('names the server it is given and none otherwise', () => {
    expect(document.servers).toBeUndefined();
    expect(buildOpenApiDocument({ serverUrl: 'https://api.example.test' }).servers).toEqual([{ url: 'https://api.example.test' }]);
  });

  it('leaves the shared schemas without documentation metadata (the web imports them too)', () => {
    expect(z.globalRegistry.get(ExternalSendBody)).toBeUndefined();
    expect(z.globalRegistry.get(ExternalMediaFields)).toBeUndefined();
  });
});
