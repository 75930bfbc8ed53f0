/**
 * The signed-in state of the app, kept outside React so the API client can end the session on a 401
 * without reaching into components. React reads it with `useSyncExternalStore` (see useAuth); route
 * guards react to it, so ending the session anywhere sends the user to /login.
 */
import { signInErrorCode, type SignInErrorCode } from './sign-in-error';

/** The identity operations the store needs; Amplify in the app (see amplify.ts), a fake in tests. */
export interface AuthBackend {
  /** Whether tokens of a signed-in user are stored locally; a rejection counts as no. */
  hasSession(): Promise<boolean>;
  /** Resolves true when signed in, false when Cognito asks for another step; rejects on refusal. */
  signIn(email: string, password: string): Promise<boolean>;
  signOut(): Promise<void>;
  getAccessToken(): Promise<string | undefined>;
}

/**
 * `viaSignIn` tells a sign-in on the login page (go where the user was heading) from a session restored
 * at start (a public page just sends the user home). `reason` tells the guards and the login page why
 * there is no session: none yet, the server ended it (say so, and return afterwards), the account was
 * opened on another computer (the user was told already: return afterwards, nothing more to say), the
 * user changed their own password (the server ends every sign-in of the account: say so, and return
 * afterwards), or the user left.
 */
export type AuthState =
  | { readonly status: 'checking' }
  | { readonly status: 'signedIn'; readonly viaSignIn: boolean }
  | { readonly status: 'signedOut'; readonly reason: SignedOutReason };

export type SignedOutReason = 'noSession' | 'expired' | 'replaced' | 'passwordChanged' | 'loggedOut';

/** A refused sign-in, with the code the login screen shows. */
export class SignInError extends Error {
  override readonly name = 'SignInError';

  constructor(readonly code: SignInErrorCode) {
    super(code);
  }
}

export interface AuthStore {
  readonly getState: () => AuthState;
  readonly subscribe: (listener: () => void) => () => void;
  /** Reads the locally stored session once at start. */
  readonly restore: () => Promise<void>;
  /**
   * Throws a SignInError when Cognito refuses. `confirm`, when given, runs once the tokens are there and
   * before the session counts as started (guards see nothing yet): if it rejects, the tokens are
   * dropped and its error is rethrown as it came. The login uses it to let the server refuse a company
   * whose subscription has expired (spec 1 §4.4).
   */
  readonly signIn: (email: string, password: string, confirm?: () => Promise<void>) => Promise<void>;
  readonly signOut: () => Promise<void>;
  /**
   * Ends a session the server no longer accepts; concurrent calls share one sign-out. The reason is
   * 'expired', or 'replaced' once `markReplaced` was called.
   */
  readonly expire: () => Promise<void>;
  /**
   * The account was opened on another computer and the user has been told so: the session is over, and
   * however it ends now (the notice's delay, or a call the server refuses with 401 meanwhile), it ends
   * as 'replaced', so the login page does not add that it expired. A new sign-in clears the mark.
   */
  readonly markReplaced: () => void;
  /**
   * The user is sending a new password of their own (`true`), or that request failed (`false`). A new
   * password ends every sign-in of the account on the server, so calls refused meanwhile (the socket's
   * reconnect, a list's refetch) do not end the session: the profile dialog ends it itself once it has
   * closed (endAfterPasswordChange), for a page swapped under an open modal would stay hidden from
   * screen readers. Should the request fail, a refusal held back meanwhile ends the session then.
   */
  readonly markPasswordChange: (pending: boolean) => void;
  /** Ends the session after the user's own new password was saved: the login page asks for the new one. */
  readonly endAfterPasswordChange: () => Promise<void>;
  readonly getAccessToken: () => Promise<string | undefined>;
}

export function createAuthStore(backend: AuthBackend): AuthStore {
  let state: AuthState = { status: 'checking' };
  const listeners = new Set<() => void>();

  function setState(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  let ending: Promise<void> | undefined;
  /** Set by markReplaced until the next sign-in. */
  let replaced = false;
  /** Set by markPasswordChange while the user's own new password is on its way. */
  let passwordChange = false;
  /** A refusal that arrived meanwhile, held back until the password change ends one way or the other. */
  let heldBack = false;

  /** Never rejects: whatever happens remotely, this browser must stop acting as signed in. */
  function endSession(reason: SignedOutReason): Promise<void> {
    ending ??= Promise.resolve()
      .then(() => backend.signOut())
      .catch(() => undefined)
      .then(() => {
        ending = undefined;
        setState({ status: 'signedOut', reason });
      });
    return ending;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async restore() {
      const signedIn = await backend.hasSession().catch(() => false);
      setState(signedIn ? { status: 'signedIn', viaSignIn: false } : { status: 'signedOut', reason: 'noSession' });
    },
    async signIn(email, password, confirm) {
      let done: boolean;
      try {
        done = await backend.signIn(email, password);
      } catch (error) {
        throw new SignInError(signInErrorCode(error));
      }
      if (!done) throw new SignInError('ERR_SIGN_IN_INCOMPLETE');
      if (confirm !== undefined) {
        try {
          await confirm();
        } catch (error) {
          // The state never said signed in, so nobody needs telling; only the stored tokens must go.
          await backend.signOut().catch(() => undefined);
          throw error;
        }
      }
      replaced = false;
      passwordChange = false;
      heldBack = false;
      setState({ status: 'signedIn', viaSignIn: true });
    },
    signOut: () => endSession('loggedOut'),
    async expire() {
      // Several calls may fail with 401 at once, and late answers may arrive after the end.
      if (state.status === 'signedOut') return;
      if (passwordChange) {
        heldBack = true;
        return;
      }
      await endSession(replaced ? 'replaced' : 'expired');
    },
    markReplaced() {
      replaced = true;
    },
    markPasswordChange(pending) {
      passwordChange = pending;
      if (!pending && heldBack) {
        heldBack = false;
        if (state.status !== 'signedOut') void endSession(replaced ? 'replaced' : 'expired');
      }
    },
    async endAfterPasswordChange() {
      passwordChange = false;
      heldBack = false;
      if (state.status === 'signedOut') return;
      await endSession('passwordChanged');
    },
    getAccessToken: () => backend.getAccessToken(),
  };
}
