/**
 * The local cloud as a whole (infra/local/cloud.ts): how it loads the backend's handler modules.
 */
import { loadFunctionHandler, startLocalCloud, type LocalCloud } from '../../../infra/local/cloud';
import { DEMO_CLOUD_ACCOUNT } from '../../../infra/local/graph-simulator';
import type { AnyHandler } from '../../../infra/local/lambda';
import { ENV } from '../../../infra/resources/environment';

const RANDOM_PORTS = { web: 0, http: 0, ws: 0, dynamodb: 0, s3: 0, sqs: 0, cognito: 0, scheduler: 0 };

describe('the local cloud', () => {
  let cloud: LocalCloud | undefined;

  afterEach(async () => {
    await cloud?.stop();
    cloud = undefined;
  });

  test('loads a handler module once and reuses it for every later request, as a warm Lambda does', async () => {
    // Prepare
    const loads = new Map<string, number>();
    const countingLoader = async (module: string): Promise<AnyHandler> => {
      loads.set(module, (loads.get(module) ?? 0) + 1);
      return loadFunctionHandler(module);
    };
    cloud = await startLocalCloud({ ports: RANDOM_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0, loadHandler: countingLoader });

    // Act
    const statuses: number[] = [];
    for (let request = 0; request < 3; request += 1) {
      const response = await fetch(`${cloud.config.apiUrl}/version`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }

    // Assess
    expect(statuses).toEqual([200, 200, 200]);
    expect(loads.get('http/version')).toBe(1);
  });

  test('loads a handler module again after a failed load, as a new Lambda container would', async () => {
    // Prepare
    let attempts = 0;
    const flakyLoader = async (module: string): Promise<AnyHandler> => {
      if (module !== 'http/version') return loadFunctionHandler(module);
      attempts += 1;
      if (attempts === 1) throw new Error('the first load fails');
      return loadFunctionHandler(module);
    };
    cloud = await startLocalCloud({ ports: RANDOM_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0, loadHandler: flakyLoader });

    // Act
    const first = await fetch(`${cloud.config.apiUrl}/version`);
    await first.arrayBuffer();
    const second = await fetch(`${cloud.config.apiUrl}/version`);
    await second.arrayBuffer();

    // Assess
    expect([first.status, second.status]).toEqual([500, 200]);
    expect(attempts).toBe(2);
  });

  test("points the backend's Cloud API root at its Graph API simulator, which knows the demo account", async () => {
    // Prepare
    cloud = await startLocalCloud({ ports: RANDOM_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0 });

    // Act
    const answer = await fetch(`${process.env[ENV.whatsappCloudApiUrl] ?? ''}/${DEMO_CLOUD_ACCOUNT.phoneNumberId}`, {
      headers: { authorization: `Bearer ${DEMO_CLOUD_ACCOUNT.accessToken}` },
    });

    // Assess
    expect(process.env[ENV.whatsappCloudApiUrl]).toBe(cloud.urls.graph);
    expect(cloud.urls.graph).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v21\.0$/);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: DEMO_CLOUD_ACCOUNT.phoneNumberId, verified_name: DEMO_CLOUD_ACCOUNT.verifiedName });
  });
});
