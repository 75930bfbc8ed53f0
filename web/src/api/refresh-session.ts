/**
 * The forced token refresh the API client asks for on a 403 (spec 1 §4.4), against Cognito through
 * Amplify. Kept beside the client rather than in the auth backend so the refresh rule lives with the
 * code that applies it; Amplify stores the new tokens itself.
 */
import { fetchAuthSession } from 'aws-amplify/auth';

/** True when Cognito issued fresh tokens, false when it refused; rejects when it could not be reached. */
export async function refreshCognitoSession(): Promise<boolean> {
  try {
    const session = await fetchAuthSession({ forceRefresh: true });
    return session.tokens?.accessToken !== undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'NetworkError') throw error;
    return false;
  }
}
