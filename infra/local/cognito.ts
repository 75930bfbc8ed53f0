/**
 * The local Cognito user pool: `cognito-local` run in-process, composed here (instead of its CLI) so that
 * its data lives under a directory of our choice, it listens on the port we are given and its logger stays
 * quiet. At start it seeds, idempotently, the one user pool and app client the product uses.
 *
 * It covers the gaps cognito-local has compared with Cognito (docs/architecture.md §4), as extra targets of its router:
 * - `GetTokensFromRefreshToken` (how aws-amplify v6 refreshes) is answered by cognito-local's
 *   `InitiateAuth` with `REFRESH_TOKEN_AUTH`, reshaped into GetTokensFromRefreshToken's answer;
 * - `GlobalSignOut` (Amplify's `signOut({ global: true })`) and `AdminUserGlobalSignOut` forget every
 *   refresh token of the user, as Cognito does;
 * - `InitiateAuth` answers a wrong password with NotAuthorizedException (cognito-local says
 *   InvalidPasswordException) and adds the ExpiresIn and TokenType Cognito returns;
 * - tokens carry `origin_jti`, the id of the sign-in they descend from, and keep it and `auth_time` across
 *   refreshes, as Cognito's do (cognito-local has no `origin_jti` and stamps `auth_time` anew on every
 *   refresh). The backend's single-active-session rule relies on both. A password sign-in gets a new
 *   origin (a time-ordered uuid, so that two sign-ins within one second still compare in the order they
 *   happened); the access and id tokens are signed again, with cognito-local's own key, with it added. The
 *   refresh token's origin and sign-in time are remembered in `sessions/refresh-tokens.json` under the data
 *   directory, and a refresh signs its tokens again with them;
 * - codes Cognito would e-mail (password reset) are printed on the console of `npm start`, one line each,
 *   unless the log level is `silent`, and kept for tests (`lastCode`, `lastLocalCognitoCode`).
 * - `RevokeToken` (Amplify's sign-out sends it with the refresh token when the access token carries
 *   `origin_jti`) answers a refresh token this pool issued with success even when the token is no longer
 *   live, as Cognito does (token revocation, RFC 7009: revoking a dead token is no error). cognito-local
 *   answers 400 for a token it no longer holds, which is every logout here: DELETE /auth/logout signs the
 *   user out globally first. A live token is forgotten by cognito-local's own RevokeToken.
 * Everything else Amplify's password sign-in, session and sign-out use is plain cognito-local.
 *
 * The pool id has the AWS form (`us-east-1_XXXXXXXXX`) because aws-jwt-verify and Amplify parse the region
 * out of it. Tokens carry `iss = http://<host>:<port>/<poolId>`; aws-jwt-verify refuses to download a JWKS
 * over http, so whoever verifies tokens gets the key set from `jwks` (see createLocalAccessTokenVerifier).
 */
import { createHash, createPublicKey, createSign, createVerify, randomBytes, randomInt, type JsonWebKey } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import vm from 'node:vm';
import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { Route, Router as CognitoRouter } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { Messages } from 'cognito-local/lib/services/messages';
import type { Context } from 'cognito-local/lib/services/context';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory';
import type { Triggers } from 'cognito-local/lib/services/triggers';
import type { UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { ENV } from '../resources/environment';
import { closeServer, listen, reachableUrlHost } from './net';

export interface StartCognitoOptions {
  /** Port of the endpoint clients use; 0 picks a free one. */
  readonly port: number;
  readonly host?: string;
  /**
   * Directory owned by the local Cognito: every `.json` file in it is read as a user pool or client list;
   * the `sessions/` folder holds the sign-in origins of the refresh tokens.
   */
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
  /** The last code this pool "e-mailed" to the address (password reset), for tests. */
  lastCode(email: string): string | undefined;
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
const { otp } = requireHere('cognito-local/lib/services/otp') as typeof import('cognito-local/lib/services/otp');
const { JwtTokenGenerator } =
  requireHere('cognito-local/lib/services/tokenGenerator') as typeof import('cognito-local/lib/services/tokenGenerator');
const { CognitoError, InvalidParameterError, NotAuthorizedError, UserNotFoundError } =
  requireHere('cognito-local/lib/errors') as typeof import('cognito-local/lib/errors');
const publicKey = requireHere('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: Jwks['keys'][number] };
const privateKey = requireHere('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };

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
  const messages = new LocalMessages();
  const stop = async (): Promise<void> => {
    deliveredCodes.delete(messages.codes);
    await closeServer(server);
    await writes.drained();
  };

  try {
    const { app, userPoolId, clientId, issuer, jwks } = await composeCognito(options, endpoint, writes, messages);
    server.on('request', app);
    deliveredCodes.add(messages.codes);
    const lastCode = (email: string) => messages.codes.get(email.trim().toLowerCase());
    return { endpoint, port, userPoolId, clientId, issuer, jwks, lastCode, stop };
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
async function composeCognito(
  options: StartCognitoOptions,
  endpoint: string,
  writes: WriteQueue,
  messages: Messages,
): Promise<ComposedCognito> {
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
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, noTriggers, { IssuerDomain: endpoint }),
    triggers: noTriggers,
  };
  const baseRouter = Router(services);

  const userPoolId = await seedUserPool(ctx, services, options.poolName);
  const clientId = await seedAppClient(ctx, services, baseRouter, userPoolId, options.clientName);
  const issuer = `${endpoint}/${userPoolId}`;
  const jwks: Jwks = { keys: [publicKey.jwk] };

  const origins = await RefreshTokenOrigins.load(path.join(options.dataDir, 'sessions', 'refresh-tokens.json'), writes);
  const router = withCognitoGaps(baseRouter, services, accessTokenVerifier(issuer, jwks, null), origins, issuedRefreshToken(issuer));
  const app = createServer(router, logger, { ...DefaultConfig.ServerConfig, development: false }, services)
    .application as http.RequestListener;
  return { app, userPoolId, clientId, issuer, jwks };
}

/**
 * Verifies access tokens of the local pool as API Gateway's JWT authorizer does with Cognito: signature,
 * issuer, expiry (required), `token_use = access` and `client_id` equal to the app client.
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
    customJwtCheck: ({ payload }) => {
      // aws-jwt-verify accepts a token without `exp`; API Gateway's JWT authorizer does not, so neither
      // may the local one (a local test must never pass on a token AWS would refuse).
      if (typeof payload.exp !== 'number') throw new Error('Token has no exp claim');
      validateCognitoJwtFields(payload, { tokenUse: 'access', clientId, groups: null });
    },
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

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- cognito-local's DataStore declares set<T>
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

interface InitiateAuthRequest {
  AuthFlow?: string;
  AuthParameters?: Record<string, string>;
}

/** cognito-local's router with the targets it lacks or answers differently from Cognito. */
function withCognitoGaps(
  base: CognitoRouter,
  services: Services,
  anyClientAccessToken: LocalAccessTokenVerifier,
  origins: RefreshTokenOrigins,
  issuedHere: (token: string) => boolean,
): CognitoRouter {
  const initiateAuth: Route = async (ctx, req: InitiateAuthRequest) => {
    try {
      const result = (await base('InitiateAuth')(ctx, req)) as { AuthenticationResult?: AuthenticationResult };
      if (result.AuthenticationResult?.AccessToken) {
        const withOrigin = await carryOrigin(origins, req, result.AuthenticationResult);
        result.AuthenticationResult = withExpiry(withOrigin, withOrigin.AccessToken ?? '');
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
    const result = (await initiateAuth(ctx, {
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

  const revokeToken: Route = async (ctx, req: { ClientId?: string; Token?: string }) => {
    if (!req.ClientId || !req.Token) throw new InvalidParameterError('ClientId and Token are required');
    try {
      return (await base('RevokeToken')(ctx, req)) as object;
    } catch (error) {
      // Already revoked, or ended by a global sign-out: there is nothing left to revoke, which is no error.
      if (error instanceof NotAuthorizedError && issuedHere(req.Token)) return {};
      throw error;
    }
  };

  const extra: Readonly<Record<string, Route>> = {
    InitiateAuth: initiateAuth,
    RevokeToken: revokeToken,
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    GlobalSignOut: globalSignOut,
    AdminUserGlobalSignOut: adminUserGlobalSignOut,
  };
  return (target) => extra[target] ?? base(target);
}

/**
 * Whether a token is a refresh token of this pool: signed with cognito-local's key, of its issuer, and
 * shaped as cognito-local's refresh tokens are (a `jti`, no `token_use`), whether or not it is still live.
 */
function issuedRefreshToken(issuer: string): (token: string) => boolean {
  const key = createPublicKey({ key: publicKey.jwk as JsonWebKey, format: 'jwk' });
  return (token) => {
    const [header = '', payload = '', signature = ''] = token.split('.');
    if (!header || !payload || !signature) return false;
    const signed = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(key, Buffer.from(signature, 'base64url'));
    const claims = decodeClaims(payload);
    return signed && claims.iss === issuer && typeof claims.jti === 'string' && claims.token_use === undefined;
  };
}

/** The sign-in a token descends from: Cognito keeps both claims across refreshes. */
interface SignInOrigin {
  readonly originJti: string;
  readonly authTime: number;
}

/**
 * Gives the tokens of an answer the `origin_jti` and `auth_time` of their sign-in: a new origin for a
 * password sign-in (remembered with its refresh token), the remembered one for a refresh.
 */
async function carryOrigin(
  origins: RefreshTokenOrigins,
  req: InitiateAuthRequest,
  result: AuthenticationResult,
): Promise<AuthenticationResult> {
  const { AccessToken, IdToken, RefreshToken } = result;
  if (!AccessToken) return result;
  let origin: SignInOrigin | undefined;
  if (req.AuthFlow === 'USER_PASSWORD_AUTH' && RefreshToken) {
    origin = { originJti: timeOrderedUuid(), authTime: Number(claimsOf(AccessToken).auth_time) };
    await origins.remember(RefreshToken, origin);
  } else if (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') {
    const refreshToken = req.AuthParameters?.REFRESH_TOKEN ?? '';
    origin = origins.find(refreshToken) ?? originInRefreshToken(refreshToken);
  }
  if (!origin) return result;
  const claims = { origin_jti: origin.originJti, auth_time: origin.authTime };
  return { ...result, AccessToken: signAgain(AccessToken, claims), IdToken: IdToken && signAgain(IdToken, claims) };
}

/**
 * A refresh token issued before origins were remembered (data of an older run): cognito-local's refresh
 * tokens are JWTs whose `jti` is unique per sign-in and whose `iat` is the sign-in time.
 */
function originInRefreshToken(refreshToken: string): SignInOrigin | undefined {
  const claims = claimsOf(refreshToken);
  return typeof claims.jti === 'string' && typeof claims.iat === 'number'
    ? { originJti: claims.jti, authTime: claims.iat }
    : undefined;
}

/** The token with `claims` added or replaced, signed with cognito-local's key as its own tokens are. */
function signAgain(token: string, claims: Record<string, unknown>): string {
  const [header = '', payload = ''] = token.split('.');
  const body = Buffer.from(JSON.stringify({ ...decodeClaims(payload), ...claims })).toString('base64url');
  const unsigned = `${header}.${body}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey.pem).toString('base64url')}`;
}

const claimsOf = (token: string): Record<string, unknown> => decodeClaims(token.split('.')[1] ?? '');

/** The claims of a JWT's payload segment; {} for anything that is not one (an opaque token). */
function decodeClaims(segment: string): Record<string, unknown> {
  try {
    const claims: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

let lastUuidMs = 0;

/**
 * A version 7 uuid: 48 bits of milliseconds first, so origins sort in the order of their sign-ins. Two
 * sign-ins in one millisecond get consecutive milliseconds, which keeps the order strict.
 */
function timeOrderedUuid(): string {
  lastUuidMs = Math.max(Date.now(), lastUuidMs + 1);
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastUuidMs, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface StoredOrigin extends SignInOrigin {
  /** Epoch seconds after which the refresh token is dead anyway and the entry can go. */
  readonly expiresAt: number;
}

/**
 * Refresh token -> origin of its sign-in, persisted so that a refresh after a restart of `npm start` keeps
 * its session. Keys are SHA-256 digests of the tokens. The file is rewritten whole (it holds the live
 * refresh tokens only), to a temporary file renamed over the old one so a crash never leaves half of it.
 */
class RefreshTokenOrigins {
  private constructor(
    private readonly file: string,
    private readonly writes: WriteQueue,
    private readonly byToken: Map<string, StoredOrigin>,
  ) {}

  static async load(file: string, writes: WriteQueue): Promise<RefreshTokenOrigins> {
    let stored: Record<string, StoredOrigin> = {};
    try {
      stored = JSON.parse(await readFile(file, 'utf8')) as Record<string, StoredOrigin>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return new RefreshTokenOrigins(file, writes, new Map(Object.entries(stored)));
  }

  find(refreshToken: string): SignInOrigin | undefined {
    const stored = this.byToken.get(digest(refreshToken));
    return stored && { originJti: stored.originJti, authTime: stored.authTime };
  }

  async remember(refreshToken: string, origin: SignInOrigin): Promise<void> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const expiresAt = Number(claimsOf(refreshToken).exp ?? nowSeconds + 30 * 24 * 60 * 60);
    this.byToken.set(digest(refreshToken), { ...origin, expiresAt });
    for (const [key, stored] of this.byToken) if (stored.expiresAt <= nowSeconds) this.byToken.delete(key);
    await this.writes.run(async () => {
      // The latest state, not the one of this call: writes queued behind each other all save everything.
      const text = JSON.stringify(Object.fromEntries(this.byToken));
      const temporary = `${this.file}.${process.pid}.tmp`;
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(temporary, text);
      await rename(temporary, this.file);
    });
  }
}

const digest = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Codes "e-mailed" by every running local Cognito of this process, by address. */
const deliveredCodes = new Set<ReadonlyMap<string, string>>();

/** The last code a running local Cognito of this process "e-mailed" to the address (tests). */
export function lastLocalCognitoCode(email: string): string | undefined {
  let code: string | undefined;
  for (const codes of deliveredCodes) code = codes.get(email.trim().toLowerCase()) ?? code;
  return code;
}

type MessageSource = Parameters<Messages['deliver']>[1];

const CODE_PURPOSE: Partial<Record<MessageSource, string>> = {
  ForgotPassword: 'password reset code',
  AdminCreateUser: 'temporary password',
  SignUp: 'confirmation code',
  ResendCode: 'confirmation code',
};

/**
 * Delivers what Cognito would e-mail or text: one line on the console (unless the log level is
 * `silent`, as in tests), and the code kept by address. No Cognito triggers run locally.
 */
class LocalMessages implements Messages {
  readonly codes = new Map<string, string>();

  deliver(...[, source, , , , code, , deliveryDetails]: Parameters<Messages['deliver']>): Promise<void> {
    const destination = deliveryDetails.Destination.trim().toLowerCase();
    this.codes.set(destination, code);
    if (process.env[ENV.logLevel] === 'silent') return Promise.resolve();
    process.stdout.write(`Local Cognito: ${CODE_PURPOSE[source] ?? `${source} code`} for ${destination}: ${code}\n`);
    return Promise.resolve();
  }
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
  const { exp, iat } = claimsOf(accessToken);
  const expiresIn = typeof exp === 'number' && typeof iat === 'number' ? exp - iat : undefined;
  return { ...result, ExpiresIn: result.ExpiresIn ?? expiresIn, TokenType: result.TokenType ?? 'Bearer' };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  return Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}
