/**
 * The HTTP API route table, declared once. Each route names the resource module that serves it: one
 * Lambda per module (functions/http/<module>.ts, with an internal router), not one per route. The CDK
 * app generates the functions and routes from this table; the local gateway routes requests by it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `jwt`: the gateway verifies the Cognito access token (API Gateway's JWT authorizer) and answers 401
 * without a valid one. `public`: no token needed (the handler may still do its own checks, e.g. the
 * external API's per-connection bearer token).
 */
export type RouteAuth = 'jwt' | 'public';

export interface HttpModuleDefinition {
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
}

/** Resource modules: functions/http/<name>.ts each exports `handler`. */
export const HTTP_MODULES = {
  version: { memoryMb: 256, timeoutSeconds: 5 },
  auth: { memoryMb: 512, timeoutSeconds: 10 },
  realtime: { memoryMb: 256, timeoutSeconds: 5 },
} as const satisfies Record<string, HttpModuleDefinition>;

export type HttpModule = keyof typeof HTTP_MODULES;

export interface HttpRouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/tickets/{id}`. */
  readonly path: string;
  readonly module: HttpModule;
  readonly auth: RouteAuth;
}

export const HTTP_ROUTES = [
  { method: 'GET', path: '/version', module: 'version', auth: 'public' },
  { method: 'GET', path: '/auth/me', module: 'auth', auth: 'jwt' },
  { method: 'POST', path: '/realtime/ticket', module: 'realtime', auth: 'jwt' },
] as const satisfies readonly HttpRouteDefinition[];

/** The route keys a module serves, e.g. RouteKeyOf<'auth'> = 'GET /auth/me'. */
export type RouteKeyOf<M extends HttpModule> =
  Extract<(typeof HTTP_ROUTES)[number], { module: M }> extends infer R
    ? R extends { method: infer Method extends string; path: infer Path extends string }
      ? `${Method} ${Path}`
      : never
    : never;

export const httpModuleEntry = (module: HttpModule): string => `functions/http/${module}.ts`;

/** The route key API Gateway puts in `event.routeKey`, e.g. `GET /tickets/{id}`. */
export const routeKey = (route: Pick<HttpRouteDefinition, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/** CORS of the HTTP API, as deployed; the allowed origin is the stage's web origin. */
export const HTTP_CORS = {
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const,
  allowHeaders: ['authorization', 'content-type', 'idempotency-key'] as const,
  exposeHeaders: [] as const,
  maxAgeSeconds: 600,
  allowCredentials: false,
};
