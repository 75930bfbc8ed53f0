/**
 * The app's only contact with aws-amplify: configures Cognito from the runtime config and adapts
 * Amplify's Auth API to the AuthBackend port. Tokens stay in Amplify's local storage, so a reload keeps
 * the session (spec 1 §4.4 "the token is kept locally").
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import { ConsoleLogger } from 'aws-amplify/utils';
import type { RuntimeConfig } from '../config';
import type { AuthBackend } from './auth-store';

export function configureAmplify(config: RuntimeConfig): void {
  const configure = () =>
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
  if (config.cognitoEndpoint === undefined) configure();
  else withoutEndpointWarning(configure);
}

/**
 * Amplify warns on every configure with a custom Cognito endpoint ('ensure the endpoint is correct'):
 * a caution about an endpoint typed by hand, printed on every page load of the local stage, whose
 * endpoint the local cloud itself writes into /config.json (on AWS there is none). Its logger keeps
 * only errors while our configuration is read, and its level is put back at once.
 */
function withoutEndpointWarning(configure: () => void): void {
  const level = ConsoleLogger.LOG_LEVEL;
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    configure();
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
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
