/**
 * Amplify's configuration from the runtime config (issue 27): the local stage's Cognito endpoint no
 * longer prints Amplify's custom-endpoint warning on every page load, and Amplify's own logging level is
 * left as it was.
 */
import { jest } from '@jest/globals';
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { configureAmplify } from '../../../../web/src/auth/amplify';
import type { RuntimeConfig } from '../../../../web/src/config';

const config = (cognitoEndpoint?: string): RuntimeConfig => ({
  apiUrl: 'http://localhost:1',
  wsUrl: 'ws://localhost:2',
  region: 'us-east-1',
  userPoolId: 'us-east-1_local',
  userPoolClientId: 'client',
  ...(cognitoEndpoint !== undefined && { cognitoEndpoint }),
});

describe('configureAmplify', () => {
  test("configures the local stage's Cognito endpoint without Amplify's warning, and leaves its log level as it was", () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      configureAmplify(config('http://localhost:9229'));

      expect(warn).not.toHaveBeenCalled();
      expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe('http://localhost:9229');
      expect(ConsoleLogger.LOG_LEVEL).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });

  test('configures the deployed stage, which has no custom endpoint, as it is', () => {
    configureAmplify(config());

    expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBeUndefined();
    expect(Amplify.getConfig().Auth?.Cognito.userPoolId).toBe('us-east-1_local');
  });
});
