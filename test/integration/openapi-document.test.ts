/**
 * GET /api/openapi.json on the local cloud: public (no token), JSON OpenAPI 3.1 that validates
 * structurally, cacheable, naming the API's own address as its server; and what it promises holds for a
 * call without a token (the documented 401 code is the one answered).
 */
import { openApiStructureProblems } from '../support/openapi-structure';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;

beforeAll(async () => {
  cloud = await sharedTestCloud();
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

describe('GET /api/openapi.json', () => {
  it('answers 200 with an OpenAPI 3.1 JSON document to a caller without a token', async () => {
    const response = await fetch(`${cloud.config.apiUrl}/api/openapi.json`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const document = (await response.json()) as { openapi: string; servers?: { url: string }[]; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(openApiStructureProblems(document)).toEqual([]);
    expect(document.servers).toEqual([{ url: cloud.config.apiUrl }]);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/messages/send', '/api/openapi.json']));
  });

  it('documents the 401 code that a send without a token is answered with', async () => {
    const document = (await cloud.api('/api/openapi.json')).body;
    const unauthorized = document.paths['/api/messages/send'].post.responses['401'];
    const documented: string[] = unauthorized.content['application/json'].schema.allOf[1].properties.error.enum;

    const answer = await cloud.api('/api/messages/send', { method: 'POST', body: { number: '5511999990000', body: 'Olá' } });

    expect(answer.status).toBe(401);
    expect(documented).toContain(answer.body.error);
  });
});
