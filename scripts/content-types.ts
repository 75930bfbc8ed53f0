/**
 * The content type of each kind of file the built web app is made of, for the servers that serve the
 * build locally: the benchmark's (bench-web.ts) and the browser tests' (test/support/web-server.ts).
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
