/**
 * The API page reads the OpenAPI document the server generates (functions/core/external-api/
 * openapi-document.ts) into its list of operations, and keeps its head with documents it did not
 * expect: broken or looping references, missing parts, something that is not OpenAPI at all.
 */
import { buildOpenApiDocument } from '../../../../functions/core/external-api/openapi-document';
import { readOpenApiDocument } from '../../../../web/src/messages-api/openapi-view';

// The page gets the document as JSON: read what went over the wire, not the generator's objects.
const served: unknown = JSON.parse(JSON.stringify(buildOpenApiDocument({ serverUrl: 'https://api.example.test' })));

describe('readOpenApiDocument', () => {
  it("lists the server's operations with their method, path, summary and whether a token is needed", () => {
    const view = readOpenApiDocument(served);

    expect(view?.title).toBe('Atende external messaging API');
    expect(view?.operations.map(({ method, path, secured }) => ({ method, path, secured }))).toEqual([
      { method: 'POST', path: '/api/messages/send', secured: true },
      { method: 'GET', path: '/api/openapi.json', secured: false },
    ]);
    expect(view?.operations[0]?.summary).toMatch(/Send a WhatsApp message/);
  });

  it('shows the body fields of the text and the media send with their types and whether they are required', () => {
    const send = readOpenApiDocument(served)?.operations.find((operation) => operation.key === 'POST /api/messages/send');

    expect(send?.bodies.map((body) => body.mediaType)).toEqual(['application/json', 'multipart/form-data']);
    expect(send?.bodies[0]?.fields.map(({ name, type, required }) => ({ name, type, required }))).toEqual([
      { name: 'number', type: 'string', required: true },
      // A text or, on a Cloud API connection, an approved template (issue 32): neither is required alone.
      { name: 'body', type: 'string', required: false },
      { name: 'template', type: 'object', required: false },
      { name: 'closeTicket', type: 'boolean', required: false },
    ]);
    expect(send?.bodies[1]?.fields.find((field) => field.name === 'medias')).toMatchObject({ type: 'array of file', required: true });
    expect(send?.bodies[1]?.fields.find((field) => field.name === 'closeTicket')).toMatchObject({ type: '"true" | "false"', required: false });
  });

  it('shows the Idempotency-Key header parameter and every response with its description', () => {
    const send = readOpenApiDocument(served)?.operations.find((operation) => operation.key === 'POST /api/messages/send');

    expect(send?.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', location: 'header', type: 'string', required: false })]);
    expect(send?.responses.map((response) => response.status)).toEqual(['201', '400', '401', '402', '403', '404', '409', '429', '500']);
    expect(send?.responses.find((response) => response.status === '401')?.description).toContain('ERR_INVALID_API_TOKEN');
    expect(send?.responses.find((response) => response.status === '404')?.description).toContain('ERR_NO_TEMPLATE_FOUND');
  });

  it('leaves out what does not resolve and stops on a reference loop', () => {
    const view = readOpenApiDocument({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } } },
      paths: {
        '/loop': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } }, responses: { 200: { $ref: '#/nowhere' } } } },
        '/odd': { get: 'not an operation', post: { parameters: [null, { in: 'query' }], responses: [] } },
      },
    });

    expect(view?.operations).toEqual([
      expect.objectContaining({ key: 'POST /loop', bodies: [{ mediaType: 'application/json', fields: [] }], responses: [{ status: '200', description: '' }] }),
      expect.objectContaining({ key: 'POST /odd', parameters: [], responses: [] }),
    ]);
  });

  it('says a value that is not an OpenAPI document is none', () => {
    expect(readOpenApiDocument(undefined)).toBeUndefined();
    expect(readOpenApiDocument('{"openapi":"3.1.0"}')).toBeUndefined();
    expect(readOpenApiDocument({ openapi: '3.1.0' })).toBeUndefined();
  });
});
