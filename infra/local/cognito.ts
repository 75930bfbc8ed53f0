/**
 * The local Cognito user pool: `cognito-local` run in-process, composed here (instead of its CLI) so that
 * its data lives under a directory of our choice, it listens on the port we are given and its logger stays
 * quiet. At start it seeds, idempotently, the one user pool and app client the product uses.
 *
 * It covers the gaps cognito-local has compared with Cognito (DESIGN.md §4), as extra targets of its router:
 * - `GetTokensFromRefreshToken` (how aws-amplify v6 refreshes) is answered by cognito-local's
 *   `InitiateAuth` with `REFRESH_TOKEN_AUTH`, reshaped into GetTokensFromRefreshToken's answer;
 * - `GlobalSignOut` (Amplify's `signOut({ global: true })`) and `AdminUserGlobalSignOut` forget every
 *   refresh token of the user, as Cognito does;
 * - `InitiateAuth` answers a wrong password with NotAuthorizedException (cognito-local says
 *   InvalidPasswordException) and adds the ExpiresIn and TokenType Cognito returns.
 * Everything else Amplify's password sign-in, session and sign-out use is plain cognito-local. That includes
 * `RevokeToken`, which cognito-local has (it forgets the refresh token); Amplify's local sign-out only calls
 * it for access tokens carrying `origin_jti`, which cognito-local's do not.
 *
 * The pool id has the AWS form (`us-east-1_XXXXXXXXX`) because aws-jwt-verify and Amplify parse the region
 * out of it. Tokens carry `iss = http://<host>:<port>/<poolId>`; aws-jwt-verify refuses to download a JWKS
 * over http, so whoever verifies tokens gets the key set from `jwks` (see createLocalAccessTokenVerifier).
 */
import { randomInt } from 'node:crypto';
import http from 'node:http';
import vm from 'node:vm';
import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { Route, Router as CognitoRouter } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory';
import type { Triggers } from 'cognito-local/lib/services/triggers';
import type { UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { closeServer, listen, reachableUrlHost } from './net';

export interface StartCognitoOptions {
  /** Port of the endpoint clients use; 0 picks a free one. */
  readonly port: number;
  readonly host?: string;
  /** Directory owned by the local Cognito: every `.json` file in it is read as a user pool or client list. */
  readonly dataDir: string;
  readonly poolName: string;
  readonly clientName: string;
}

export interface LocalCognito {
  readonly endpoint: string;
  readonly port: number;
  readonly userPoolId: string;
  readonly clientId: string;
  /** The `iss` claim of the tokens this pool issues. */
  readonly issuer: string;
  /** The key set served at `<issuer>/.well-known/jwks.json`. */
  readonly jwks: Jwks;
  /** Closes the server; resolves once it is closed. */
  stop(): Promise<void>;
}

export interface LocalAccessTokenVerifier {
  /** Resolves with the claims of a valid access token of the app client; rejects any other token. */
  verify(token: string): Promise<Record<string, unknown>>;
}

const REGION = 'us-east-1';

// cognito-local is CommonJS with extensionless internal paths: require it, with Node's own require.
// Under jest the `node:module` and `process` a module sees are jest's, and jest's require cannot load
// ES-only packages before Node 24.9; cognito-local needs some (otplib's @scure/base and @noble/hashes).
// The host's `process`, reached through vm (which evaluates in the host's context), hands out Node's own
// `node:module`. Outside jest this is simply the global `process`.
const hostProcess = vm.runInThisContext('process') as NodeJS.Process;
const { createRequire } = hostProcess.getBuiltinModule('node:module');
const requireHere = createRequire(import.meta.url);
const requireFromCognitoLocal = createRequire(requireHere.resolve('cognito-local'));

const { createServer } = requireHere('cognito-local/lib/server/server') as typeof import('cognito-local/lib/server/server');
const { Router } = requireHere('cognito-local/lib/server/Router') as typeof import('cognito-local/lib/server/Router');
const { DefaultConfig } = requireHere('cognito-local/lib/server/config') as typeof import('cognito-local/lib/server/config');
const { DateClock } = requireHere('cognito-local/lib/services/clock') as typeof import('cognito-local/lib/services/clock');
const { CognitoServiceFactoryImpl } =
  requireHere('cognito-local/lib/services/cognitoService') as typeof import('cognito-local/lib/services/cognitoService');
const { UserPoolServiceFactoryImpl } =
  requireHere('cognito-local/lib/services/userPoolService') as typeof import('cognito-local/lib/services/userPoolService');
const { StormDBDataStoreFactory } =
  requireHere('cognito-local/lib/services/dataStore/stormDb') as typeof import('cognito-local/lib/services/dataStore/stormDb');
const { MessagesService } = requireHere('cognito-local/lib/services/messages') as typeof import('cognito-local/lib/services/messages');
const { MessageDeliveryService } =
  requireHere('cognito-local/lib/services/messageDelivery/messageDelivery') as typeof import('cognito-local/lib/services/messageDelivery/messageDelivery');
const { ConsoleMessageSender } =
  requireHere('cognito-local/lib/services/messageDelivery/consoleMessageSender') as typeof import('cognito-local/lib/services/messageDelivery/consoleMessageSender');
const { otp } = requireHere('cognito-local/lib/services/otp') as typeof import('cognito-local/lib/services/otp');
const { JwtTokenGenerator } =
  requireHere('cognito-local/lib/services/tokenGenerator') as typeof import('cognito-local/lib/services/tokenGenerator');
const { CognitoError, InvalidParameterError, NotAuthorizedError, UserNotFoundError } =
  requireHere('cognito-local/lib/errors') as typeof import('cognito-local/lib/errors');
const publicKey = requireHere('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: Jwks['keys'][number] };

type Logger = Parameters<typeof createServer>[1];
// pino is cognito-local's own dependency (its request logging needs a real pino); ask it for its copy.
const pino = requireFromCognitoLocal('pino') as (options: { level: string }) => Logger;

/** Starts cognito-local on `options.port`, seeds the pool and client, and resolves once it listens. */
export async function startCognito(options: StartCognitoOptions): Promise<LocalCognito> {
  const host = options.host ?? '127.0.0.1';
  // The issuer holds the real port, which is only known once listening: listen first, serve afterwards
  // (nobody can call before this function has returned the port).
  const server = http.createServer();
  const port = await listen(server, options.port, host);
  const endpoint = `http://${reachableUrlHost(host)}:${port}`;
  const writes = new WriteQueue();
  const stop = async (): Promise<void> => {
    await closeServer(server);
    await writes.drained();
  };

  try {
    const { app, userPoolId, clientId, issuer, jwks } = await composeCognito(options, endpoint, writes);
    server.on('request', app);
    return { endpoint, port, userPoolId, clientId, issuer, jwks, stop };
  } catch (error) {
    // A data directory that cannot be read must not leave the port taken.
    await stop();
    throw error;
  }
}

interface ComposedCognito {
  readonly app: http.RequestListener;
  readonly userPoolId: string;
  readonly clientId: string;
  readonly issuer: string;
  readonly jwks: Jwks;
}

/** Builds cognito-local's services as its `createDefaultServer` does, with our data directory and router. */
async function composeCognito(options: StartCognitoOptions, endpoint: string, writes: WriteQueue): Promise<ComposedCognito> {
  // 'error' rather than 'warn': cognito-local warns about every refused request (a wrong password, say),
  // which is normal traffic here; errors still show, unsupported targets among them.
  const logger = pino({ level: 'error' });
  const ctx: Context = { logger };
  const clock = new DateClock();
  const dataStoreFactory = new InTurnDataStoreFactory(new StormDBDataStoreFactory(options.dataDir), writes);
  const cognito = await new CognitoServiceFactoryImpl(
    options.dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, { UsernameAttributes: ['email'] });
  const services: Services = {
    clock,
    cognito,
    config: { ...DefaultConfig, TokenConfig: { IssuerDomain: endpoint } },
    messages: new MessagesService(noTriggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, noTriggers, { IssuerDomain: endpoint }),
    triggers: noTriggers,
  };
  const baseRouter = Router(services);

  const userPoolId = await seedUserPool(ctx, services, options.poolName);
  const clientId = await seedAppClient(ctx, services, baseRouter, userPoolId, options.clientName);
  const issuer = `${endpoint}/${userPoolId}`;
  const jwks: Jwks = { keys: [publicKey.jwk] };

  const router = withCognitoGaps(baseRouter, services, accessTokenVerifier(issuer, jwks, null));
  const app = createServer(router, logger, { ...DefaultConfig.ServerConfig, development: false }, services)
    .application as http.RequestListener;
  return { app, userPoolId, clientId, issuer, jwks };
}

/**
 * Verifies access tokens of the local pool as API Gateway's JWT authorizer does with Cognito: signature,
 * issuer, expiry, `token_use = access` and `client_id` equal to the app client.
 *
 * Built on aws-jwt-verify's JwtVerifier rather than CognitoJwtVerifier: the latter derives the issuer from
 * the pool id (`https://cognito-idp.<region>.amazonaws.com/<poolId>`) and cannot be told the local one. The
 * Cognito-specific checks are CognitoJwtVerifier's own (`validateCognitoJwtFields`), run as a custom check.
 */
export function createLocalAccessTokenVerifier(cognito: LocalCognito): LocalAccessTokenVerifier {
  return accessTokenVerifier(cognito.issuer, cognito.jwks, cognito.clientId);
}

function accessTokenVerifier(issuer: string, jwks: Jwks, clientId: string | null): LocalAccessTokenVerifier {
  const verifier = JwtVerifier.create({
    issuer,
    // Cognito access tokens have no `aud`; the app client is in `client_id`, checked below.
    audience: null,
    customJwtCheck: ({ payload }) => validateCognitoJwtFields(payload, { tokenUse: 'access', clientId, groups: null }),
  });
  verifier.cacheJwks(jwks);
  return { verify: async (token) => ({ ...(await verifier.verify(token)) }) };
}

/**
 * cognito-local's StormDB store rewrites a whole JSON file with `fs.writeFile` on every change and does not
 * wait for the previous write: concurrent requests (a seed creating users in parallel) can leave a file
 * corrupted or stale, and the next start then fails. Every write of this Cognito therefore waits its turn.
 */
class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(write: () => Promise<T>): Promise<T> {
    const result = this.tail.then(write);
    this.tail = result.catch(() => undefined);
    return result;
  }

  drained(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}

class InTurnDataStoreFactory implements DataStoreFactory {
  constructor(
    private readonly inner: DataStoreFactory,
    private readonly writes: WriteQueue,
  ) {}

  async create(ctx: Context, id: string, defaults: object): Promise<DataStore> {
    // Creating a store saves its defaults, so it is a write too.
    return new InTurnDataStore(await this.writes.run(() => this.inner.create(ctx, id, defaults)), this.writes);
  }
}

class InTurnDataStore implements DataStore {
  constructor(
    private readonly inner: DataStore,
    private readonly writes: WriteQueue,
  ) {}

  get<T>(ctx: Context, key: string | string[]): Promise<T | null>;
  get<T>(ctx: Context, key: string | string[], defaultValue: T): Promise<T>;
  get<T>(ctx: Context, key: string | string[], defaultValue?: T): Promise<T | null> {
    return defaultValue === undefined ? this.inner.get<T>(ctx, key) : this.inner.get(ctx, key, defaultValue);
  }

  getRoot<T>(ctx: Context): Promise<T | null> {
    return this.inner.getRoot<T>(ctx);
  }

  set<T>(ctx: Context, key: string | string[], value: T): Promise<void> {
    return this.writes.run(() => this.inner.set(ctx, key, value));
  }

  delete(ctx: Context, key: string | string[]): Promise<void> {
    return this.writes.run(() => this.inner.delete(ctx, key));
  }
}

/** The local cloud configures no Cognito Lambda triggers; cognito-local asks `enabled` before any call. */
const notConfigured = (): Promise<never> => Promise.reject(new Error('No Cognito triggers run locally'));
const noTriggers: Triggers = {
  enabled: () => false,
  customMessage: notConfigured,
  customEmailSender: notConfigured,
  postAuthentication: notConfigured,
  postConfirmation: notConfigured,
  preSignUp: notConfigured,
  preTokenGeneration: notConfigured,
  userMigration: notConfigured,
};

/** Finds the pool named `poolName`, or creates it with an id of the AWS form. */
async function seedUserPool(ctx: Context, services: Services, poolName: string): Promise<string> {
  const existing = (await services.cognito.listUserPools(ctx)).find((pool) => pool.Name === poolName);
  if (existing) return existing.Id;
  const id = `${REGION}_${randomAlphanumeric(9)}`;
  const now = services.clock.get();
  await services.cognito.createUserPool(ctx, {
    Id: id,
    Name: poolName,
    Arn: `arn:aws:cognito-idp:${REGION}:000000000000:userpool/${id}`,
    // Users sign in with their email; cognito-local then stores the sub as the username, as Cognito does.
    UsernameAttributes: ['email'],
    MfaConfiguration: 'OFF',
    CreationDate: now,
    LastModifiedDate: now,
  });
  return id;
}

/** Finds the client named `clientName` in the pool, or creates it as the CDK app does (no secret). */
async function seedAppClient(
  ctx: Context,
  services: Services,
  router: CognitoRouter,
  userPoolId: string,
  clientName: string,
): Promise<string> {
  const existing = (await services.cognito.listAppClients(ctx, userPoolId)).find((c) => c.ClientName === clientName);
  if (existing) return existing.ClientId;
  const created = (await router('CreateUserPoolClient')(ctx, {
    UserPoolId: userPoolId,
    ClientName: clientName,
    GenerateSecret: false,
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    PreventUserExistenceErrors: 'ENABLED',
    EnableTokenRevocation: true,
    // Cognito's defaults, so that token refresh happens locally as often as on AWS.
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  })) as { UserPoolClient: { ClientId: string } };
  return created.UserPoolClient.ClientId;
}

interface AuthenticationResult {
  AccessToken?: string;
  IdToken?: string;
  RefreshToken?: string;
  ExpiresIn?: number;
  TokenType?: string;
}

/** cognito-local's router with the targets it lacks or answers differently from Cognito. */
function withCognitoGaps(base: CognitoRouter, services: Services, anyClientAccessToken: LocalAccessTokenVerifier): CognitoRouter {
  const initiateAuth: Route = async (ctx, req) => {
    try {
      const result = (await base('InitiateAuth')(ctx, req)) as { AuthenticationResult?: AuthenticationResult };
      if (result.AuthenticationResult?.AccessToken) {
        result.AuthenticationResult = withExpiry(result.AuthenticationResult, result.AuthenticationResult.AccessToken);
      }
      return result;
    } catch (error) {
      if (error instanceof CognitoError && error.code === 'InvalidPasswordException') {
        throw new NotAuthorizedError('Incorrect username or password.');
      }
      throw error;
    }
  };

  const getTokensFromRefreshToken: Route = async (ctx, req: { ClientId?: string; RefreshToken?: string; DeviceKey?: string; ClientMetadata?: unknown }) => {
    if (!req.ClientId || !req.RefreshToken) {
      throw new InvalidParameterError('ClientId and RefreshToken are required');
    }
    const result = (await base('InitiateAuth')(ctx, {
      ClientId: req.ClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: req.RefreshToken, ...(req.DeviceKey ? { DEVICE_KEY: req.DeviceKey } : {}) },
      ClientMetadata: req.ClientMetadata,
    })) as { AuthenticationResult?: AuthenticationResult };
    const accessToken = result.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new NotAuthorizedError('Invalid Refresh Token');
    // Without refresh token rotation Cognito hands back no new refresh token; Amplify keeps the one it sent.
    return {
      AuthenticationResult: withExpiry(
        { AccessToken: accessToken, IdToken: result.AuthenticationResult?.IdToken, RefreshToken: req.RefreshToken },
        accessToken,
      ),
    };
  };

  const globalSignOut: Route = async (ctx, req: { AccessToken?: string }) => {
    let claims: Record<string, unknown>;
    try {
      claims = await anyClientAccessToken.verify(req.AccessToken ?? '');
    } catch {
      throw new NotAuthorizedError('Invalid Access Token');
    }
    const userPool = await services.cognito.getUserPoolForClientId(ctx, String(claims.client_id));
    await forgetRefreshTokens(ctx, userPool, String(claims.sub));
    return {};
  };

  const adminUserGlobalSignOut: Route = async (ctx, req: { UserPoolId?: string; Username?: string }) => {
    if (!req.UserPoolId || !req.Username) throw new InvalidParameterError('UserPoolId and Username are required');
    const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    await forgetRefreshTokens(ctx, userPool, req.Username);
    return {};
  };

  const extra: Readonly<Record<string, Route>> = {
    InitiateAuth: initiateAuth,
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    GlobalSignOut: globalSignOut,
    AdminUserGlobalSignOut: adminUserGlobalSignOut,
  };
  return (target) => extra[target] ?? base(target);
}

/**
 * Cognito's global sign-out invalidates the user's refresh tokens (access tokens stay valid for JWT
 * verifiers until they expire, as on AWS). cognito-local keeps a user's refresh tokens on the user.
 */
async function forgetRefreshTokens(ctx: Context, userPool: UserPoolService, username: string): Promise<void> {
  const user = await userPool.getUserByUsername(ctx, username);
  if (!user) throw new UserNotFoundError('User does not exist.');
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
}

/** Adds the lifetime of the access token in seconds and the token type, which cognito-local leaves out. */
function withExpiry(result: AuthenticationResult, accessToken: string): AuthenticationResult {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    exp?: number;
    iat?: number;
  };
  const expiresIn = payload.exp !== undefined && payload.iat !== undefined ? payload.exp - payload.iat : undefined;
  return { ...result, ExpiresIn: result.ExpiresIn ?? expiresIn, TokenType: result.TokenType ?? 'Bearer' };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  return Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}
