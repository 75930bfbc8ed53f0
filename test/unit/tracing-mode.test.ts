/**
 * The X-Ray SDK's mode chosen before it loads (functions/core/tracing-mode.ts): manual, without its
 * process-wide async hook, wherever nothing is traced; automatic under a traced Lambda. Each case loads
 * the tracer in a fresh Node process, since the choice is made once, at load.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function xrayModeWith(env: Record<string, string>): Promise<{ manualMode: string | null; hooked: boolean }> {
  const script = `
    import { tracer } from './functions/core/tracer.ts';
    const xray = (await import('aws-xray-sdk-core')).default;
    console.log(JSON.stringify({ manualMode: process.env.AWS_XRAY_MANUAL_MODE ?? null, hooked: xray.isAutomaticMode(), enabled: tracer.isTracingEnabled() }));
  `;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['AWS_LAMBDA_FUNCTION_NAME', 'AWS_XRAY_MANUAL_MODE', 'POWERTOOLS_TRACE_ENABLED'].includes(name)));
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    env: { ...clean, ...env },
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { manualMode: string | null; hooked: boolean };
}

describe('the X-Ray mode', () => {
  it('is manual, with no async hook, outside Lambda (the session host, the local cloud, the tests)', async () => {
    expect(await xrayModeWith({})).toMatchObject({ manualMode: 'true', hooked: false });
  });

  it('is manual on a Lambda whose tracing is turned off', async () => {
    expect(await xrayModeWith({ AWS_LAMBDA_FUNCTION_NAME: 'fn', POWERTOOLS_TRACE_ENABLED: 'false' })).toMatchObject({ manualMode: 'true', hooked: false });
  });

  it('stays automatic on a traced Lambda, where Powertools needs it', async () => {
    expect(await xrayModeWith({ AWS_LAMBDA_FUNCTION_NAME: 'fn' })).toMatchObject({ manualMode: null, hooked: true });
  });
});
