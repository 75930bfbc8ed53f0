/**
 * Sessions through the HTTP API on the local cloud: who am I, sign-out everywhere that ends the access
 * token at once, one active session per user (a sign-in elsewhere sends the `auth` event to the earlier
 * session and ends it; refreshes keep a session), and the rate-limited password reset end to end with
 * the code the local Cognito "e-mails".
 */
import { request } from 'node:http';
import { CognitoIdentityProviderClient, GetTokensFromRefreshTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { listen as listenAs, type Frame } from '../support/listen';
import { lastLocalCognitoCode } from '../../infra/local/cognito';
import { signInTag } from '../../shared/users';
import { FORGOT_PASSWORD_LIMITS } from '../../functions/core/auth/forgot-password';
import { keys } from '../../functions/core/repositories/keys';
import { updateExistingItem } from '../../functions/core/repositories/table';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { addUser, createTenant, TEST_PASSWORD, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { nextSecond } from '../support/next-second';

let cloud: TestCloud;
let cognito: CognitoIdentityProviderClient;
let tenant: Tenant;

beforeAll(async () => {
  // A private cloud: the password-reset tests read the code the local Cognito "e-mails" in this process.
  cloud = await startTestCloud();
  cognito = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
  tenant = await createTenant(cloud);
});

afterAll(async () => {
  ifAssigned(cognito)?.destroy();
  await ifAssigned(cloud)?.stop();
});

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

async function refresh(refreshToken: string): Promise<string> {
  const { AuthenticationResult } = await cognito.send(
    new GetTokensFromRefreshTokenCommand({ ClientId: cloud.config.userPoolClientId, RefreshToken: refreshToken }),
  );
  return AuthenticationResult?.AccessToken ?? '';
}

/** A socket opened with a ticket minted with `token`, waiting for frames by their event name. */
async function listen(
  token: string,
): Promise<{ frames: readonly Frame[]; waitFor(event: string): Promise<Frame>; closed(): Promise<number>; close(): void }> {
  const listener = await listenAs(cloud, token);
  return {
    frames: listener.frames,
    waitFor: (event) => listener.waitFor((frame) => frame.event === event),
    closed: () => listener.closed(),
    close: () => listener.close(),
  };
}

/** A public POST from a given loopback address, which the gateway reports as the source IP. */
// `any`: as with cloud.api, each test asserts on the body it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function postFrom(localAddress: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const url = new URL(path, cloud.config.apiUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : '' });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Each test calls the public routes from its own loopback address, so per-IP limits never collide. */
let nextAddress = 20;
const freshAddress = () => `127.0.0.${(nextAddress += 1)}`;

describe('GET /auth/me', () => {
  it('answers the signed-in user and company, and no secret', async () => {
    const response = await cloud.api('/auth/me', { token: tenant.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: tenant.admin.id, email: tenant.admin.email, profile: 'admin' });
    expect(response.body.company).toMatchObject({ id: tenant.companyId, plan: { id: tenant.planId } });
    expect(JSON.stringify(response.body)).not.toMatch(/cognitoSub|activeSession|activeSignIn|signedOutAt/);
  });

  it('answers 401 without a token', async () => {
    expect((await cloud.api('/auth/me')).status).toBe(401);
  });
});

describe('DELETE /auth/logout', () => {
  it('ends the session at once: the same access token gets 401, the refresh token dies, the user is offline', async () => {
    const user = await addUser(cloud, tenant, 'user', [tenant.queueId]);
    const { refreshToken } = await cloud.signIn(user.email, TEST_PASSWORD);
    const accessToken = await refresh(refreshToken);

    const logout = await cloud.api('/auth/logout', { method: 'DELETE', token: accessToken });

    expect(logout.status).toBe(204);
    expect(await cloud.api('/auth/me', { token: accessToken })).toEqual({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    await expect(refresh(refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const seenByAdmin = await cloud.api(`/users/${user.id}`, { token: tenant.admin.token });
    expect(seenByAdmin.body.online).toBe(false);
  });

  it('lets the user sign in again afterwards', async () => {
    const user = await addUser(cloud, tenant);
    expect((await cloud.api('/auth/logout', { method: 'DELETE', token: user.token })).status).toBe(204);
    // A sign-in in the very second of the sign-out counts as one before it (auth_time has seconds only).
    await nextSecond();

    const again = await cloud.signIn(user.email, TEST_PASSWORD);

    expect((await cloud.api('/auth/me', { token: again.accessToken })).status).toBe(200);
    expect((await cloud.api('/auth/me', { token: user.token })).status).toBe(401);
  });

  it('answers 401 without a token', async () => {
    expect((await cloud.api('/auth/logout', { method: 'DELETE' })).status).toBe(401);
  });

  it('signs out the user of a company whose subscription lapsed after the sign-in', async () => {
    const lapsed = await createTenant(cloud);
    await updateExistingItem(keys.company(lapsed.companyId), { dueDate: '2020-01-31' });
    expect((await cloud.api('/auth/me', { token: lapsed.admin.token })).status).toBe(402);

    const logout = await cloud.api('/auth/logout', { method: 'DELETE', token: lapsed.admin.token });

    expect(logout.status).toBe(204);
    expect(await cloud.api('/auth/me', { token: lapsed.admin.token })).toEqual({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });
});

describe('one active session per user', () => {
  let user: SignedInUser;

  beforeEach(async () => {
    user = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  });

  it('tells the earlier session by the auth event when the account signs in elsewhere, then refuses its token', async () => {
    const first = user.token;
    const socket = await listen(first);
    try {
      const second = await cloud.signIn(user.email, TEST_PASSWORD);

      const me = await cloud.api('/auth/me', { token: second.accessToken });

      expect(me.status).toBe(200);
      const frame = await socket.waitFor(`company-${tenant.companyId}-auth`);
      expect(frame.data).toEqual({
        action: 'update',
        user: { id: user.id },
        session: await signInTag(String(claimsOf(second.accessToken).origin_jti)),
      });
      expect(frame.data.session).not.toBe(await signInTag(String(claimsOf(first).origin_jti)));
      expect(await cloud.api('/auth/me', { token: first })).toEqual({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    } finally {
      socket.close();
    }
  });

  it('keeps the newer session working through token refreshes, and the earlier one refused after its refresh', async () => {
    const earlier = await cloud.signIn(user.email, TEST_PASSWORD);
    const newer = await cloud.signIn(user.email, TEST_PASSWORD);
    expect((await cloud.api('/auth/me', { token: newer.accessToken })).status).toBe(200);
    await nextSecond();

    const refreshedNewer = await refresh(newer.refreshToken);
    const refreshedEarlier = await refresh(earlier.refreshToken);

    expect((await cloud.api('/auth/me', { token: refreshedNewer })).status).toBe(200);
    expect((await cloud.api('/auth/me', { token: newer.accessToken })).status).toBe(200);
    expect((await cloud.api('/auth/me', { token: refreshedEarlier })).status).toBe(401);
  });

  it('sends no auth event for the first sign-in after a sign-out: the earlier session had already ended, its socket closed', async () => {
    const socket = await listen(user.token);
    try {
      expect((await cloud.api('/auth/logout', { method: 'DELETE', token: user.token })).status).toBe(204);
      // The sign-out closes the earlier session's socket at once (no room of the user is left to tell
      // anything; that the sign-in sends no auth event is load-caller's unit test).
      expect(await socket.closed()).toBe(1000);
      await nextSecond();
      const again = await cloud.signIn(user.email, TEST_PASSWORD);

      expect((await cloud.api('/auth/me', { token: again.accessToken })).status).toBe(200);
      expect(socket.frames.filter((frame) => frame.event === `company-${tenant.companyId}-auth`)).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe('password reset', () => {
  it('sends a code, sets the new password with it, and ends every session of the account, its sockets included', async () => {
    const user = await addUser(cloud, tenant);
    const socket = await listen(user.token);
    const address = freshAddress();

    const forgot = await postFrom(address, '/auth/forgot-password', { email: user.email.toUpperCase() });
    const code = lastLocalCognitoCode(user.email);
    const reset = await postFrom(address, '/auth/reset-password', { email: user.email, code, password: 'Changed123' });

    expect(forgot).toEqual({ status: 204, body: '' });
    expect(code).toMatch(/^\d{6}$/);
    expect(reset).toEqual({ status: 204, body: '' });
    expect(await socket.closed()).toBe(1000);
    expect((await cloud.api('/auth/me', { token: user.token })).status).toBe(401);
    await nextSecond();
    await expect(cloud.signIn(user.email, TEST_PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const signedIn = await cloud.signIn(user.email, 'Changed123');
    expect((await cloud.api('/auth/me', { token: signedIn.accessToken })).status).toBe(200);
  });

  it('answers an unknown email exactly as a known one', async () => {
    const known = await addUser(cloud, tenant);
    const address = freshAddress();

    const forKnown = await postFrom(address, '/auth/forgot-password', { email: known.email });
    const forUnknown = await postFrom(address, '/auth/forgot-password', { email: 'nobody@nowhere.test' });

    expect(forUnknown).toEqual(forKnown);
    expect(forUnknown).toEqual({ status: 204, body: '' });
    expect(lastLocalCognitoCode('nobody@nowhere.test')).toBeUndefined();
  });

  it('refuses a wrong code, and an email without an account, alike with ERR_INVALID_RESET_CODE', async () => {
    const user = await addUser(cloud, tenant);
    const address = freshAddress();
    await postFrom(address, '/auth/forgot-password', { email: user.email });
    const wrong = lastLocalCognitoCode(user.email) === '000000' ? '111111' : '000000';

    const withWrongCode = await postFrom(address, '/auth/reset-password', { email: user.email, code: wrong, password: 'Changed123' });
    const unknown = await postFrom(address, '/auth/reset-password', { email: 'nobody@nowhere.test', code: '123456', password: 'Changed123' });

    expect(withWrongCode).toEqual({ status: 400, body: { error: 'ERR_INVALID_RESET_CODE' } });
    expect(unknown).toEqual(withWrongCode);
    expect((await cloud.api('/auth/me', { token: user.token })).status).toBe(200);
  });

  it('refuses bad input with the field messages', async () => {
    const address = freshAddress();

    const noEmail = await postFrom(address, '/auth/forgot-password', {});
    const badEmail = await postFrom(address, '/auth/forgot-password', { email: 'abc' });
    const weak = await postFrom(address, '/auth/reset-password', { email: 'a@b.test', code: '123456', password: 'abcdefgh' });
    const short = await postFrom(address, '/auth/reset-password', { email: 'a@b.test', code: '123456', password: 'Ab1' });
    const empty = await postFrom(address, '/auth/reset-password', {});

    expect(noEmail.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'email', message: 'Required' }] });
    expect(badEmail.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'email', message: 'Invalid email' }] });
    expect(weak.status).toBe(400);
    expect(weak.body.fields).toEqual([
      { path: 'password', message: 'The password needs an uppercase letter' },
      { path: 'password', message: 'The password needs a digit' },
    ]);
    expect(short.body.fields).toContainEqual({ path: 'password', message: 'Too Short!' });
    expect(empty.body.fields).toEqual([
      { path: 'email', message: 'Required' },
      { path: 'code', message: 'Required' },
      { path: 'password', message: 'Required' },
    ]);
  });

  it('limits the codes asked for one email, whatever the source address', async () => {
    const user = await addUser(cloud, tenant);
    const answers: number[] = [];

    for (let call = 0; call <= FORGOT_PASSWORD_LIMITS.perEmail; call += 1) {
      answers.push((await postFrom(freshAddress(), '/auth/forgot-password', { email: user.email })).status);
    }

    expect(answers).toEqual([...Array(FORGOT_PASSWORD_LIMITS.perEmail).fill(204), 429]);
    const refused = await postFrom(freshAddress(), '/auth/forgot-password', { email: user.email });
    expect(refused.body).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
  });

  it('limits the codes asked from one source address, whatever the email', async () => {
    const address = freshAddress();
    const answers: number[] = [];

    for (let call = 0; call <= FORGOT_PASSWORD_LIMITS.perIp; call += 1) {
      answers.push((await postFrom(address, '/auth/forgot-password', { email: `someone${call}@nowhere.test` })).status);
    }

    expect(answers).toEqual([...Array(FORGOT_PASSWORD_LIMITS.perIp).fill(204), 429]);
    expect((await postFrom(freshAddress(), '/auth/forgot-password', { email: 'someone0@nowhere.test' })).status).toBe(204);
  });
});
