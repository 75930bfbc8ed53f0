/** After the browser tests: the temporary build of the web app goes (global-setup.ts made it). */
import { rm } from 'node:fs/promises';
import { WEB_BUILD_ENV } from './web-server';

export default async function globalTeardown(): Promise<void> {
  const outDir = process.env[WEB_BUILD_ENV];
  if (outDir) {
    await rm(outDir, { recursive: true, force: true });
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- process.env is a dictionary by nature, and the key a constant name
    delete process.env[WEB_BUILD_ENV];
  }
}
