/**
 * One Lambda per resource module: `httpModule('tickets', { 'GET /tickets': route, ... })` returns the
 * middy handler that dispatches on API Gateway's `routeKey`. The compiler checks that a module serves
 * exactly the routes the route table gives it. Each route declares its inputs as zod schemas and whether
 * it needs a session; the handler body then receives parsed, typed input and the verified session.
 */
import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { z } from 'zod';
import type { ErrorBody } from '../../../shared/errors';
import type { HttpModule, RouteKeyOf } from '../../../infra/resources/http-routes';
import { can, type PermissionAction } from '../../../shared/permissions';
import type { PlanFlag } from '../../../shared/plans';
import { AppError } from '../errors';
import { logger } from '../logger';
import { observability } from '../observability';
import { loadCaller, rememberedCompanyOf, type Caller, type VerifiedIdentity } from '../caller/load-caller';
import type { Reply } from './reply';
import { companySetting } from '../repositories/settings';
import { parseInput } from './validation';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

interface Schemas {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
}

/**
 * Who may call a session route, checked on the server for every call (docs/architecture.md §1.3). All conditions
 * given must hold; a failed one answers ERR_NO_PERMISSION.
 */
export interface Access {
  /** Platform super users only (companies, plans, helps, announcements). */
  readonly superUser?: boolean;
  /** A named action of the rules table in shared/permissions.ts. */
  readonly permission?: PermissionAction;
  /** A feature the company's plan must include. */
  readonly planFlag?: PlanFlag;
  /**
   * Campaigns, open when the plan has `useCampaigns` or the company's `campaignsEnabled` setting (set by
   * a super user) is 'true': the rule the side menu shows its campaigns group by (spec 2 §2, DESIGN §8).
   */
  readonly campaigns?: true;
}

export async function checkAccess(caller: Caller, access: Access | undefined): Promise<void> {
  if (!access) return;
  const allowed =
    (!access.superUser || caller.isSuper) &&
    (!access.permission || can(caller.user.profile, access.permission)) &&
    (!access.planFlag || caller.plan[access.planFlag]) &&
    (!access.campaigns || caller.plan.useCampaigns || (await companySetting(caller.companyId, 'campaignsEnabled')) === 'true');
  if (!allowed) throw new AppError('ERR_NO_PERMISSION');
}

type Parsed<S extends Schemas, K extends keyof Schemas> = S[K] extends z.ZodType ? z.output<S[K]> : undefined;

export interface RouteInput<S extends Schemas> {
  readonly body: Parsed<S, 'body'>;
  readonly query: Parsed<S, 'query'>;
  readonly params: Parsed<S, 'params'>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly event: HttpEvent;
}

export interface Route {
  (event: HttpEvent): Promise<Reply>;
}

/** A route anyone may call (the gateway checks no token). */
export function publicRoute<S extends Schemas>(
  schemas: S,
  run: (input: RouteInput<S>) => Promise<Reply>,
): Route {
  return async (event) => run(parseRouteInput(schemas, event));
}

/** The identity the gateway verified in the request's token (its claims). */
function identityOf(event: HttpEvent): VerifiedIdentity {
  const claims = event.requestContext.authorizer.jwt.claims;
  return { sub: String(claims.sub ?? ''), authTime: Number(claims.auth_time ?? 0), originJti: String(claims.origin_jti ?? '') };
}

/** From here on the request's log lines name its tenant and user (cleared when the invocation ends). */
function identifyCaller(caller: Caller): void {
  logger.appendKeys({ companyId: caller.companyId, userId: caller.userId });
}

/**
 * A route for a signed-in user. The gateway has verified the Cognito token; the session (user, company,
 * plan) is loaded from the table by the token's `sub`. The tenant is taken from there and only there.
 */
export function callerRoute<S extends Schemas>(
  spec: S & { readonly access?: Access; readonly evenWhenLapsed?: boolean },
  run: (input: RouteInput<S> & { readonly caller: Caller }) => Promise<Reply>,
): Route {
  return async (event) => {
    const caller = await loadCaller(identityOf(event), { evenWhenLapsed: spec.evenWhenLapsed === true });
    identifyCaller(caller);
    await checkAccess(caller, spec.access);
    return run({ ...parseRouteInput(spec, event), caller });
  };
}

/**
 * A route for a signed-in user whose first reads need only the tenant (e.g. a search's index Queries):
 * `early` starts them together with the caller's read when this container already knows the token's
 * company (caller/load-caller.ts rememberedCompanyOf), so the request waits for one round trip less.
 * What they read is handed to `run` only after the session passed every check, as `callerRoute` would;
 * a refused request drops it unread. In a cold container, or when the input is invalid, `early` runs
 * after the checks, as part of the request.
 */
export function callerRouteWithEarlyRead<S extends Schemas, E>(
  spec: S & { readonly access?: Access },
  early: (input: RouteInput<S>, companyId: string) => Promise<E>,
  run: (input: RouteInput<S> & { readonly caller: Caller; readonly early: E }) => Promise<Reply>,
): Route {
  return async (event) => {
    const identity = identityOf(event);
    const known = rememberedCompanyOf(identity.sub);
    // Parsed first to start the early read; a validation error is still answered after the session's.
    let parsed: { input: RouteInput<S> } | { error: unknown };
    try {
      parsed = { input: parseRouteInput(spec, event) };
    } catch (error) {
      parsed = { error };
    }
    const started =
      known !== undefined && 'input' in parsed
        ? early(parsed.input, known).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          )
        : undefined;
    const caller = await loadCaller(identity);
    identifyCaller(caller);
    await checkAccess(caller, spec.access);
    if ('error' in parsed) throw parsed.error;
    const settled = started && caller.companyId === known ? await started : undefined;
    if (settled && 'error' in settled) throw settled.error;
    const value = settled ? settled.value : await early(parsed.input, caller.companyId);
    return run({ ...parsed.input, caller, early: value });
  };
}

function parseRouteInput<S extends Schemas>(schemas: S, event: HttpEvent): RouteInput<S> {
  return {
    body: (schemas.body ? parseInput(schemas.body, parseJsonBody(event)) : undefined) as Parsed<S, 'body'>,
    query: (schemas.query ? parseInput(schemas.query, event.queryStringParameters ?? {}) : undefined) as Parsed<
      S,
      'query'
    >,
    params: (schemas.params ? parseInput(schemas.params, event.pathParameters ?? {}) : undefined) as Parsed<
      S,
      'params'
    >,
    headers: event.headers,
    event,
  };
}

/** The request's body as the text it was sent as ('' without one): what a signature or a token is checked against. */
export function rawBody(event: HttpEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** The request's body as JSON (`{}` without one); ERR_VALIDATION when it is not JSON. */
export function parseJsonBody(event: HttpEvent): unknown {
  if (!event.body) return {};
  const text = rawBody(event);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('ERR_VALIDATION', { message: 'Invalid JSON body' });
  }
}

/** Whether the request's body is a multipart form (a route that takes JSON or files tells them apart by it). */
export const isMultipart = (event: HttpEvent): boolean => /^multipart\/form-data/i.test(event.headers['content-type'] ?? '');

const json = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: body === undefined ? '' : JSON.stringify(body),
});

/** Maps any failure to the catalogue's answer; the unexpected ones are logged, never described. */
export function errorResult(error: unknown, event: HttpEvent, context: Context): HttpResult {
  if (error instanceof AppError) {
    const body: ErrorBody = {
      error: error.code,
      ...(error.options.message ? { message: error.options.message } : {}),
      ...(error.options.fields ? { fields: error.options.fields } : {}),
      ...(error.options.details ? { details: error.options.details } : {}),
    };
    return json(error.status, body);
  }
  logger.error('unexpected error', { routeKey: event.routeKey, requestId: context.awsRequestId, error });
  const body: ErrorBody = { error: 'ERR_INTERNAL_SERVER_ERROR' };
  return json(500, body);
}

export function httpModule<M extends HttpModule>(
  module: M,
  routes: Readonly<Record<RouteKeyOf<M>, Route>>,
): middy.MiddyfiedHandler<HttpEvent, HttpResult> {
  const table: Readonly<Record<string, Route>> = routes;
  return middy<HttpEvent, HttpResult, Error, Context, { startedAt: number }>()
    // First, so the request's own log line (`after`, `onError`) still carries the caller's keys.
    .use(observability())
    .before((request) => {
      request.internal.startedAt = Date.now();
    })
    .after((request) => {
      logRequest(module, request.event, request.response, request.internal.startedAt);
    })
    .onError((request) => {
      request.response = errorResult(request.error, request.event, request.context);
      logRequest(module, request.event, request.response, request.internal.startedAt);
    })
    .handler(async (event) => {
      const route = table[event.routeKey];
      if (!route) throw new AppError('ERR_NOT_FOUND', { message: `No route ${event.routeKey} in ${module}` });
      const reply = await route(event);
      if (reply.text !== undefined) {
        return { statusCode: reply.status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', ...reply.headers }, body: reply.text };
      }
      return json(reply.status, reply.body, { ...reply.headers });
    });
}

function logRequest(module: string, event: HttpEvent, response: HttpResult | null, startedAt: unknown): void {
  logger.info('request', {
    module,
    routeKey: event.routeKey,
    status: response?.statusCode,
    ms: typeof startedAt === 'number' ? Date.now() - startedAt : undefined,
    requestId: event.requestContext.requestId,
  });
}
