/**
 * The app's only contact with aws-amplify: configures Cognito from the runtime config and adapts
 * Amplify's Auth API to the AuthBackend port. Tokens stay in Amplify's local storage, so a reload keeps
 * the session (spec 1 §4.4 "the token is kept locally").
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import type { RuntimeConfig } from '../config';
import type { AuthBackend } from './auth-store';

export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint !== undefined && { userPoolEndpoint: config.cognitoEndpoint }),
        loginWith: { email: true },
      },
    },
  });
}

export const amplifyAuthBackend: AuthBackend = {
  async hasSession() {
    await getCurrentUser();
    return true;
  },
  async signIn(email, password) {
    const { signInWithPassword } = await import('./amplify-sign-in');
    return signInWithPassword(email, password);
  },
  async signOut() {
    await signOut();
  },
  async getAccessToken() {
    try {
      const session = await fetchAuthSession();
      return session.tokens?.accessToken.toString();
    } catch {
      // A refresh Cognito refuses: the call goes out without a token, the gateway answers 401 and the
      // client ends the session, the same path as any other expired session.
      return undefined;
    }
  },
};
