/**
 * The local Cognito stand-in (infra/local/cognito.ts) against the real AWS SDK v3 client and aws-amplify:
 * password sign-in of users created by email, the GetTokensFromRefreshToken rewrite, global sign-out,
 * token verification with the JWKS it hands out, persistence across restarts, and CORS for the browser.
 */
import { createSign } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  CreateUserPoolClientCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListUsersCommand,
  RevokeTokenCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import { ConsoleLogger } from 'aws-amplify/utils';
import {
  createLocalAccessTokenVerifier,
  lastLocalCognitoCode,
  startCognito,
  type LocalCognito,
} from '../../../infra/local/cognito';
import { nextSecond } from '../../support/next-second';

const PASSWORD = 'Secret123';

let dataDirs: string[] = [];

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'local-cognito-'));
  dataDirs.push(dir);
  return dir;
}

function sdkClient(cognito: LocalCognito): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

let emailCounter = 0;
function uniqueEmail(): string {
  emailCounter += 1;
  return `agent${emailCounter}@example.com`;
}

/** What our seed and user use cases do: AdminCreateUser by email, then a permanent password. */
async function createUser(
  client: CognitoIdentityProviderClient,
  cognito: LocalCognito,
  email: string,
  extraAttributes: AttributeType[] = [],
): Promise<void> {
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: cognito.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }, ...extraAttributes],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: email, Password: PASSWORD, Permanent: true }),
  );
}

async function signInWithPassword(
  client: CognitoIdentityProviderClient,
  clientId: string,
  email: string,
  password = PASSWORD,
): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string; ExpiresIn?: number; TokenType?: string }> {
  const { AuthenticationResult: result } = await client.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) throw new Error('sign-in returned no tokens');
  return { ...result, AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken };
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Signs claims with cognito-local's own private key, as its token generator does. */
function signWithLocalKey(claims: Record<string, unknown>): string {
  const { pem } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
  const encode = (part: object): string => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(pem).toString('base64url');
  return `${unsigned}.${signature}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function httpRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dataDirs = [];
});

describe('local Cognito', () => {
  let cognito: LocalCognito;
  let client: CognitoIdentityProviderClient;

  beforeAll(async () => {
    cognito = await startCognito({ port: 0, dataDir: await newDataDir(), poolName: 'atendechat-test', clientName: 'web' });
    client = sdkClient(cognito);
  });

  afterAll(async () => {
    client.destroy();
    await cognito.stop();
  });

  test('seeds a pool whose id has the AWS form and an issuer at the endpoint', () => {
    expect(cognito.userPoolId).toMatch(/^us-east-1_[A-Za-z0-9]{9}$/);
    expect(cognito.clientId).toMatch(/^[a-z0-9]+$/);
    expect(cognito.port).toBeGreaterThan(0);
    expect(cognito.endpoint).toBe(`http://127.0.0.1:${cognito.port}`);
    expect(cognito.issuer).toBe(`${cognito.endpoint}/${cognito.userPoolId}`);
  });

  test('serves at the issuer the same key set it hands out', async () => {
    const response = await fetch(`${cognito.issuer}/.well-known/jwks.json`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(cognito.jwks);
  });

  test('signs in a user created by email with a permanent password and returns the three tokens', async () => {
    const email = uniqueEmail();
    await createUser(client, cognito, email);

    const tokens = await signInWithPassword(client, cognito.clientId, email);

    const { Username } = await client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    const access = claimsOf(tokens.AccessToken);
    const id = claimsOf(tokens.IdToken);
    // As in Cognito with email as username: the stored username is the sub, the email is an attribute.
    expect(Username).toBe(access.sub);
    expect(access).toMatchObject({ iss: cognito.issuer, client_id: cognito.clientId, token_use: 'access', username: Username });
    expect(id).toMatchObject({ iss: cognito.issuer, aud: cognito.clientId, token_use: 'id', email, sub: access.sub });
    expect(tokens.ExpiresIn).toBe(3600);
    expect(tokens.TokenType).toBe('Bearer');
  });

  test('refuses a wrong password with NotAuthorizedException', async () => {
    const email = uniqueEmail();
    await createUser(client, cognito, email);

    const attempt = signInWithPassword(client, cognito.clientId, email, 'Wrong1234');

    await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  test('refuses an unknown email with NotAuthorizedException', async () => {
    const attempt = signInWithPassword(client, cognito.clientId, uniqueEmail());

    await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  test('refuses a second user with the same email', async () => {
    const email = uniqueEmail();
    await createUser(client, cognito, email);

    const attempt = client.send(
      new AdminCreateUserCommand({ UserPoolId: cognito.userPoolId, Username: email, MessageAction: 'SUPPRESS' }),
    );

    await expect(attempt).rejects.toMatchObject({ name: 'UsernameExistsException' });
  });

  test('keeps custom attributes given at creation and puts them in the id token, but refuses to update them', async () => {
    const email = uniqueEmail();
    await createUser(client, cognito, email, [{ Name: 'custom:companyId', Value: 'company-1' }]);

    const { UserAttributes } = await client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));
    const tokens = await signInWithPassword(client, cognito.clientId, email);
    const update = client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        UserAttributes: [{ Name: 'custom:companyId', Value: 'company-2' }],
      }),
    );

    expect(UserAttributes).toContainEqual({ Name: 'custom:companyId', Value: 'company-1' });
    expect(claimsOf(tokens.IdToken)['custom:companyId']).toBe('company-1');
    // The seeded pool declares no custom attribute in its schema, and updates are checked against it.
    await expect(update).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });

  test('answers GetTokensFromRefreshToken with a new access token that verifies and the refresh token given', async () => {
    const email = uniqueEmail();
    await createUser(client, cognito, email);
    const tokens = await signInWithPassword(client, cognito.clientId, email);

    const { AuthenticationResult: result } = await client.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: tokens.RefreshToken }),
    );

    expect(result?.AccessToken).toBeDefined();
    expect(result?.AccessToken).not.toBe(tokens.AccessToken);
    expect(claimsOf(result?.IdToken ?? '').email).toBe(email);
    expect(result).toMatchObject({ RefreshToken: tokens.RefreshToken, ExpiresIn: 3600, TokenType: 'Bearer' });
    const claims = await createLocalAccessTokenVerifier(cognito).verify(result?.AccessToken ?? '');
    expect(claims.sub).toBe(claimsOf(tokens.AccessToken).sub);
  });

  describe('sign-in origin', () => {
    test('gives the access and id tokens of a password sign-in one origin_jti, and tokens still verify', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);

      const tokens = await signInWithPassword(client, cognito.clientId, email);

      const access = claimsOf(tokens.AccessToken);
      expect(access.origin_jti).toMatch(UUID);
      expect(claimsOf(tokens.IdToken)).toMatchObject({ origin_jti: access.origin_jti, auth_time: access.auth_time });
      await expect(createLocalAccessTokenVerifier(cognito).verify(tokens.AccessToken)).resolves.toMatchObject({
        origin_jti: access.origin_jti,
      });
    });

    test('gives every sign-in its own origin, ordered as the sign-ins happened even within one second', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);

      const first = claimsOf((await signInWithPassword(client, cognito.clientId, email)).AccessToken);
      const second = claimsOf((await signInWithPassword(client, cognito.clientId, email)).AccessToken);

      expect(second.origin_jti).not.toBe(first.origin_jti);
      expect(String(second.origin_jti) > String(first.origin_jti)).toBe(true);
    });

    test('keeps origin_jti and auth_time through GetTokensFromRefreshToken and REFRESH_TOKEN_AUTH', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);
      const tokens = await signInWithPassword(client, cognito.clientId, email);
      const signIn = claimsOf(tokens.AccessToken);
      await nextSecond();

      const { AuthenticationResult: viaAmplifyCall } = await client.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: tokens.RefreshToken }),
      );
      const { AuthenticationResult: viaInitiateAuth } = await client.send(
        new InitiateAuthCommand({
          ClientId: cognito.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
        }),
      );

      const verifier = createLocalAccessTokenVerifier(cognito);
      for (const result of [viaAmplifyCall, viaInitiateAuth]) {
        const access = claimsOf(result?.AccessToken ?? '');
        expect(access.iat).toBeGreaterThan(Number(signIn.auth_time));
        expect(access).toMatchObject({ origin_jti: signIn.origin_jti, auth_time: signIn.auth_time });
        expect(claimsOf(result?.IdToken ?? '')).toMatchObject({ origin_jti: signIn.origin_jti, auth_time: signIn.auth_time });
        await expect(verifier.verify(result?.AccessToken ?? '')).resolves.toMatchObject({ origin_jti: signIn.origin_jti });
      }
    });
  });

  describe('password reset', () => {
    test('keeps the code ForgotPassword sends, and ConfirmForgotPassword with it sets the new password', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);

      await client.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: email }));
      const code = cognito.lastCode(email.toUpperCase());
      await client.send(
        new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: code, Password: 'Changed123' }),
      );

      expect(code).toMatch(/^\d{6}$/);
      expect(lastLocalCognitoCode(email)).toBe(code);
      await expect(signInWithPassword(client, cognito.clientId, email, 'Changed123')).resolves.toBeDefined();
      await expect(signInWithPassword(client, cognito.clientId, email)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    });

    test('refuses ConfirmForgotPassword with a wrong code and keeps the old password', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);
      await client.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: email }));
      const wrong = cognito.lastCode(email) === '000000' ? '111111' : '000000';

      const attempt = client.send(
        new ConfirmForgotPasswordCommand({ ClientId: cognito.clientId, Username: email, ConfirmationCode: wrong, Password: 'Changed123' }),
      );

      await expect(attempt).rejects.toMatchObject({ name: 'CodeMismatchException' });
      await expect(signInWithPassword(client, cognito.clientId, email)).resolves.toBeDefined();
    });
  });

  test('refuses GetTokensFromRefreshToken with an unknown refresh token', async () => {
    const attempt = client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: 'not-a-token' }));

    await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  describe('access token verifier', () => {
    let email: string;
    let tokens: Awaited<ReturnType<typeof signInWithPassword>>;

    beforeAll(async () => {
      email = uniqueEmail();
      await createUser(client, cognito, email);
      tokens = await signInWithPassword(client, cognito.clientId, email);
    });

    test('verifies an access token of the app client and resolves with its claims', async () => {
      const claims = await createLocalAccessTokenVerifier(cognito).verify(tokens.AccessToken);

      expect(claims).toMatchObject({ iss: cognito.issuer, client_id: cognito.clientId, token_use: 'access' });
      expect(claims.sub).toBe(claimsOf(tokens.AccessToken).sub);
    });

    test('rejects an access token whose claims were changed after signing', async () => {
      const [header, , signature] = tokens.AccessToken.split('.');
      const forgedClaims = { ...claimsOf(tokens.AccessToken), sub: 'someone-else' };
      const tampered = `${header}.${Buffer.from(JSON.stringify(forgedClaims)).toString('base64url')}.${signature}`;

      await expect(createLocalAccessTokenVerifier(cognito).verify(tampered)).rejects.toThrow(/signature/i);
    });

    test('rejects an access token of another app client of the same pool', async () => {
      const { UserPoolClient } = await client.send(
        new CreateUserPoolClientCommand({ UserPoolId: cognito.userPoolId, ClientName: 'other-app' }),
      );
      const otherTokens = await signInWithPassword(client, UserPoolClient?.ClientId ?? '', email);

      const attempt = createLocalAccessTokenVerifier(cognito).verify(otherTokens.AccessToken);

      expect(claimsOf(otherTokens.AccessToken).client_id).toBe(UserPoolClient?.ClientId);
      await expect(attempt).rejects.toThrow(/client id/i);
    });

    test('rejects an access token that has expired and accepts the same claims while valid', async () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = claimsOf(tokens.AccessToken);
      const valid = signWithLocalKey({ ...claims, iat: now - 60, exp: now + 3600 });
      const expired = signWithLocalKey({ ...claims, iat: now - 7200, exp: now - 3600 });
      const verifier = createLocalAccessTokenVerifier(cognito);

      await expect(verifier.verify(valid)).resolves.toMatchObject({ sub: claims.sub });
      await expect(verifier.verify(expired)).rejects.toThrow(/expired/i);
    });

    test('rejects a correctly signed access token without exp, as API Gateway does', async () => {
      const { exp: _exp, ...claims } = claimsOf(tokens.AccessToken);
      const endless = signWithLocalKey({ ...claims, iat: Math.floor(Date.now() / 1000) - 60 });

      await expect(createLocalAccessTokenVerifier(cognito).verify(endless)).rejects.toThrow(/exp/i);
    });

    test('rejects an id token', async () => {
      await expect(createLocalAccessTokenVerifier(cognito).verify(tokens.IdToken)).rejects.toThrow(/token use/i);
    });
  });

  describe('sign-out', () => {
    test('GlobalSignOut invalidates every refresh token of the user', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);
      const first = await signInWithPassword(client, cognito.clientId, email);
      const second = await signInWithPassword(client, cognito.clientId, email);

      await client.send(new GlobalSignOutCommand({ AccessToken: second.AccessToken }));

      for (const refreshToken of [first.RefreshToken, second.RefreshToken]) {
        await expect(
          client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: refreshToken })),
        ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      }
    });

    test('GlobalSignOut refuses an access token that does not verify and signs nobody out', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);
      const tokens = await signInWithPassword(client, cognito.clientId, email);
      const [header, payload] = tokens.AccessToken.split('.');

      const attempt = client.send(new GlobalSignOutCommand({ AccessToken: `${header}.${payload}.forged` }));

      await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      await expect(
        client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: tokens.RefreshToken })),
      ).resolves.toBeDefined();
    });

    test('AdminUserGlobalSignOut by email invalidates the refresh tokens of that user only', async () => {
      const email = uniqueEmail();
      const bystander = uniqueEmail();
      await createUser(client, cognito, email);
      await createUser(client, cognito, bystander);
      const tokens = await signInWithPassword(client, cognito.clientId, email);
      const bystanderTokens = await signInWithPassword(client, cognito.clientId, bystander);

      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: email }));

      await expect(
        client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: tokens.RefreshToken })),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      await expect(
        client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: bystanderTokens.RefreshToken })),
      ).resolves.toBeDefined();
    });

    test('AdminUserGlobalSignOut refuses an unknown user with UserNotFoundException', async () => {
      const attempt = client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: uniqueEmail() }));

      await expect(attempt).rejects.toMatchObject({ name: 'UserNotFoundException' });
    });

    test('RevokeToken invalidates the refresh token it is given', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);
      const tokens = await signInWithPassword(client, cognito.clientId, email);

      await client.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: tokens.RefreshToken }));

      await expect(
        client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: tokens.RefreshToken })),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    });

    test('RevokeToken answers a refresh token a global sign-out already ended with success, as Cognito does (the logout, then Amplify revoking)', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);
      const tokens = await signInWithPassword(client, cognito.clientId, email);
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: email }));

      const revoked = client.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: tokens.RefreshToken }));

      await expect(revoked).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    });

    test('RevokeToken answers a refresh token revoked before with success', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);
      const tokens = await signInWithPassword(client, cognito.clientId, email);
      await client.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: tokens.RefreshToken }));

      const again = client.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: tokens.RefreshToken }));

      await expect(again).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    });

    test('RevokeToken still refuses a token this pool never issued, or an access token, with NotAuthorizedException', async () => {
      const email = uniqueEmail();
      await createUser(client, cognito, email);
      const tokens = await signInWithPassword(client, cognito.clientId, email);
      const [header, payload] = tokens.RefreshToken.split('.');

      for (const token of [`${header}.${payload}.forged`, tokens.AccessToken, 'not-a-token']) {
        await expect(client.send(new RevokeTokenCommand({ ClientId: cognito.clientId, Token: token }))).rejects.toMatchObject({
          name: 'NotAuthorizedException',
        });
      }
    });
  });

  describe('CORS', () => {
    test('answers a preflight from another origin with the allow headers the SDK and Amplify need', async () => {
      const response = await httpRequest(cognito.endpoint, 'OPTIONS', {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      });

      expect(response.status).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-methods']).toContain('POST');
      expect(response.headers['access-control-allow-headers']).toBe('content-type,x-amz-target,x-amz-user-agent,cache-control');
    });

    test('lets another origin read the answer of a call', async () => {
      const response = await fetch(cognito.endpoint, {
        method: 'POST',
        headers: {
          Origin: 'http://localhost:5173',
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
        },
        body: JSON.stringify({ ClientId: cognito.clientId, RefreshToken: 'not-a-token' }),
      });

      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toMatchObject({ __type: 'NotAuthorizedException' });
    });
  });

  test('serves aws-amplify password sign-in, current user, token refresh and global sign-out', async () => {
    const email = uniqueEmail();
    await createUser(client, cognito, email);
    const otherSession = await signInWithPassword(client, cognito.clientId, email);
    // Amplify warns that a custom user pool endpoint is in use, which is the point here.
    ConsoleLogger.LOG_LEVEL = 'ERROR';
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: cognito.userPoolId,
          userPoolClientId: cognito.clientId,
          userPoolEndpoint: cognito.endpoint,
          loginWith: { email: true },
        },
      },
    });

    const signedIn = await signIn({ username: email, password: PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    const user = await getCurrentUser();
    const session = await fetchAuthSession();
    const refreshed = await fetchAuthSession({ forceRefresh: true });
    await signOut({ global: true });
    const afterSignOut = await fetchAuthSession();

    expect(signedIn.isSignedIn).toBe(true);
    expect(user.signInDetails?.loginId).toBe(email);
    const refreshedAccessToken = refreshed.tokens?.accessToken.toString() ?? '';
    expect(refreshedAccessToken).not.toBe(session.tokens?.accessToken.toString());
    await expect(createLocalAccessTokenVerifier(cognito).verify(refreshedAccessToken)).resolves.toMatchObject({ sub: user.userId });
    expect(afterSignOut.tokens).toBeUndefined();
    // Amplify swallows sign-out errors; the other session's refresh token dying proves GlobalSignOut ran.
    await expect(
      client.send(new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: otherSession.RefreshToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('local Cognito restarted on the same data directory', () => {
  test('keeps the pool id, the client id and the users', async () => {
    const dataDir = await newDataDir();
    const options = { port: 0, dataDir, poolName: 'atendechat-test', clientName: 'web' };
    const first = await startCognito(options);
    const firstClient = sdkClient(first);
    const email = uniqueEmail();
    await createUser(firstClient, first, email);
    firstClient.destroy();
    await first.stop();

    const second = await startCognito(options);
    const secondClient = sdkClient(second);
    try {
      expect(second.userPoolId).toBe(first.userPoolId);
      expect(second.clientId).toBe(first.clientId);
      const tokens = await signInWithPassword(secondClient, second.clientId, email);
      await expect(createLocalAccessTokenVerifier(second).verify(tokens.AccessToken)).resolves.toMatchObject({
        client_id: first.clientId,
      });
      await expect(fetch(first.endpoint)).rejects.toThrow();
    } finally {
      secondClient.destroy();
      await second.stop();
    }
  });

  test('keeps the origin of a refresh token issued before the restart', async () => {
    const dataDir = await newDataDir();
    const options = { port: 0, dataDir, poolName: 'atendechat-test', clientName: 'web' };
    const first = await startCognito(options);
    const firstClient = sdkClient(first);
    const email = uniqueEmail();
    await createUser(firstClient, first, email);
    const tokens = await signInWithPassword(firstClient, first.clientId, email);
    firstClient.destroy();
    await first.stop();

    const second = await startCognito(options);
    const secondClient = sdkClient(second);
    try {
      const { AuthenticationResult: result } = await secondClient.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: second.clientId, RefreshToken: tokens.RefreshToken }),
      );
      const signIn = claimsOf(tokens.AccessToken);
      expect(claimsOf(result?.AccessToken ?? '')).toMatchObject({ origin_jti: signIn.origin_jti, auth_time: signIn.auth_time });
    } finally {
      secondClient.destroy();
      await second.stop();
    }
  });

  test('keeps exactly the users left by concurrent creations and deletions', async () => {
    const dataDir = await newDataDir();
    const options = { port: 0, dataDir, poolName: 'atendechat-test', clientName: 'web' };
    const first = await startCognito(options);
    const firstClient = sdkClient(first);
    // Long attributes make every rewrite of the pool file slow enough for concurrent writes to overlap.
    const create = (email: string) =>
      firstClient.send(
        new AdminCreateUserCommand({
          UserPoolId: first.userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [{ Name: 'name', Value: 'n'.repeat(2000) }],
        }),
      );
    const doomed = Array.from({ length: 60 }, () => uniqueEmail());
    await Promise.all(doomed.map(create));
    const kept = Array.from({ length: 120 }, () => uniqueEmail());
    await Promise.all([
      ...kept.map(create),
      ...doomed.map((email) => firstClient.send(new AdminDeleteUserCommand({ UserPoolId: first.userPoolId, Username: email }))),
    ]);
    firstClient.destroy();
    await first.stop();

    const second = await startCognito(options);
    const secondClient = sdkClient(second);
    try {
      const { Users } = await secondClient.send(new ListUsersCommand({ UserPoolId: second.userPoolId }));
      const stored = (Users ?? []).flatMap((user) => user.Attributes?.filter((a) => a.Name === 'email').map((a) => a.Value) ?? []);
      expect(stored.sort()).toEqual([...kept].sort());
    } finally {
      secondClient.destroy();
      await second.stop();
    }
  });
});
