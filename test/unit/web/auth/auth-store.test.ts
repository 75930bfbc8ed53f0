import { createAuthStore, SignInError, type AuthBackend } from '../../../../web/src/auth/auth-store';

function fakeBackend(overrides: Partial<AuthBackend> = {}) {
  const calls = { signOut: 0 };
  const backend: AuthBackend = {
    hasSession: async () => false,
    signIn: async () => true,
    signOut: async () => {
      calls.signOut += 1;
    },
    getAccessToken: async () => 'token',
    ...overrides,
  };
  return { backend, calls };
}

const namedError = (name: string) => Object.assign(new Error(name), { name });

/** Waits for a state the store reaches on its own (a sign-out it starts without being awaited). */
async function until(reached: () => boolean): Promise<void> {
  for (let turn = 0; turn < 50 && !reached(); turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('createAuthStore', () => {
  test('starts checking and settles on the stored session', async () => {
    // Prepare
    const store = createAuthStore(fakeBackend({ hasSession: async () => true }).backend);
    const before = store.getState();

    // Act
    await store.restore();

    // Assess
    expect(before).toEqual({ status: 'checking' });
    expect(store.getState()).toEqual({ status: 'signedIn', viaSignIn: false });
  });

  test('treats a failing session check as no session', async () => {
    const store = createAuthStore(fakeBackend({ hasSession: () => Promise.reject(new Error('no user')) }).backend);

    await store.restore();

    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'noSession' });
  });

  test('signs in and tells listeners', async () => {
    const store = createAuthStore(fakeBackend().backend);
    await store.restore();
    let notified = 0;
    store.subscribe(() => (notified += 1));

    await store.signIn('ana@example.com', 'Secret123');

    expect(store.getState()).toEqual({ status: 'signedIn', viaSignIn: true });
    expect(notified).toBe(1);
  });

  test.each([
    ['NotAuthorizedException', 'ERR_INVALID_CREDENTIALS'],
    ['UserNotFoundException', 'ERR_INVALID_CREDENTIALS'],
    ['NetworkError', 'ERR_NETWORK'],
    ['InternalErrorException', 'ERR_INTERNAL_SERVER_ERROR'],
  ])('refuses a sign-in Cognito rejects with %s as %s and stays signed out', async (name, code) => {
    const store = createAuthStore(fakeBackend({ signIn: () => Promise.reject(namedError(name)) }).backend);
    await store.restore();

    const error = await store.signIn('ana@example.com', 'wrong').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SignInError);
    expect(error).toMatchObject({ code });
    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'noSession' });
  });

  test('refuses a sign-in that needs another step, which the app does not offer', async () => {
    const store = createAuthStore(fakeBackend({ signIn: async () => false }).backend);

    await expect(store.signIn('ana@example.com', 'Secret123')).rejects.toMatchObject({ code: 'ERR_SIGN_IN_INCOMPLETE' });
  });

  test('marks an explicit logout apart from an expired session', async () => {
    const store = createAuthStore(fakeBackend({ hasSession: async () => true }).backend);
    await store.restore();

    await store.signOut();

    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'loggedOut' });
  });

  test('ends an expired session once even when several calls fail together', async () => {
    const { backend, calls } = fakeBackend({ hasSession: async () => true });
    const store = createAuthStore(backend);
    await store.restore();

    await Promise.all([store.expire(), store.expire()]);
    await store.expire();

    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'expired' });
    expect(calls.signOut).toBe(1);
  });

  test('ends a session replaced on another computer as replaced, not expired, even when a refused call ends it first', async () => {
    // Prepare
    const { backend, calls } = fakeBackend({ hasSession: async () => true });
    const store = createAuthStore(backend);
    await store.restore();

    // Act: the notice is shown, then a call answered 401 ends the session before the notice's delay does.
    store.markReplaced();
    await store.expire();
    await store.expire();

    // Assess
    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'replaced' });
    expect(calls.signOut).toBe(1);
  });

  test('forgets that the session was replaced once the user signs in again', async () => {
    const store = createAuthStore(fakeBackend({ hasSession: async () => true }).backend);
    await store.restore();
    store.markReplaced();
    await store.expire();

    await store.signIn('ana@example.com', 'Secret123');
    await store.expire();

    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'expired' });
  });

  test('holds back a refusal while the user’s own new password is on its way, then ends the session as a password change', async () => {
    // Prepare
    const { backend, calls } = fakeBackend({ hasSession: async () => true });
    const store = createAuthStore(backend);
    await store.restore();

    // Act: the closed socket's reconnect is refused before the answer arrives and the dialog has closed.
    store.markPasswordChange(true);
    await store.expire();
    const meanwhile = store.getState();
    await store.endAfterPasswordChange();

    // Assess
    expect(meanwhile).toEqual({ status: 'signedIn', viaSignIn: false });
    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'passwordChanged' });
    expect(calls.signOut).toBe(1);
  });

  test('ends the session as expired when the password change failed after a refusal was held back', async () => {
    const store = createAuthStore(fakeBackend({ hasSession: async () => true }).backend);
    await store.restore();

    store.markPasswordChange(true);
    await store.expire();
    store.markPasswordChange(false);
    await until(() => store.getState().status === 'signedOut');

    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'expired' });
  });

  test('keeps the session after a failed password change when nothing was refused', async () => {
    const store = createAuthStore(fakeBackend({ hasSession: async () => true }).backend);
    await store.restore();

    store.markPasswordChange(true);
    store.markPasswordChange(false);

    expect(store.getState()).toEqual({ status: 'signedIn', viaSignIn: false });
  });

  test('forgets a password change once the user signs in again', async () => {
    const store = createAuthStore(fakeBackend({ hasSession: async () => true }).backend);
    await store.restore();
    store.markPasswordChange(true);
    await store.endAfterPasswordChange();

    await store.signIn('ana@example.com', 'NewSecret123');
    await store.expire();

    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'expired' });
  });

  test('signs out locally even when revoking the token fails', async () => {
    const store = createAuthStore(
      fakeBackend({ hasSession: async () => true, signOut: () => Promise.reject(new Error('offline')) }).backend,
    );
    await store.restore();

    await store.signOut();

    expect(store.getState()).toEqual({ status: 'signedOut', reason: 'loggedOut' });
  });
});
