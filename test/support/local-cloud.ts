/**
 * Test harness: the local cloud on random ports with throwaway data, the demo data seeded, and small
 * clients to sign in and call the APIs as a browser would.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { startLocalCloud, type LocalCloud, type LocalCloudOptions } from '../../infra/local/cloud';
import { DEMO_LOGIN, seedDemo } from '../../scripts/seed-demo';

export { DEMO_LOGIN };

export const RANDOM_PORTS = { web: 0, http: 0, ws: 0, dynamodb: 0, s3: 0, sqs: 0, cognito: 0, scheduler: 0 } as const;

export interface TestCloud extends LocalCloud {
  signIn(email: string, password: string): Promise<{ accessToken: string; refreshToken: string }>;
  // `any`: each test asserts on the shape of the body it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api(path: string, init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any }>;
}

export async function startTestCloud(options: Partial<LocalCloudOptions> & { seed?: boolean } = {}): Promise<TestCloud> {
  const cloud = await startLocalCloud({ ports: RANDOM_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0, ...options });
  try {
    if (options.seed !== false) await seedDemo();
  } catch (error) {
    await cloud.stop();
    throw error;
  }
  return withClients(cloud);
}

/** The cloud with a client to sign in through its Cognito and one to call its HTTP API as a browser does. */
export function withClients(cloud: LocalCloud): TestCloud {
  const cognito = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
  return {
    ...cloud,
    async signIn(email, password) {
      const { AuthenticationResult } = await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: cloud.config.userPoolClientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      return { accessToken: AuthenticationResult?.AccessToken ?? '', refreshToken: AuthenticationResult?.RefreshToken ?? '' };
    },
    async api(path, init = {}) {
      const response = await fetch(`${cloud.config.apiUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body };
    },
  };
}
