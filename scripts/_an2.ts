import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
const want = readFileSync('/tmp/wbtmp/tickets-chunks.txt', 'utf8').split('\n').filter(Boolean);
const out: any = await build({ configFile: process.cwd() + '/web/vite.config.ts', logLevel: 'warn', build: { write: false } });
const rows: [string, number][] = [];
for (const o of (Array.isArray(out) ? out : [out])) for (const c of o.output) {
  if (c.type !== 'chunk' || !want.some((w) => c.fileName === `assets/${w}-${c.fileName.slice(-11)}` || c.fileName.startsWith(`assets/${w}-`) && c.fileName.length - `assets/${w}-`.length === 11)) continue;
  for (const [id, m] of Object.entries(c.modules as Record<string, any>)) rows.push([id.replace(/.*node_modules\//, '').replace(/.*webbench\//, ''), gzipSync(m.code ?? '').length / 1024]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [id, s] of rows.filter(([id]) => !process.env.FILTER || id.includes(process.env.FILTER)).slice(0, Number(process.env.TOP ?? 60))) console.log(s.toFixed(2).padStart(6), id);
