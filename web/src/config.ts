/**
 * The runtime configuration of the web app. It is fetched from `/config.json` at start, never baked into
 * the build, so one build serves every stage: the CDK app writes the file next to the bundle and the
 * local cloud serves it from the dev server.
 */

import type { RuntimeConfig } from '../../shared/runtime-config';

export type { RuntimeConfig };

/** Why the configuration could not be used; shown on the error screen to whoever deploys the app. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const REQUIRED_KEYS = ['apiUrl', 'wsUrl', 'region', 'userPoolId', 'userPoolClientId'] as const;

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Checks an untrusted value against the RuntimeConfig shape and returns a clean copy (unknown keys
 * dropped, trailing slashes of URLs removed so paths can be appended), or throws a ConfigError naming
 * every problem at once.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError('config.json is not a JSON object');
  }
  const input = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of REQUIRED_KEYS) {
    if (!isNonEmptyString(input[key])) problems.push(`${key} is missing or empty`);
  }
  const { apiUrl, wsUrl, cognitoEndpoint, simulatorEnabled } = input;
  if (isNonEmptyString(apiUrl) && !isUrl(apiUrl, ['http:', 'https:'])) problems.push('apiUrl is not an http(s) URL');
  if (isNonEmptyString(wsUrl) && !isUrl(wsUrl, ['ws:', 'wss:'])) problems.push('wsUrl is not a ws(s) URL');
  if (cognitoEndpoint !== undefined && !(isNonEmptyString(cognitoEndpoint) && isUrl(cognitoEndpoint, ['http:', 'https:']))) {
    problems.push('cognitoEndpoint is not an http(s) URL');
  }
  if (simulatorEnabled !== undefined && typeof simulatorEnabled !== 'boolean') problems.push('simulatorEnabled is not true or false');
  if (problems.length > 0) throw new ConfigError(`config.json is invalid: ${problems.join('; ')}`);

  // Every key was checked above; the casts only restate what the loop proved.
  const config: RuntimeConfig = {
    apiUrl: (apiUrl as string).replace(/\/+$/, ''),
    wsUrl: (wsUrl as string).replace(/\/+$/, ''),
    region: input.region as string,
    userPoolId: input.userPoolId as string,
    userPoolClientId: input.userPoolClientId as string,
  };
  return {
    ...config,
    ...(isNonEmptyString(cognitoEndpoint) && { cognitoEndpoint }),
    ...(simulatorEnabled === true && { simulatorEnabled }),
  };
}

/** Fetches and validates `/config.json`; `no-store` so a redeploy with new endpoints is seen at once. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchFn('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ConfigError(`config.json could not be fetched: ${String(error)}`);
  }
  if (!response.ok) throw new ConfigError(`config.json answered HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError('config.json is not valid JSON');
  }
  return parseRuntimeConfig(body);
}
