import { build } from 'vite';
import { gzipSync } from 'node:zlib';
const want = process.argv[2]!;
const out: any = await build({ configFile: process.cwd() + '/web/vite.config.ts', logLevel: 'warn', build: { write: false } });
for (const o of (Array.isArray(out) ? out : [out])) for (const c of o.output) {
  if (c.type !== 'chunk' || !c.fileName.includes(`/${want}-`)) continue;
  console.log(c.fileName, (gzipSync(c.code).length / 1024).toFixed(1));
  const rows = Object.entries(c.modules as Record<string, any>).map(([id, m]) => [id.replace(/.*node_modules\//, '').replace(/.*webbench\//, ''), gzipSync(m.code ?? '').length / 1024] as const).sort((a, b) => b[1] - a[1]);
  for (const [id, s] of rows.slice(0, Number(process.env.TOP ?? 40))) console.log(s.toFixed(2).padStart(6), id);
}
