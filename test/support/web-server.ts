/**
 * Serves the built web app (test/e2e/support/global-setup.ts) to the browser tests as CloudFront serves
 * it: the files of the bundle, `index.html` for every other path (the app routes in the browser), and
 * `/config.json` with the endpoints of its local cloud, as the stack writes it next to the bundle; the
 * hashed assets kept by the browser, as the stage serves them.
 *
 * It listens at once, before the build (which runs in the background) has ended: a cloud needs the
 * port to allow the app's origin. Requests wait for the build.
 */
import { access, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { builtFileCacheControl, builtFileContentType, JSON_CONTENT_TYPE } from '../../scripts/content-types';

/** The environment variable naming the build's folder, set by global-setup.ts: the app is in its `web/`. */
export const WEB_BUILD_ENV = 'ATENDE_E2E_WEB_BUILD';
/** Left in that folder when the build has ended well, or with its output when it failed. */
export const BUILT_MARKER = 'built';
export const BUILD_FAILED_MARKER = 'build-failed.txt';
const BUILD_TIMEOUT_MS = 5 * 60_000;

/** The built app's folder, once the build global-setup.ts started in the background has ended. */
export async function builtWebRoot(): Promise<string> {
  const workDir = process.env[WEB_BUILD_ENV];
  if (!workDir) throw new Error(`${WEB_BUILD_ENV} is not set: the e2e project's globalSetup builds the web app (run through jest)`);
  const exists = (name: string) => access(join(workDir, name)).then(() => true, () => false);
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!(await exists(BUILT_MARKER))) {
    if (await exists(BUILD_FAILED_MARKER)) throw new Error(await readFile(join(workDir, BUILD_FAILED_MARKER), 'utf8'));
    if (Date.now() > deadline) throw new Error(`the web app's build did not end within ${BUILD_TIMEOUT_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return join(workDir, 'web');
}

export interface BuiltWebServer {
  readonly url: string;
  readonly port: number;
  /** What `/config.json` answers from now on: known only once the cloud, which needs the port, is up. */
  setConfig(config: RuntimeConfig): void;
  stop(): Promise<void>;
}

export async function serveBuiltWeb(): Promise<BuiltWebServer> {
  let root: Promise<string> | undefined;
  let config: RuntimeConfig | undefined;

  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path === '/config.json') {
      response.writeHead(config ? 200 : 503, { 'content-type': JSON_CONTENT_TYPE, 'cache-control': 'no-store' });
      response.end(JSON.stringify(config ?? {}));
      return;
    }
    root ??= builtWebRoot();
    root.then(
      (folder) => {
        const file = normalize(join(folder, path));
        // Nothing outside the bundle; a path without a file of its own is a route of the app.
        const inside = file.startsWith(folder + sep);
        const served = inside && extname(file) !== '' ? file : join(folder, 'index.html');
        return readFile(served).then(
          (body) => {
            const cacheControl = builtFileCacheControl(served === file ? path : '/index.html');
            response.writeHead(200, { 'content-type': builtFileContentType(served), 'cache-control': cacheControl });
            response.end(body);
          },
          () => {
            response.writeHead(404, { 'content-type': 'text/plain' });
            response.end('not found');
          },
        );
      },
      (error: unknown) => {
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    // localhost, as a user opens it: the cloud allows this origin (and 127.0.0.1) for the port.
    url: `http://localhost:${port}`,
    port,
    setConfig: (next) => (config = next),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
