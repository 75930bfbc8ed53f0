/**
 * The content type of each kind of file the built web app is made of, and how long a browser keeps it,
 * for the servers that serve the build locally as CloudFront serves it (infra/stacks/constructs/
 * web-deployment.ts): the benchmark's (bench-web.ts) and the browser tests' (test/support/web-server.ts).
 */
import { extname } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
};

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** The content type of a built file by its name; bytes of an unknown kind otherwise. */
export function builtFileContentType(path: string): string {
  return CONTENT_TYPES[extname(path)] ?? 'application/octet-stream';
}

/**
 * A built file's Cache-Control, as the stage deploys it: Vite's `assets/` are named by their content
 * hash, so a browser keeps them for good; any other file (index.html, the favicon) is asked for again.
 */
export function builtFileCacheControl(pathname: string): string {
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
