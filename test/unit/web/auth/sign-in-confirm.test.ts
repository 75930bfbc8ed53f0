import { createAuthStore, type AuthBackend } from '../../../../web/src/auth/auth-store';

function fakeBackend() {
  const calls = { signOut: 0 };
  const backend: AuthBackend = {
    hasSession: async () => false,
    signIn: async () => true,
    signOut: async () => {
      calls.signOut += 1;
    },
    getAccessToken: async () => 'token',
  };
  return { backend, calls };
}

describe('signing in with a confirmation step', () => {
  test('starts the session only once the confirmation passes', async () => {
    // Prepare
    const { backend } = fakeBackend();
    const store = createAuthStore(backend);
    await store.restore();
    let stateDuringConfirm: unknown;

    // Act
    await store.signIn('ana@example.com', 'Secret123', async () => {
      stateDuringConfirm = store.getState();
    });

    // Assess
    expect(stateDuringConfirm).toEqual({ status: 'signedOut', reason: 'noSession' });
    expect(store.getState()).toEqual({ status: 'signedIn', viaSignIn: true });
  });

  test('drops the tokens and rethrows when the confirmation fails', async () => {
    // Prepare
    const { backend, calls } = fakeBackend();
    const store = createAuthStore(backend);
    await store.restore();
    const refusal = Object.assign(new Error('ERR_SUBSCRIPTION_EXPIRED'), { code: 'ERR_SUBSCRIPTION_EXPIRED' });
    let notified = 0;
    store.subscribe(() => (notified += 1));

    // Act
    const caught = await store.signIn('ana@example.com', 'Secret123', () => Promise.reject(refusal)).catch((error: unknown) => error);

    // Assess
    expect(caught).toBe(refusal);
    expect(calls.signOut).toBe(1);
    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'noSession' });
    expect(notified).toBe(0);
  });

  test('does not run the confirmation when Cognito refuses', async () => {
    const { backend } = fakeBackend();
    const store = createAuthStore({ ...backend, signIn: () => Promise.reject(Object.assign(new Error('x'), { name: 'NotAuthorizedException' })) });
    await store.restore();
    let confirmed = false;

    await expect(store.signIn('ana@example.com', 'wrong', async () => {
      confirmed = true;
    })).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS' });

    expect(confirmed).toBe(false);
  });
});
