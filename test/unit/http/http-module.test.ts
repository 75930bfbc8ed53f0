/** The HTTP module wrapper: dispatch by routeKey, zod inputs, and the error catalogue's answers. */
import { jest } from '@jest/globals';
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import { AppError } from '../../../functions/core/errors';
import { httpModule, publicRoute, type HttpEvent, type Route } from '../../../functions/core/http/http-module';
import { ok } from '../../../functions/core/http/reply';

process.env.LOG_LEVEL = 'silent';

const context = { awsRequestId: 'request-1' } as Context;

const event = (routeKey: string, overrides: Partial<HttpEvent> = {}): HttpEvent =>
  ({
    version: '2.0',
    routeKey,
    rawPath: '/',
    rawQueryString: '',
    headers: {},
    requestContext: { requestId: 'r1', http: { method: 'POST', path: '/' } },
    isBase64Encoded: false,
    ...overrides,
  }) as HttpEvent;

/** A module under test; the cast lets it serve a made-up route key (the type only admits real ones). */
const moduleWith = (route: Route) =>
  httpModule('version', { 'GET /version': route });

const contactSchema = z.object({
  name: z.string().min(2, 'Too Short!').max(50, 'Too Long!'),
  email: z.email('Invalid email'),
});

describe('httpModule', () => {
  it('answers the route result as JSON with its status', async () => {
    const handler = moduleWith(publicRoute({}, async () => ok({ hello: 'world' })));

    const result = await handler(event('GET /version'), context);

    expect(result).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"hello":"world"}',
    });
  });

  it('hands the route a parsed, typed body', async () => {
    const handler = moduleWith(publicRoute({ body: contactSchema }, async ({ body }) => ok({ name: body.name.toUpperCase() })));

    const result = await handler(event('GET /version', { body: '{"name":"Ana","email":"ana@example.com"}' }), context);

    expect(JSON.parse(String(result.body))).toEqual({ name: 'ANA' });
  });

  it('refuses an invalid body with 400 ERR_VALIDATION and the message of each field', async () => {
    const run = jest.fn(async () => ok({}));
    const handler = moduleWith(publicRoute({ body: contactSchema }, run));

    const result = await handler(event('GET /version', { body: '{"name":"A","email":"nope"}' }), context);

    expect(result.statusCode).toBe(400);
    expect(JSON.parse(String(result.body))).toEqual({
      error: 'ERR_VALIDATION',
      message: 'Too Short!',
      fields: [
        { path: 'name', message: 'Too Short!' },
        { path: 'email', message: 'Invalid email' },
      ],
    });
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a body that is not JSON with 400 ERR_VALIDATION', async () => {
    const handler = moduleWith(publicRoute({ body: contactSchema }, async () => ok({})));

    const result = await handler(event('GET /version', { body: '{"name":' }), context);

    expect(result.statusCode).toBe(400);
    expect(JSON.parse(String(result.body))).toEqual({ error: 'ERR_VALIDATION', message: 'Invalid JSON body' });
  });

  it('decodes a base64 body before parsing it', async () => {
    const handler = moduleWith(publicRoute({ body: contactSchema }, async ({ body }) => ok(body)));
    const body = Buffer.from('{"name":"Bia","email":"bia@example.com"}').toString('base64');

    const result = await handler(event('GET /version', { body, isBase64Encoded: true }), context);

    expect(JSON.parse(String(result.body))).toEqual({ name: 'Bia', email: 'bia@example.com' });
  });

  it('answers a domain error with its catalogue status and code', async () => {
    const handler = moduleWith(
      publicRoute({}, async () => {
        throw new AppError('ERR_NO_TICKET_FOUND');
      }),
    );

    const result = await handler(event('GET /version'), context);

    expect(result.statusCode).toBe(404);
    expect(JSON.parse(String(result.body))).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
  });

  it('answers an unexpected failure with 500 ERR_INTERNAL_SERVER_ERROR and nothing of the error', async () => {
    const handler = moduleWith(
      publicRoute({}, async () => {
        throw new Error('connection string postgres://secret@db');
      }),
    );

    const result = await handler(event('GET /version'), context);

    expect(result.statusCode).toBe(500);
    expect(result.body).toBe('{"error":"ERR_INTERNAL_SERVER_ERROR"}');
  });

  it('answers 404 ERR_NOT_FOUND for a route key the module does not serve', async () => {
    const handler = moduleWith(publicRoute({}, async () => ok({})));

    const result = await handler(event('DELETE /version'), context);

    expect(result.statusCode).toBe(404);
    expect(JSON.parse(String(result.body)).error).toBe('ERR_NOT_FOUND');
  });
});
