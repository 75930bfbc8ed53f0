/**
 * Serves the web app locally: Vite's dev server, in-process, with the app's own vite.config.ts, plus
 * `GET /config.json` answered with the local cloud's endpoints. The deployed stack writes the same file
 * next to the bundle, so the app reads its configuration the same way in both places.
 */
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type Plugin } from 'vite';
import type { RuntimeConfig } from '../../shared/runtime-config';


export interface StartWebOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  readonly config: RuntimeConfig;
}

export interface RunningWeb {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

// Resolved from this file, not from the working directory, so any script or test can start the app.
const VITE_CONFIG = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

/** Answers the runtime configuration; never cached, so a restarted cloud's new ports are seen. */
function runtimeConfigPlugin(config: RuntimeConfig): Plugin {
  const body = JSON.stringify(config);
  return {
    name: 'local-runtime-config',
    configureServer(server) {
      server.middlewares.use('/config.json', (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          next();
          return;
        }
        res.statusCode = 200;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    },
  };
}

export async function startWeb({ port, host = 'localhost', config }: StartWebOptions): Promise<RunningWeb> {
  const server = await createServer({
    configFile: VITE_CONFIG,
    // The local cloud prints its own summary; Vite must not wipe it or repeat the URLs.
    clearScreen: false,
    logLevel: 'warn',
    server: { port, host, strictPort: true },
    plugins: [runtimeConfigPlugin(config)],
  });
  try {
    await server.listen();
  } catch (error) {
    await server.close();
    throw error;
  }

  const address = server.httpServer?.address() as AddressInfo | null | undefined;
  if (address == null) {
    await server.close();
    throw new Error('The web dev server did not report its address');
  }
  // A wildcard address is where it listens, not where a browser can go.
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    url: `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${address.port}`,
    port: address.port,
    stop: () => server.close(),
  };
}
