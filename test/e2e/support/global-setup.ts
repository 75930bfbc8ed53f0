/**
 * Once per run of the browser tests: the web app built for production into a temporary folder, which
 * every test file then serves beside its own local cloud (web-server.ts). A built bundle is a few
 * dozen files a page loads in well under a second, where Vite's dev server sends hundreds of modules
 * to every fresh browser context; and it is what the stack deploys.
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_BUILD_ENV } from './web-server';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VITE = fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url));

export default async function globalSetup(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'atende-e2e-web-'));
  // Vite in its own process: inside Jest's module sandbox its bundler refuses its own plugin objects.
  const child = spawn(
    process.execPath,
    [VITE, 'build', '--config', 'web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Building the web app for the browser tests failed (exit ${code}):\n${output}`);
  // Test workers start after this and inherit the environment.
  process.env[WEB_BUILD_ENV] = outDir;
}
