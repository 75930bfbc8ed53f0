/**
 * Amplify's sign-in, in a module of its own that amplify.ts loads when a sign-in starts: its code (the
 * challenge flows, SRP and passkey helpers Amplify bundles with it) is a third of Amplify's, and no page
 * needs it once the user is signed in.
 */
import { signIn } from 'aws-amplify/auth';

export async function signInWithPassword(email: string, password: string): Promise<boolean> {
  // cognito-local supports only USER_PASSWORD_AUTH, and using it on AWS too keeps one code path.
  const result = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  return result.isSignedIn;
}
